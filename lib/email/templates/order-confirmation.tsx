import { Heading, Section, Text } from "@react-email/components";
import { ActionLink, EmailLayout, styles } from "@/lib/email/templates/layout";
import { OrderSummary, orderSummaryText } from "@/lib/email/templates/order-summary";
import { orderNumber, READY_IN_WORDS } from "@/lib/orders/status";
import { formatIndiaDateTime, formatIndiaTime } from "@/lib/time";
import { PAYMENT_METHOD_DISPLAY } from "@/lib/orders/schema";
import type { ApiOrder } from "@/lib/orders/types";
import { SITE, SITE_MAIL_FOOTER } from "@/lib/site";

type Props = { order: ApiOrder; url: string; readyAt: string };

/**
 * The same mail as plain text, written rather than converted from the HTML: converting took
 * ~1.4 ms of CPU per order (html-to-text), the largest cost of a placed order after its reply.
 */
export function orderConfirmationText({ order, url, readyAt }: Props): string {
  const a = order.address;
  return [
    SITE.name,
    "",
    `Thank you, ${order.user.name}!`,
    "",
    `We have your order #${orderNumber(order.id)}, placed ${formatIndiaDateTime(order.createdAt)}. It will be ${READY_IN_WORDS}, around ${formatIndiaTime(readyAt)} (India time).`,
    "",
    orderSummaryText(order),
    "",
    `Payment: ${PAYMENT_METHOD_DISPLAY[order.paymentMethod]}`,
    `Delivering to: ${a.name}, ${a.phone}, ${a.street}, ${a.city}, ${a.state} ${a.zip}`,
    "",
    `Track your order: ${url}`,
    "",
    SITE_MAIL_FOOTER,
  ].join("\n");
}

/** Sent once an order is committed: what was ordered, where it goes, how it is paid, and when it is ready. */
export function OrderConfirmationEmail({ order, url, readyAt }: Props) {
  const number = orderNumber(order.id);
  const a = order.address;
  return (
    <EmailLayout preview={`Order #${number} placed: ${READY_IN_WORDS} (around ${formatIndiaTime(readyAt)})`}>
      <Heading as="h1" style={styles.heading}>
        Thank you, {order.user.name}!
      </Heading>
      <Text style={styles.text}>
        We have your order #{number}, placed {formatIndiaDateTime(order.createdAt)}. It will be {READY_IN_WORDS}, around{" "}
        <strong>{formatIndiaTime(readyAt)}</strong> (India time).
      </Text>

      <Section>
        <OrderSummary order={order} />
      </Section>

      <Text style={styles.text}>
        <strong>Payment:</strong> {PAYMENT_METHOD_DISPLAY[order.paymentMethod]}
      </Text>
      <Text style={styles.text}>
        <strong>Delivering to:</strong>
        <br />
        {a.name}, {a.phone}
        <br />
        {a.street}, {a.city}, {a.state} {a.zip}
      </Text>

      <ActionLink url={url}>Track your order</ActionLink>
    </EmailLayout>
  );
}
