import { OrderUpdateEmail, orderUpdateText } from "@/lib/email/templates/order-update";
import { orderNumber } from "@/lib/orders/status";
import { formatIndiaTime, relativeIndiaDay } from "@/lib/time";
import type { ApiOrder } from "@/lib/orders/types";
import { SITE } from "@/lib/site";

// The mail a customer gets when the kitchen runs late (product.md §9): the new time their order
// arrives by, India time. Written once as sentences, which the HTML and the text part both lay out.

export type OrderLateMailProps = {
  order: ApiOrder;
  /** The order's page. */
  url: string;
  /** When the mail is written: "today" or "tomorrow" is seen from it. */
  now?: Date;
  /** The kitchen's FSSAI licence number for the footer (product.md §11); none on a fresh install. */
  fssai?: string | null;
};

/** "Your Fresh Bowl order #AB12CD34 is running late". */
export function orderLateSubject(order: Pick<ApiOrder, "id">): string {
  return `Your ${SITE.name} order #${orderNumber(order.id)} is running late`;
}

/** "2:05 pm (India time)", with the day when it is not today: "12:10 am (India time) tomorrow". */
export function newTimeWords(promisedBy: string, now: Date): string {
  const day = relativeIndiaDay(promisedBy, now);
  return `${formatIndiaTime(promisedBy)} (India time)${day === "today" ? "" : ` ${day}`}`;
}

function content({ order, now = new Date() }: OrderLateMailProps) {
  const number = `#${orderNumber(order.id)}`;
  const time = newTimeWords(order.promisedBy, now);
  return {
    preview: `Order ${number} now arrives by ${time}`,
    heading: `Sorry, ${order.user.name}: we're running late`,
    paragraphs: [
      `Our kitchen is taking longer than we promised. Order ${number} now arrives by ${time}.`,
      `Questions? Call us on ${SITE.phone.display} or write to ${SITE.email}.`,
    ],
    action: "Follow your order",
  };
}

/** The same mail as plain text, from the same sentences. */
export function orderLateText(props: OrderLateMailProps): string {
  return orderUpdateText({ content: content(props), order: props.order, url: props.url, fssai: props.fssai });
}

export function OrderLateEmail(props: OrderLateMailProps) {
  return <OrderUpdateEmail content={content(props)} order={props.order} url={props.url} fssai={props.fssai} />;
}
