import { OrderUpdateEmail, orderUpdateText } from "@/lib/email/templates/order-update";
import { formatRupees } from "@/lib/money";
import { orderNumber } from "@/lib/orders/status";
import type { ApiOrder, OrderRefund } from "@/lib/orders/types";
import { SITE } from "@/lib/site";

// The mail a customer gets when money goes back to them (product.md §10): a refund started
// through the gateway (a payment that came after the order was cancelled, a second payment, a
// complaint after delivery), or cash paid back by hand. Written once as sentences, which the
// HTML and the text part both lay out.

export type RefundMailProps = {
  order: ApiOrder;
  refund: Pick<OrderRefund, "amount" | "reason" | "method">;
  /** The order's page. */
  url: string;
  /** The kitchen's FSSAI licence number for the footer (product.md §11); none on a fresh install. */
  fssai?: string | null;
  /**
   * The refund's credit note (product.md §11), when the order was billed: a refund that gets one
   * is mailed once it is issued, so the mail links it.
   */
  creditNote?: { number: string; url: string } | null;
};

/** "the UPI account you paid with" / "the card you paid with". */
export function refundDestination(method: ApiOrder["paymentMethod"]): string {
  return method === "Card" ? "the card you paid with" : method === "UPI" ? "the UPI account you paid with" : "the account you paid with";
}

/** How long a refund through the gateway takes to reach the customer, as the gateway tells merchants. */
export const REFUND_TIME = "typically within 5–7 working days";

/** "Your refund of ₹279 for Fresh Bowl order #AB12CD34 has started" / "₹100 paid back for order #AB12CD34". */
export function refundSubject({ order, refund }: Pick<RefundMailProps, "order" | "refund">): string {
  const number = `#${orderNumber(order.id)}`;
  return refund.method === "cash"
    ? `${formatRupees(refund.amount)} paid back for order ${number}`
    : `Your refund of ${formatRupees(refund.amount)} for ${SITE.name} order ${number} has started`;
}

/** The refund's credit note, for a billed order. */
function creditNoteSentences({ creditNote }: RefundMailProps): string[] {
  return creditNote ? [`Credit note ${creditNote.number} records this refund against your bill.`] : [];
}

function content(props: RefundMailProps) {
  const { order, refund } = props;
  const number = `#${orderNumber(order.id)}`;
  const amount = formatRupees(refund.amount);
  const contact = `Questions? Call us on ${SITE.phone.display} or write to ${SITE.email}.`;
  if (refund.method === "cash") {
    return {
      preview: `${amount} paid back for order ${number}`,
      heading: `${amount} paid back, ${order.user.name}`,
      paragraphs: [
        `We have paid you back ${amount} in cash for order ${number}.`,
        `Reason: ${refund.reason}`,
        ...creditNoteSentences(props),
        contact,
      ],
      action: "See your order",
    };
  }
  return {
    preview: `Your refund of ${amount} has started`,
    heading: `Your refund of ${amount} has started`,
    paragraphs: [
      `Hi ${order.user.name}, we have started a refund of ${amount} for order ${number}.`,
      `It goes back to ${refundDestination(order.paymentMethod)}, ${REFUND_TIME}. You need not do anything.`,
      `Reason: ${refund.reason}`,
      ...creditNoteSentences(props),
      contact,
    ],
    action: "See your order",
  };
}

/** The same mail as plain text, from the same sentences. */
export function refundText(props: RefundMailProps): string {
  return orderUpdateText({ content: content(props), order: props.order, url: props.url, fssai: props.fssai, creditNote: props.creditNote });
}

/** Laid out as every mail about an order that moved on (order-update.tsx). */
export function RefundEmail(props: RefundMailProps) {
  return (
    <OrderUpdateEmail content={content(props)} order={props.order} url={props.url} fssai={props.fssai} creditNote={props.creditNote} />
  );
}
