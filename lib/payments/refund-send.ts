import "server-only";
import { db } from "@/lib/db";
import { onlinePayments } from "@/lib/payments/current";
import { PaymentGatewayError } from "@/lib/payments/errors";
import type { GatewayRefund, PaymentGateway } from "@/lib/payments/gateway";
import { lockOrder, queueRefundSend, refreshOrderPayment } from "@/lib/payments/refunds";
import { issueCreditNote } from "@/lib/billing/credit-notes";
import { queueOrderMessages } from "@/lib/jobs/messages";

// Sending one refund to the gateway: the SEND_REFUND_TASK job's work. A job may run again after
// the gateway accepted the refund but before the shop wrote that down (a crash, a lost reply), so
// every refund carries the shop's refund id in its notes and the payment's refunds are looked
// through first: one the gateway already has is taken up, never asked for twice.

/** A refund the gateway keeps pending is looked at again this often, this many times (its webhook usually comes first). */
const RECHECK_MS = 30 * 60_000;
const MAX_CHECKS = 48;

export type SendOutcome = "processed" | "pending" | "failed" | "settled" | "busy";

/**
 * How long one send holds its refund row: longer than its three gateway calls can take (15 s
 * each, razorpay.ts), so two sends of one row (a job and its retry, two workers) never both reach
 * the gateway (issue 32, L7); a send that crashed lets go when it runs out.
 */
const CLAIM_MS = 2 * 60_000;

/** Takes the row for this send until CLAIM_MS from now; false while another send holds it. */
async function claim(refundId: string): Promise<Date | null> {
  const now = new Date();
  const until = new Date(now.getTime() + CLAIM_MS);
  const { count } = await db().refund.updateMany({
    where: { id: refundId, status: "pending", OR: [{ sendClaimedUntil: null }, { sendClaimedUntil: { lt: now } }] },
    data: { sendClaimedUntil: until },
  });
  return count === 1 ? until : null;
}

const release = (refundId: string, until: Date) =>
  db().refund.updateMany({ where: { id: refundId, sendClaimedUntil: until }, data: { sendClaimedUntil: null } });

type Attempt = { attempt: number; maxAttempts: number; checks: number };

/** Records what the gateway says of the refund; only a refund still pending (or failed, for a late success) changes. */
export async function recordGatewayRefund(refundId: string, found: GatewayRefund, lastError: string | null = null): Promise<SendOutcome> {
  return db().$transaction(async (tx) => {
    const row = await tx.refund.findUnique({ where: { id: refundId }, select: { orderId: true } });
    if (!row) return "settled";
    await lockOrder(tx, row.orderId);
    const at = new Date();
    const from = found.status === "processed" ? { in: ["pending", "failed"] as ("pending" | "failed")[] } : ("pending" as const);
    const { count } = await tx.refund.updateMany({
      where: { id: refundId, status: from },
      data: {
        gatewayRefundId: found.id,
        status: found.status,
        processedAt: found.status === "processed" ? at : null,
        lastError: found.status === "failed" ? (lastError ?? "The payment gateway reports that this refund failed.") : null,
        updatedAt: at,
      },
    });
    if (count === 0) return "settled";
    await refreshOrderPayment(tx, row.orderId, at);
    // Money back on a billed order is a credit note (product.md §11), issued with the refund's completion.
    if (found.status === "processed") {
      await issueCreditNote(tx, refundId, at);
      await queueOrderMessages(tx, [row.orderId], "refunded");
    }
    return found.status;
  });
}

/** Marks a pending refund failed with `reason` (the gateway refused it, or could not be reached for too long). */
async function markFailed(refundId: string, reason: string): Promise<SendOutcome> {
  return db().$transaction(async (tx) => {
    const row = await tx.refund.findUnique({ where: { id: refundId }, select: { orderId: true } });
    if (!row) return "settled";
    await lockOrder(tx, row.orderId);
    const { count } = await tx.refund.updateMany({
      where: { id: refundId, status: "pending" },
      data: { status: "failed", lastError: reason.slice(0, 500), updatedAt: new Date() },
    });
    if (count === 0) return "settled";
    await refreshOrderPayment(tx, row.orderId);
    return "failed";
  });
}

/** The gateway's refund for this row: the one it holds already (by id, else by our note), or a new one. */
async function gatewayRefundFor(
  gateway: PaymentGateway,
  row: { id: string; orderId: string; amount: number; gatewayPaymentId: string; gatewayRefundId: string | null },
): Promise<GatewayRefund> {
  if (row.gatewayRefundId) {
    const known = await gateway.fetchRefund(row.gatewayRefundId);
    // A failed one is history (an admin asked to try again): a new refund is asked for below.
    if (known.status !== "failed") return known;
  }
  const earlier = (await gateway.refundsOf(row.gatewayPaymentId)).filter((r) => r.shopRefundId === row.id);
  const live = earlier.find((r) => r.status !== "failed");
  if (live) return live;
  return gateway.refund(row.gatewayPaymentId, { amount: row.amount, shopRefundId: row.id, orderId: row.orderId });
}

/**
 * Sends refund `refundId` if it is still pending. Throws, to be retried with backoff, while the
 * gateway cannot be reached, until the last attempt, which marks it failed; a refusal marks it
 * failed at once; a refund the gateway keeps pending is looked at again later.
 */
export async function sendRefund(refundId: string, { attempt, maxAttempts, checks }: Attempt): Promise<SendOutcome> {
  const row = await db().refund.findUnique({
    where: { id: refundId },
    select: { id: true, orderId: true, amount: true, method: true, status: true, gatewayPaymentId: true, gatewayRefundId: true },
  });
  if (!row || row.method !== "gateway" || row.status !== "pending" || !row.gatewayPaymentId) return "settled";
  const payments = onlinePayments();
  if (payments.kind !== "gateway") {
    if (attempt >= maxAttempts) return markFailed(refundId, "No payment gateway is configured to send this refund.");
    throw new Error("No payment gateway configured to send a refund");
  }
  const until = await claim(refundId);
  if (!until) {
    // Another send has it: this one looks again once that one's claim has run out (then settled, mostly).
    await queueRefundSend(db(), refundId, new Date(Date.now() + CLAIM_MS), checks);
    return "busy";
  }
  let outcome: SendOutcome;
  try {
    let found: GatewayRefund;
    try {
      found = await gatewayRefundFor(payments.gateway, { ...row, gatewayPaymentId: row.gatewayPaymentId });
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      // The gateway's messages carry no secrets (errors.ts): safe to keep for the admin who retries.
      if (!error.retryable || attempt >= maxAttempts) return await markFailed(refundId, error.message);
      throw error;
    }
    outcome = await recordGatewayRefund(refundId, found);
  } finally {
    await release(refundId, until);
  }
  if (outcome === "pending" && checks < MAX_CHECKS) {
    await queueRefundSend(db(), refundId, new Date(Date.now() + RECHECK_MS), checks + 1);
  }
  return outcome;
}
