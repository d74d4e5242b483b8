import { Text } from "@react-email/components";
import { ActionLink, EmailLayout, MailOpening, mailFooterText, mailOpeningText, styles } from "@/lib/email/templates/layout";
import { CATEGORY_LABELS, type ApiComplaint } from "@/lib/complaints/types";
import { formatIndiaDate } from "@/lib/time";
import { SITE } from "@/lib/site";

// The mails about a complaint (product.md §11; Consumer Protection (E-Commerce) Rules 2020,
// r.4(5)(b)): its acknowledgement at once, naming the ticket and when it will be resolved by, and
// the resolution once an admin gives it. Written once as sentences, which the HTML and the text
// part both lay out.

export type ComplaintMailProps = {
  complaint: ApiComplaint;
  /** The customer's help page, where they can write again. */
  url: string;
  /** The order's code ("#AB12CD34") when the complaint is about one. */
  orderCode: string | null;
};

type Content = { preview: string; heading: string; paragraphs: string[]; quote: { label: string; text: string }; action: string };

export const complaintAcknowledgedSubject = (c: Pick<ApiComplaint, "number">) => `We have your complaint ${c.number} (${SITE.name})`;
export const complaintResolvedSubject = (c: Pick<ApiComplaint, "number">) => `Your complaint ${c.number} is resolved (${SITE.name})`;

const about = ({ complaint, orderCode }: ComplaintMailProps) =>
  `${CATEGORY_LABELS[complaint.category]}${orderCode ? `, about order ${orderCode}` : ""}`;

function acknowledged(props: ComplaintMailProps): Content {
  const { complaint } = props;
  const by = formatIndiaDate(complaint.resolveBy);
  return {
    preview: `Ticket ${complaint.number}: we will resolve it by ${by}`,
    heading: `We have your complaint: ticket ${complaint.number}`,
    paragraphs: [
      `Thank you for telling us, ${complaint.user.name}. Your ticket number is ${complaint.number} (${about(props)}).`,
      `We will look into it and write to you with what we have done by ${by} at the latest. Please quote ${complaint.number} if you write to us about it.`,
    ],
    quote: { label: "What you told us", text: complaint.description },
    action: "Get help",
  };
}

function resolved(props: ComplaintMailProps): Content {
  const { complaint } = props;
  return {
    preview: `Ticket ${complaint.number} is resolved`,
    heading: `Your complaint ${complaint.number} is resolved`,
    paragraphs: [
      `${complaint.user.name}, we have resolved your complaint ${complaint.number} (${about(props)}).`,
      `Not happy with how we resolved it? Reply through our help page and quote ${complaint.number}.`,
    ],
    quote: { label: "What we did", text: complaint.resolution ?? "" },
    action: "Get help",
  };
}

function text(content: Content, url: string): string {
  return [
    ...mailOpeningText(content.heading, content.paragraphs),
    `${content.quote.label}:`,
    content.quote.text,
    "",
    `${content.action}: ${url}`,
    "",
    mailFooterText(),
  ].join("\n");
}

function Mail({ content, url }: { content: Content; url: string }) {
  return (
    <EmailLayout preview={content.preview}>
      <MailOpening heading={content.heading} paragraphs={content.paragraphs} />
      <Text style={{ ...styles.text, fontWeight: 600, margin: "16px 0 4px" }}>{content.quote.label}:</Text>
      <Text style={{ ...styles.text, whiteSpace: "pre-line", borderLeft: "3px solid #e5e7eb", paddingLeft: "12px" }}>
        {content.quote.text}
      </Text>
      <ActionLink url={url}>{content.action}</ActionLink>
    </EmailLayout>
  );
}

export const complaintAcknowledgedText = (props: ComplaintMailProps) => text(acknowledged(props), props.url);
export const ComplaintAcknowledgedEmail = (props: ComplaintMailProps) => <Mail content={acknowledged(props)} url={props.url} />;
export const complaintResolvedText = (props: ComplaintMailProps) => text(resolved(props), props.url);
export const ComplaintResolvedEmail = (props: ComplaintMailProps) => <Mail content={resolved(props)} url={props.url} />;
