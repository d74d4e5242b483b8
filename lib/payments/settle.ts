import "server-only";
import { db } from "@/lib/db";
import { enqueueMail } from "@/lib/email/queue";
import type { PaymentGateway } from "@/lib/payments/gateway";
import { paiseOf } from "@/lib/payments/checkout";

// Paying an order (product.md §10), shared by the browser's call (pay-order.ts) and, later, the
// webhook job: the gateway itself is asked for the payment, so nothing the browser says about
// the amount counts; the order is paid once and mailed once, under a row lock, whoever comes first.

export type SettleOutcome = "paid" | "already_paid" | "refund_due" | "mismatch";

const PAID = new Set(["paid", "refund_pending", "partially_refunded", "refunded"]);

type Stored = { id: string; total: number; gatewayOrderId: string | null };

/** Asks the gateway for `paymentId` and pays `order` with it when it is that order's, in full. */
export async function settlePayment(gateway: PaymentGateway, order: Stored, paymentId: string): Promise<SettleOutcome> {
  if (!order.gatewayOrderId) return "mismatch";
  let payment = await gateway.fetchPayment(paymentId);
  const amount = paiseOf(order.total);
  if (payment.orderId !== order.gatewayOrderId || payment.amount !== amount || payment.currency !== "INR") return "mismatch";
  // Razorpay leaves a payment authorized when the account does not capture automatically.
  if (payment.status === "authorized") payment = await gateway.capture(paymentId, amount);
  if (payment.status !== "captured") return "mismatch";
  return recordPayment(order.id, paymentId);
}

async function recordPayment(orderId: string, paymentId: string): Promise<SettleOutcome> {
  return db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ status: string; paymentStatus: string }[]>`
      SELECT status::text, payment_status::text AS "paymentStatus" FROM orders WHERE id = ${orderId} FOR UPDATE`;
    if (!row) return "mismatch";
    const at = new Date();
    if (row.status === "awaiting_payment") {
      await tx.order.update({
        where: { id: orderId },
        data: { status: "pending", paymentStatus: "paid", paidAt: at, gatewayPaymentId: paymentId, updatedAt: at },
      });
      await tx.orderStatusChange.create({ data: { orderId, status: "pending", actor: "system", createdAt: at } });
      await enqueueMail(tx, { mail: "order-confirmation", orderId });
      return "paid";
    }
    // A second payment for an already paid order is not told apart yet (left: refund it too).
    if (PAID.has(row.paymentStatus)) return "already_paid";
    // Cancelled while the customer paid (expired, or by an admin), or switched to cash on
    // delivery meanwhile: the money goes back at once.
    // The refund row is the promise; sending it to the gateway is the refund job's (not built yet).
    await tx.order.update({
      where: { id: orderId },
      data: { paymentStatus: "refund_pending", paidAt: at, gatewayPaymentId: paymentId, updatedAt: at },
    });
    const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { total: true } });
    await tx.refund.create({ data: { orderId, amount: order.total, reason: "Paid after the order was cancelled" } });
    return "refund_due";
  });
}
