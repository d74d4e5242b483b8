import type { ApiOrder, OrderPayment, OrderRefund } from "@/lib/orders/types";
import { formatRupees } from "@/lib/money";
import { gatewayWords } from "@/lib/payments/words";

// How the admin pages name an order's payment and its refunds (product.md §10). Client-safe; the
// customer's one-line wording stays in lib/payments/words.ts.

const STATUS_WORDS: Record<OrderPayment["status"], string> = {
  due_on_delivery: "Due on delivery",
  awaiting: "Awaiting payment",
  paid: "Paid",
  failed: "Payment failed",
  refund_pending: "Refund pending",
  partially_refunded: "Partly refunded",
  refunded: "Refunded",
};

/** "UPI · Paid", "Cash on Delivery · Due on delivery": the orders list's payment method (§2) and where it stands. */
export function paymentCellWords(payment: OrderPayment): string {
  return `${payment.method} · ${STATUS_WORDS[payment.status]}`;
}

/** A refund the gateway turned down: it waits for an admin to retry it. */
export function hasFailedRefund(payment: OrderPayment): boolean {
  return payment.refunds.some((r) => r.status === "failed");
}

const REFUND_STATUS_WORDS: Record<OrderRefund["status"], string> = {
  pending: "Sent, waiting for the gateway",
  processed: "Refunded",
  failed: "Failed: not refunded",
};

export function refundStatusWords(refund: OrderRefund): string {
  if (refund.method === "cash" && refund.status === "processed") return "Paid back in cash";
  return REFUND_STATUS_WORDS[refund.status];
}

/** Paid through the gateway: a refund goes back the same way; otherwise it is cash paid back by hand. */
export function paidOnline(payment: OrderPayment): boolean {
  return payment.gateway !== null && payment.gatewayPaymentId !== null;
}

/** "the customer's UPI" / "the customer's card". */
export function onlineAccount(payment: OrderPayment): string {
  return payment.method === "Card" ? "the customer's card" : "the customer's UPI";
}

/**
 * What may still be refunded: the total less every refund not turned down for good (a pending
 * or failed one is still owed). The server decides again when the refund is asked for.
 */
export function leftToRefund(order: Pick<ApiOrder, "total" | "payment">): number {
  const owed = order.payment.refunds.reduce((sum, r) => sum + r.amount, 0);
  return Math.max(0, order.total - Math.max(owed, order.payment.refundedAmount));
}

/** The confirmation a cancel asks for when the order's money must go back (null when none was paid online). */
export function cancelRefundWords(order: Pick<ApiOrder, "total" | "payment">): string | null {
  if (!paidOnline(order.payment) || order.payment.status !== "paid") return null;
  return `The customer paid ${formatRupees(order.total)} by ${order.payment.method}. Cancelling refunds the whole ${formatRupees(order.total)} to ${onlineAccount(order.payment)} through ${gatewayWords(order.payment.gateway)}, and the customer is mailed.`;
}
