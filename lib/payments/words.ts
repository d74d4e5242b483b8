import { formatRupees } from "@/lib/money";
import type { OrderPayment } from "@/lib/orders/types";

// What an order's payment is called on every page and in every mail (product.md §10), written once.

type Paid = Pick<OrderPayment, "method" | "status" | "refundedAmount" | "refunds">;

/** The one line an order page shows about its money: "Paid by UPI", "Pay ₹279 on delivery", … */
export function paymentWords(payment: Paid, total: number): string {
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
