import "server-only";
import { namedStatement, rowsIn } from "@/lib/db/named-sql";
import { db } from "@/lib/db";
import { queueMail } from "@/lib/jobs/mail";
import { queueOrderMessages } from "@/lib/jobs/messages";
import type { PaymentGateway } from "@/lib/payments/gateway";
import { startRefund } from "@/lib/payments/refunds";
import { issueInvoices } from "@/lib/billing/invoice-issue";

// Paying an order (product.md §10), shared by the browser's call (pay-order.ts) and, later, the
// webhook job: the gateway itself is asked for the payment, so nothing the browser says about
// the amount counts; the order is paid once and mailed once, under a row lock, whoever comes first.

export type SettleOutcome = "paid" | "already_paid" | "refund_due" | "mismatch" | "left_uncaptured";

type Stored = { id: string; total: number; gatewayOrderId: string | null };

/** Asks the gateway for `paymentId` and pays `order` with it when it is that order's, in full. */
export async function settlePayment(gateway: PaymentGateway, order: Stored, paymentId: string): Promise<SettleOutcome> {
  if (!order.gatewayOrderId) return "mismatch";
  let payment = await gateway.fetchPayment(paymentId);
  const amount = order.total;
  if (payment.orderId !== order.gatewayOrderId || payment.amount !== amount || payment.currency !== "INR") return "mismatch";
  // A gateway may leave a payment authorized when the account does not capture automatically. It
  // is taken only for an order still waiting for it: one cancelled, switched to cash or paid
  // meanwhile is left uncaptured, and the gateway gives the hold back to the customer by itself
  // (capturing it only to refund it would cost the fee and days of the customer's money).
  if (payment.status === "authorized") {
    if (!(await awaitsPayment(order.id))) return "left_uncaptured";
    payment = await gateway.capture(paymentId, amount);
  }
  if (payment.status !== "captured") return "mismatch";
  return recordPayment(order.id, paymentId);
}

async function awaitsPayment(orderId: string): Promise<boolean> {
  return (await db().order.count({ where: { id: orderId, status: "awaiting_payment" } })) === 1;
}

const LATE_REASON = "Paid after the order was cancelled";
const SWITCHED_REASON = "Paid online after choosing to pay on delivery";
const TWICE_REASON = "Paid twice: the second payment goes back";

type LockedOrder = { status: string; paymentMethod: string; gatewayPaymentId: string | null; total: number };

const LOCK_ORDER = namedStatement(
  "settle-lock-order",
  `SELECT status::text, payment_method::text AS "paymentMethod", gateway_payment_id AS "gatewayPaymentId", total
FROM orders WHERE id = :orderId FOR UPDATE`,
);

async function recordPayment(orderId: string, paymentId: string): Promise<SettleOutcome> {
  return db().$transaction(async (tx) => {
    const [row] = await rowsIn<LockedOrder>(tx, LOCK_ORDER({ orderId }));
    if (!row) return "mismatch";
    const at = new Date();
    if (row.status === "awaiting_payment") {
      await tx.order.update({
        where: { id: orderId },
        data: { status: "pending", paymentStatus: "paid", paidAt: at, gatewayPaymentId: paymentId, updatedAt: at },
      });
      await tx.orderStatusChange.create({ data: { orderId, status: "pending", actor: "system", createdAt: at } });
      await queueMail(tx, { mail: "order-confirmation", orderId });
      await queueOrderMessages(tx, [orderId], "paid");
      // Paid is the time of supply of an order paid online (CGST Act s.13(2)): its bill now, in
      // this transaction, last, as the bill's counter is held from then until the commit.
      await issueInvoices(tx, [orderId], at);
      return "paid";
    }
    // This payment told again (the browser and two webhooks each bring it): done already.
    if (row.gatewayPaymentId === paymentId) return "already_paid";
    if (await tx.refund.count({ where: { orderId, gatewayPaymentId: paymentId } })) return "refund_due";
    // Every other payment goes back in full, at once: a second payment for an order already paid,
    // one landing after the order was cancelled (expired, or by an admin), or after the customer
    // switched to paying on delivery.
    let reason = TWICE_REASON;
    if (row.gatewayPaymentId === null && row.paymentMethod === "cash_on_delivery") reason = SWITCHED_REASON;
    else if (row.gatewayPaymentId === null) {
      // A cancelled order paid online: this is its payment, and its refund.
      reason = LATE_REASON;
      await tx.order.update({ where: { id: orderId }, data: { paidAt: at, gatewayPaymentId: paymentId, updatedAt: at } });
    }
    await startRefund(tx, { orderId, amount: row.total, reason, paymentId, mail: true, at });
    return "refund_due";
  });
}
