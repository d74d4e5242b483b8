import { formatRupees } from "@/lib/money";
import type { OrderPayment, OrderRefund } from "@/lib/orders/types";
import { formatIndiaTime } from "@/lib/time";
import type { OrderStatus } from "@/lib/orders/status";

// What an order's payment is called on every page and in every mail (product.md §10), written once.

type Paid = Pick<OrderPayment, "method" | "status" | "refundedAmount" | "refunds">;

const GATEWAY_DISPLAY: Record<NonNullable<OrderPayment["gateway"]>, string> = { razorpay: "Razorpay" };

/** The online gateway's name as admins read it ("Razorpay"); "the gateway" when the order has none. */
export function gatewayWords(gateway: OrderPayment["gateway"]): string {
  return gateway ? GATEWAY_DISPLAY[gateway] : "the gateway";
}

/**
 * The one line an order page shows about its money: "Paid by UPI", "Pay ₹279 on delivery", …
 * With the order's status, a cancelled order that was never paid says so rather than waiting.
 */
export function paymentWords(payment: Paid, total: number, orderStatus?: OrderStatus): string {
  if (orderStatus === "cancelled" && (payment.status === "awaiting" || payment.status === "failed" || payment.status === "due_on_delivery"))
    return "Nothing to pay: the order was cancelled";
  const pending = payment.refunds.filter((r) => r.status !== "processed").reduce((sum, r) => sum + r.amount, 0);
  switch (payment.status) {
    case "due_on_delivery":
      return `Pay ${formatRupees(total)} on delivery`;
    case "awaiting":
      return `Awaiting payment of ${formatRupees(total)} by ${payment.method}`;
    case "failed":
      return `Payment of ${formatRupees(total)} by ${payment.method} failed`;
    case "paid":
      return payment.method === "Cash on Delivery" ? `Paid ${formatRupees(total)} in cash` : `Paid by ${payment.method}`;
    case "refund_pending":
      return `Refund of ${formatRupees(pending || total)} started`;
    case "partially_refunded":
      return `Refunded ${formatRupees(payment.refundedAmount)} of ${formatRupees(total)}`;
    case "refunded":
      return `Refunded ${formatRupees(payment.refundedAmount)}`;
  }
}

type MailOrder = { status: string; total: number; payment?: Paid };

/**
 * The payment line of an order mail, or null when there is nothing true to say: a cancelled
 * order never paid owes nothing, and mails queued before orders had a `payment` carry none.
 */
export function mailPaymentWords(order: MailOrder): string | null {
  if (!order.payment) return null;
  const unpaid = order.payment.status === "awaiting" || order.payment.status === "failed" || order.payment.status === "due_on_delivery";
  if (order.status === "cancelled" && unpaid) return null;
  return paymentWords(order.payment, order.total);
}

/** One refund as its customer reads it: "Refund of ₹279 started" until the money is back, then "Refunded ₹279". */
export function refundWords(refund: Pick<OrderRefund, "amount" | "status">): string {
  // A failed refund is the shop's to retry (an admin sees it); the customer's money is still on its way.
  return refund.status === "processed" ? `Refunded ${formatRupees(refund.amount)}` : `Refund of ${formatRupees(refund.amount)} started`;
}

/** How long an unpaid order waits (India time): "Pay by 1:45 pm or the order is cancelled". */
export function payByWords(deadline: Date | string): string {
  return `Pay by ${formatIndiaTime(deadline)} or the order is cancelled`;
}

/** Checkout closed without paying. */
export const PAYMENT_NOT_COMPLETED = "Payment was not completed. You have not been charged.";

/** The gateway said the payment failed; its own reason follows when it gave one. */
export const PAYMENT_FAILED = "Payment failed. You have not been charged.";

/** Checkout could not be opened (the gateway or its script did not answer). */
export const PAYMENT_NOT_STARTED = "The payment could not be started. You have not been charged.";

/** The handler's proof reached the gateway but the shop could not confirm it yet. */
export const PAYMENT_NOT_CONFIRMED =
  "We could not confirm your payment yet. If money left your account, the order is confirmed as soon as the gateway tells us.";
