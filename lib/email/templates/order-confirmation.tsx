import { Heading, Link, Section, Text } from "@react-email/components";
import { ActionLink, EmailLayout, mailFooterText, styles } from "@/lib/email/templates/layout";
import { OrderSummary, orderSummaryText } from "@/lib/email/templates/order-summary";
import { orderNumber } from "@/lib/orders/status";
import { formatIndiaDateTime } from "@/lib/time";
import { promiseWords } from "@/lib/store/words";
import { PAYMENT_METHOD_DISPLAY } from "@/lib/orders/schema";
import { mailPaymentWords } from "@/lib/payments/words";
import type { ApiOrder } from "@/lib/orders/types";
import { SITE } from "@/lib/site";

/**
 * `now`: when the mail is written, which "today" and "tomorrow" in the promise are seen from;
 * `fssai`: the kitchen's licence number for the footer (product.md §11), none on a fresh install;
 * `bill`: the address of the order's bill when it has one (paid online: billed when paid).
 */
type Props = { order: ApiOrder; url: string; now?: Date; fssai?: string | null; bill?: string };

/** "Paid by UPI" / "Pay ₹279 on delivery" (lib/payments/words.ts); the method alone for a job queued before orders had a payment. */
const paymentOf = (order: ApiOrder) => mailPaymentWords(order) ?? PAYMENT_METHOD_DISPLAY[order.paymentMethod];

/** "Arriving by 1:45 pm (India time)" or "Scheduled for Fri 27 Nov, 12:30–1:00 pm (India time)" (product.md §9). */
const promiseOf = (order: ApiOrder, now: Date | undefined) => `${promiseWords(order, now)} (India time)`;

/**
 * The same mail as plain text, written rather than converted from the HTML: converting
 * (html-to-text) was the largest cost of a placed order after its reply (bench/README.md).
 */
export function orderConfirmationText({ order, url, now, fssai, bill }: Props): string {
  const a = order.address;
  return [
    SITE.name,
    "",
    `Thank you, ${order.user.name}!`,
    "",
    `We have your order #${orderNumber(order.id)}, placed ${formatIndiaDateTime(order.createdAt)}.`,
    `${promiseOf(order, now)}.`,
    "",
    orderSummaryText(order),
    "",
    `Payment: ${paymentOf(order)}`,
    `Delivering to: ${a.name}, ${a.phone}, ${a.street}, ${a.city}, ${a.state} ${a.zip}`,
    "",
    `Track your order: ${url}`,
    "",
    ...(bill ? [`Your bill: ${bill}`, ""] : []),
    mailFooterText(fssai),
  ].join("\n");
}

/** Sent once an order is committed: what was ordered, where it goes, how it is paid, and when it arrives. */
export function OrderConfirmationEmail({ order, url, now, fssai, bill }: Props) {
  const number = orderNumber(order.id);
  const a = order.address;
  const promise = promiseOf(order, now);
  return (
    <EmailLayout preview={`Order #${number} placed: ${promise}`} fssai={fssai}>
      <Heading as="h1" style={styles.heading}>
        Thank you, {order.user.name}!
      </Heading>
      <Text style={styles.text}>
        We have your order #{number}, placed {formatIndiaDateTime(order.createdAt)}.
        <br />
        <strong>{promise}</strong>.
      </Text>

      <Section>
        <OrderSummary order={order} />
      </Section>

      <Text style={styles.text}>
        <strong>Payment:</strong> {paymentOf(order)}
      </Text>
      <Text style={styles.text}>
        <strong>Delivering to:</strong>
        <br />
        {a.name}, {a.phone}
        <br />
        {a.street}, {a.city}, {a.state} {a.zip}
      </Text>

      <ActionLink url={url}>Track your order</ActionLink>
      {bill && (
        <Text style={styles.text}>
          Your bill: <Link href={bill}>View your bill</Link> ({bill})
        </Text>
      )}
    </EmailLayout>
  );
}
