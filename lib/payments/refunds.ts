import "server-only";
import { namedStatement, runIn } from "@/lib/db/named-sql";
import type { SqlExecutor, Transaction } from "@/lib/db/types";
import { queueMail } from "@/lib/jobs/mail";
import { queueOrderMessages } from "@/lib/jobs/messages";
import { queueJob } from "@/lib/jobs/queue";
import type { PaymentStatus } from "@/lib/generated/prisma/client";
import { creditNoteFollows, issueCreditNote } from "@/lib/billing/credit-notes";

// Money going back to a customer (product.md §10). Every refund is a row of its own, written on
// the caller's transaction with what it needs to be sent (the job SEND_REFUND_TASK, queued in the
// same transaction, so a refund promised is never lost and never sent for a rollback), and the
// order's payment is worked out again from all its refunds under the order's row lock.

/** The graphile-worker task that sends one refund to the gateway (refund-send.ts). */
export const SEND_REFUND_TASK = "send_refund";

/**
 * graphile-worker waits exp(min(attempt, 10)) seconds after each failure: 12 attempts keep
 * trying for about a day while the gateway cannot be reached, then the refund is marked failed
 * for an admin to retry.
 */
const SEND_REFUND_MAX_ATTEMPTS = 12;

type NewRefund = {
  orderId: string;
  /** Rupees, at most what is left to refund (refundableLeft). */
  amount: number;
  reason: string;
  /** The gateway payment the money goes back to; null: paid back by hand (cash). */
  paymentId: string | null;
  /**
   * Whether the customer gets a mail of its own (a cancellation's mail already tells of its
   * refund). A refund that gets a credit note is mailed with its note whatever this says.
   */
  mail: boolean;
  /** When: the time of what caused it (a cancel's history step), so the order's updatedAt matches it. */
  at?: Date;
};

/** Queues the job that sends `refundId` to the gateway, on the caller's transaction. */
export async function queueRefundSend(tx: SqlExecutor, refundId: string, runAt: Date = new Date(), checks = 0): Promise<void> {
  await queueJob(tx, SEND_REFUND_TASK, { refundId, checks }, { runAt, maxAttempts: SEND_REFUND_MAX_ATTEMPTS });
}

const LOCK_ORDER = namedStatement("refunds-lock-order", `SELECT id FROM orders WHERE id = :orderId FOR UPDATE`);

/** Locks the order's row for the rest of the caller's transaction: refunds of one order are written one at a time. */
export async function lockOrder(tx: Transaction, orderId: string): Promise<void> {
  await runIn(tx, LOCK_ORDER({ orderId }));
}

/**
 * Rupees that may still go back against the order's own payment (its gateway payment, or cash):
 * the total less every refund of it, failed ones included (they are retried, not dropped).
 * Call with the order locked.
 */
export async function refundableLeft(tx: Transaction, order: { id: string; total: number; gatewayPaymentId: string | null }) {
  const { _sum } = await tx.refund.aggregate({
    where: { orderId: order.id, ...(order.gatewayPaymentId ? { gatewayPaymentId: order.gatewayPaymentId } : { method: "cash" }) },
    _sum: { amount: true },
  });
  return Math.max(0, order.total - (_sum.amount ?? 0));
}

/**
 * Starts a refund on the caller's transaction (which must hold the order's lock): through the
 * gateway, a `pending` row and its send job; by hand, a `processed` row at once. Sets the order's
 * payment. The customer's mail, when asked, goes now only for a refund no credit note will
 * follow: a note's issue mails it, linking the note (lib/billing/credit-notes.ts). Returns the
 * refund's id.
 */
export async function startRefund(tx: Transaction, refund: NewRefund): Promise<string> {
  const at = refund.at ?? new Date();
  const cash = refund.paymentId === null;
  const row = await tx.refund.create({
    data: {
      orderId: refund.orderId,
      amount: refund.amount,
      reason: refund.reason,
      method: cash ? "cash" : "gateway",
      gatewayPaymentId: refund.paymentId,
      status: cash ? "processed" : "pending",
      processedAt: cash ? at : null,
      createdAt: at,
    },
    select: { id: true },
  });
  if (!cash) await queueRefundSend(tx, row.id);
  await refreshOrderPayment(tx, refund.orderId, at);
  // Paid back by hand is processed now: a billed order gets its credit note (product.md §11).
  const noted = cash ? await issueCreditNote(tx, row.id, at) : await creditNoteFollows(tx, row.id);
  if (refund.mail && !noted) await queueMail(tx, { mail: "refund", refundId: row.id });
  // Money back by hand is back now: the customer's phones hear of it (product.md §14).
  if (cash) await queueOrderMessages(tx, [refund.orderId], "refunded");
  return row.id;
}

const REFUND_STATES = new Set<PaymentStatus>(["refund_pending", "partially_refunded", "refunded"]);

/**
 * Works the order's payment out again from its refunds (call with the order locked):
 * refundedAmount is what has gone back, refundedAt when the last of it did; the status is
 * `refund_pending` while any refund is pending or failed, else `refunded` or
 * `partially_refunded` by what went back against the order's own payment. A second payment
 * refunded in full leaves the order paid.
 */
export async function refreshOrderPayment(tx: Transaction, orderId: string, at: Date = new Date()): Promise<void> {
  const order = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: { total: true, paymentMethod: true, paymentStatus: true, gatewayPaymentId: true, paidAt: true, status: true },
  });
  const refunds = await tx.refund.findMany({
    where: { orderId },
    select: { amount: true, status: true, method: true, gatewayPaymentId: true, processedAt: true },
  });
  const processed = refunds.filter((r) => r.status === "processed");
  const refundedAmount = processed.reduce((sum, r) => sum + r.amount, 0);
  const lastAt = processed.reduce<Date | null>(
    (last, r) => (r.processedAt && (!last || r.processedAt > last) ? r.processedAt : last),
    null,
  );
  const own = processed
    .filter((r) => r.method === "cash" || (r.gatewayPaymentId !== null && r.gatewayPaymentId === order.gatewayPaymentId))
    .reduce((sum, r) => sum + r.amount, 0);
  let status: PaymentStatus;
  if (refunds.some((r) => r.status !== "processed")) status = "refund_pending";
  else if (own >= order.total && own > 0) status = "refunded";
  else if (own > 0) status = "partially_refunded";
  else if (order.paidAt) status = "paid";
  else if (order.paymentMethod === "cash_on_delivery") status = "due_on_delivery";
  else status = REFUND_STATES.has(order.paymentStatus) ? "awaiting" : order.paymentStatus;
  await tx.order.update({ where: { id: orderId }, data: { paymentStatus: status, refundedAmount, refundedAt: lastAt, updatedAt: at } });
}
