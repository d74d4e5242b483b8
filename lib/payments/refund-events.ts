import "server-only";
import { db } from "@/lib/db";
import type { PaymentEventJob } from "@/lib/payments/payment-event-job";
import { recordGatewayRefund } from "@/lib/payments/refund-send";

// The gateway's refund_processed and refund_failed events (product.md §10): its word on
// a refund the shop sent. The refund is found by the gateway's id, or, when the event comes before
// the send job wrote that id down, by the shop's refund id in its notes. Idempotent and safe in
// any order: only a pending refund moves (a failed one may still turn out processed), and an
// event about an earlier gateway refund of a row that was sent again changes nothing.

export async function handleRefundEvent(job: PaymentEventJob): Promise<string> {
  if (!job.refundId) return "ignored";
  const byGatewayId = await db().refund.findUnique({
    where: { gatewayRefundId: job.refundId },
    select: { id: true, gatewayPaymentId: true },
  });
  const byNote =
    byGatewayId ??
    (job.shopRefundId
      ? await db().refund.findFirst({
          where: { id: job.shopRefundId, gatewayRefundId: null, ...(job.paymentId ? { gatewayPaymentId: job.paymentId } : {}) },
          select: { id: true, gatewayPaymentId: true },
        })
      : null);
  if (!byNote || !byNote.gatewayPaymentId) return "unknown_refund";
  const status = job.kind === "refund_processed" ? "processed" : "failed";
  // The event carries no amount we act on: only the status moves, for the amount the row holds.
  const outcome = await recordGatewayRefund(byNote.id, {
    id: job.refundId,
    paymentId: byNote.gatewayPaymentId,
    amount: 0,
    status,
    shopRefundId: job.shopRefundId ?? null,
  });
  return outcome === "settled" ? "ignored" : `refund_${outcome}`;
}
