import type { ReactNode } from "react";
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import { SITE, SITE_MAIL_FOOTER } from "@/lib/site";
import { fssaiLine } from "@/lib/billing/words";

const brand = "#15803d";

export const styles = {
  heading: { fontSize: "22px", color: "#14532d", margin: "0 0 16px" },
  text: { fontSize: "15px", lineHeight: "24px", color: "#1f2937" },
  button: {
    backgroundColor: brand,
    color: "#ffffff",
    borderRadius: "8px",
    padding: "12px 20px",
    fontWeight: 600,
    textDecoration: "none",
    display: "inline-block",
  },
  muted: { fontSize: "13px", lineHeight: "20px", color: "#6b7280" },
};

/**
 * The footer's lines: the shop, and on a mail about an order (`fssai` given) the kitchen's FSSAI
 * number (product.md §11), "not yet entered" while there is none, as the details stood when the
 * mail was written (lib/email/compose.ts reads them).
 */
function mailFooterLines(fssai?: string | null): string[] {
  return [SITE_MAIL_FOOTER, ...(fssai === undefined ? [] : [fssaiLine(fssai)])];
}

/** The footer of a mail's text part. */
export const mailFooterText = (fssai?: string | null) => mailFooterLines(fssai).join("\n");

type LayoutProps = { preview: string; children: ReactNode; fssai?: string | null };

export function EmailLayout({ preview, children, fssai }: LayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: "#f0fdf4", fontFamily: "Helvetica, Arial, sans-serif", margin: 0, padding: "24px 0" }}>
        <Container style={{ backgroundColor: "#ffffff", borderRadius: "12px", padding: "32px", maxWidth: "560px" }}>
          <Text style={{ fontSize: "20px", fontWeight: 700, color: brand, margin: "0 0 24px" }}>🥗 {SITE.name}</Text>
          <Section>{children}</Section>
          <Hr style={{ borderColor: "#e5e7eb", margin: "32px 0 16px" }} />
          {mailFooterLines(fssai).map((line) => (
            <Text key={line} style={{ ...styles.muted, margin: "0 0 4px" }}>
              {line}
            </Text>
          ))}
        </Container>
      </Body>
    </Html>
  );
}

/** The mail's one action: a button, and the same link written out for clients that do not show buttons. */
export function ActionLink({ url, children }: { url: string; children: ReactNode }) {
  return (
    <>
      <Button href={url} style={styles.button}>
        {children}
      </Button>
      <Text style={styles.muted}>
        Or open this link: <Link href={url}>{url}</Link>
      </Text>
    </>
  );
}

/** MailOpening as plain text: the shop's name, the heading, and each paragraph, a blank line after each. */
export const mailOpeningText = (heading: string, paragraphs: readonly string[]): string[] => [
  SITE.name,
  "",
  heading,
  "",
  ...paragraphs.flatMap((p) => [p, ""]),
];

/** A mail's heading and its paragraphs, the same in every mail that says a few lines before its details. */
export function MailOpening({ heading, paragraphs }: { heading: string; paragraphs: readonly string[] }) {
  return (
    <>
      <Heading as="h1" style={styles.heading}>
        {heading}
      </Heading>
      {paragraphs.map((p) => (
        <Text key={p} style={styles.text}>
          {p}
        </Text>
      ))}
    </>
  );
}
