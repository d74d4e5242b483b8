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
