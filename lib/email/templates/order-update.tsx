import { Link, Section, Text } from "@react-email/components";
import { ActionLink, EmailLayout, MailOpening, mailFooterText, mailOpeningText, styles } from "@/lib/email/templates/layout";
import { OrderSummary, orderSummaryText } from "@/lib/email/templates/order-summary";
import type { ApiOrder } from "@/lib/orders/types";

// The layout of every mail about an order that has moved on (a new status, running late): a
// heading, a few sentences, the order's summary and a link to its page. Each mail writes its
// sentences once; the HTML and the text part both lay them out here, so the two cannot differ.

type OrderUpdateContent = { preview: string; heading: string; paragraphs: string[]; action: string };

/**
 * `fssai`: the licence number the footer shows (product.md §11); none on a fresh install.
 * `bill`: the address of the order's bill, on the delivered mail.
 * `creditNote`: the number and address of the credit note a refund was given, on the refund mail.
 */
type Props = {
  content: OrderUpdateContent;
  order: ApiOrder;
  url: string;
  fssai?: string | null;
  bill?: string;
  creditNote?: { number: string; url: string } | null;
};

export function orderUpdateText({ content, order, url, fssai, bill, creditNote }: Props): string {
  return [
    ...mailOpeningText(content.heading, content.paragraphs),
    ...(bill ? [`Your bill: ${bill}`, ""] : []),
    ...(creditNote ? [`Your credit note ${creditNote.number}: ${creditNote.url}`, ""] : []),
    orderSummaryText(order),
    "",
    `${content.action}: ${url}`,
    "",
    mailFooterText(fssai),
  ].join("\n");
}

export function OrderUpdateEmail({ content, order, url, fssai, bill, creditNote }: Props) {
  return (
    <EmailLayout preview={content.preview} fssai={fssai}>
      <MailOpening heading={content.heading} paragraphs={content.paragraphs} />
      {bill && (
        <Text style={styles.text}>
          Your bill: <Link href={bill}>View your bill</Link> ({bill})
        </Text>
      )}
      {creditNote && (
        <Text style={styles.text}>
          Your credit note: <Link href={creditNote.url}>Credit note {creditNote.number}</Link> ({creditNote.url})
        </Text>
      )}
      <Section style={{ margin: "8px 0 24px" }}>
        <OrderSummary order={order} />
      </Section>
      <ActionLink url={url}>{content.action}</ActionLink>
    </EmailLayout>
  );
}
