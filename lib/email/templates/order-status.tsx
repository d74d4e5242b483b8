import { OrderUpdateEmail, orderUpdateText } from "@/lib/email/templates/order-update";
import { formatRupees } from "@/lib/money";
import { orderNumber } from "@/lib/orders/status";
import { formatIndiaDateTime, formatIndiaTime } from "@/lib/time";
import type { ApiOrder, OrderActor } from "@/lib/orders/types";
import type { StatusMailStatus } from "@/lib/jobs/mail";
import { SITE } from "@/lib/site";
import { mailPaymentWords } from "@/lib/payments/words";
import { REFUND_TIME, refundDestination } from "@/lib/email/templates/refund";

// The mails a customer gets as their order moves on (product.md §7): out for delivery,
// delivered, cancelled. Each is written once as plain sentences (statusMailContent), which the
// HTML and the text part both lay out, so the two parts cannot tell different stories.

export type OrderStatusMailProps = {
  order: ApiOrder;
  status: StatusMailStatus;
  /** When the order reached `status` (ISO), as the history recorded it. */
  at: string;
  /** Who moved it there: a cancellation the customer made is theirs, not the kitchen's. */
  by: OrderActor;
  /** The order's page. */
  url: string;
  /** The order's bill (product.md §11): the delivered mail links to it. */
  invoiceUrl?: string;
  /** The kitchen's FSSAI licence number for the footer (product.md §11); none on a fresh install. */
  fssai?: string | null;
};

/** The new status as the subject says it. */
const IN_WORDS: Record<StatusMailStatus, string> = {
  out_for_delivery: "out for delivery",
  delivered: "delivered",
  cancelled: "cancelled",
};

/** "Your Fresh Bowl order #AB12CD34 is out for delivery". */
export function orderStatusSubject(order: Pick<ApiOrder, "id">, status: StatusMailStatus): string {
  return `Your ${SITE.name} order #${orderNumber(order.id)} is ${IN_WORDS[status]}`;
}

type Content = { preview: string; heading: string; paragraphs: string[]; action: string };

const contact = `Call us on ${SITE.phone.display} or write to ${SITE.email}.`;

/** What a cancelled order's money does: its refunds through the gateway, told in one sentence each. */
function refundSentences(order: ApiOrder): string[] {
  return (order.payment?.refunds ?? [])
    .filter((r) => r.method === "gateway")
    .map(
      (r) =>
        `Your refund of ${formatRupees(r.amount)} has started: it goes back to ${refundDestination(order.paymentMethod)}, ${REFUND_TIME}.`,
    );
}

/** Why the shop cancelled: an order to be paid online that was not paid in time (product.md §10), or the kitchen's reasons. */
function cancelledSentence(order: ApiOrder, by: OrderActor, number: string, time: string): string {
  if (by === "customer") return `Hi ${order.user.name}, as you asked, we cancelled your order ${number} at ${time}.`;
  const neverPaid = Boolean(order.payment?.gateway) && order.payment?.paidAt === null;
  if (by === "system" && neverPaid) {
    return `Hi ${order.user.name}, we cancelled your order ${number} at ${time} because it was not paid within 15 minutes. You have not been charged.`;
  }
  return `Hi ${order.user.name}, we are sorry: we had to cancel your order ${number} at ${time}.`;
}

/** The delivered mail's sentence about the bill, with its address written out for the text part. */

function statusMailContent({ order, status, at, by }: OrderStatusMailProps): Content {
  const number = `#${orderNumber(order.id)}`;
  const time = `${formatIndiaTime(at)} (India time)`;
  const cash = order.paymentMethod === "Cash on Delivery";
  const payment = mailPaymentWords(order);
  const paymentLine = payment ? [`Payment: ${payment}`] : [];
  switch (status) {
    case "out_for_delivery":
      return {
        preview: `Order ${number} is on its way`,
        heading: `Your order is on its way, ${order.user.name}!`,
        paragraphs: [
          `Order ${number} left our kitchen at ${time} and is on its way to ${order.address.street}, ${order.address.city}.`,
          ...(order.handoverCode ? [`Give the rider this code: ${order.handoverCode}`] : []),
          ...(cash ? [`You chose cash on delivery: please have ${formatRupees(order.total)} ready.`] : paymentLine),
        ],
        action: "Follow your order",
      };
    case "delivered":
      return {
        preview: `Order ${number} is delivered: enjoy!`,
        heading: `Enjoy your meal, ${order.user.name}!`,
        paragraphs: [
          `Order ${number} was delivered at ${time}. Thank you for ordering from ${SITE.name}.`,
          ...paymentLine,
          `Something not right? ${contact}`,
        ],
        action: "See your order",
      };
    case "cancelled": {
      const placed = formatIndiaDateTime(order.createdAt);
      return {
        preview: `Order ${number} is cancelled`,
        heading: `Your order ${number} is cancelled`,
        paragraphs: [
          cancelledSentence(order, by, number, time),
          ...refundSentences(order),
          ...paymentLine,
          `It was placed ${placed} and will not be prepared or delivered. Questions? ${contact}`,
        ],
        action: "See your order",
      };
    }
  }
}

/** The bill's address, on the delivered mail only. */
const billUrl = (props: OrderStatusMailProps) => (props.status === "delivered" ? props.invoiceUrl : undefined);

/** The same mail as plain text, from the same sentences. */
export function orderStatusText(props: OrderStatusMailProps): string {
  return orderUpdateText({
    content: statusMailContent(props),
    order: props.order,
    url: props.url,
    fssai: props.fssai,
    bill: billUrl(props),
  });
}

export function OrderStatusEmail(props: OrderStatusMailProps) {
  return (
    <OrderUpdateEmail content={statusMailContent(props)} order={props.order} url={props.url} fssai={props.fssai} bill={billUrl(props)} />
  );
}
