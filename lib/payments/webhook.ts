import "server-only";
import { namedStatement, runIn } from "@/lib/db/named-sql";
import { db } from "@/lib/db";
import type { SqlExecutor } from "@/lib/db/types";
import { Invalid } from "@/lib/errors";
import { queueJob } from "@/lib/jobs/queue";
import { onlinePayments } from "@/lib/payments/current";
import { settlePayment } from "@/lib/payments/settle";
import { handleRefundEvent } from "@/lib/payments/refund-events";
import type { PaymentEvent } from "@/lib/payments/gateway";
import type { PaymentEventJob } from "@/lib/payments/payment-event-job";

// The gateway's webhooks (product.md §10): its own word that a payment came in, for the
// customer whose browser closed before it could tell the shop. The gateway's adapter checks the
// signature and translates the event into the port's terms (PaymentEvent); this records the
// event id once and queues the work in the same transaction, so the gateway is answered at once;
// the job (PAYMENT_EVENT_TASK) asks the gateway and pays the order.

/** The graphile-worker task that acts on a received webhook event. */
export const PAYMENT_EVENT_TASK = "payment_event";

function jobOf(eventId: string, event: PaymentEvent): PaymentEventJob | null {
  switch (event.kind) {
    case "payment_authorized":
    case "payment_captured":
    case "payment_failed":
      return { eventId, kind: event.kind, paymentId: event.paymentId, gatewayOrderId: event.gatewayOrderId };
    case "refund_processed":
    case "refund_failed":
      return {
        eventId,
        kind: event.kind,
        paymentId: event.paymentId,
        gatewayOrderId: null,
        refundId: event.refundId,
        shopRefundId: event.shopRefundId,
      };
    case "other":
      return null;
  }
}

/**
 * Accepts one delivery: 400 `invalid_signature` (nothing written) unless the gateway signed
 * exactly `rawBody`; a repeated event id is accepted and does nothing. Returns whether the event was new.
 */
export async function receiveWebhook(rawBody: string, headers: Headers): Promise<boolean> {
  const payments = onlinePayments();
  if (payments.kind !== "gateway") throw new Invalid("The webhook's signature is not valid.", undefined, "invalid_signature");
  const received = payments.gateway.receiveWebhook(rawBody, headers);
  if (!received.ok) throw new Invalid(received.message, received.field, received.problem === "signature" ? "invalid_signature" : undefined);
  const { eventId, name, event } = received;
  const job = jobOf(eventId, event);
  return db().$transaction(async (tx) => {
    const inserted = await runIn(tx, RECORD_EVENT({ eventId, event: name }));
    if (inserted === 0) return false;
    if (job) await enqueuePaymentEvent(tx, job);
    return true;
  });
}

const RECORD_EVENT = namedStatement(
  "payments-record-event",
  `INSERT INTO payment_events (event_id, event) VALUES (:eventId, :event) ON CONFLICT (event_id) DO NOTHING`,
);

async function enqueuePaymentEvent(tx: SqlExecutor, job: PaymentEventJob): Promise<void> {
  await queueJob(tx, PAYMENT_EVENT_TASK, job);
}

/**
 * The job: an authorized or captured payment (or a paid order) pays the order whose gateway order it is, once,
 * after the gateway confirms it for that order and in full (settlePayment); a failed payment
 * marks the order's payment failed, the order still waiting for another try. Throws (and is
 * retried) when the gateway cannot be reached.
 */
export async function handlePaymentEvent(job: PaymentEventJob): Promise<string> {
  if (job.kind === "refund_processed" || job.kind === "refund_failed") return handleRefundEvent(job);
  if (!job.gatewayOrderId || !job.paymentId) return "ignored";
  const payments = onlinePayments();
  if (payments.kind !== "gateway") throw new Error("No payment gateway configured for a webhook job");
  const order = await db().order.findUnique({
    where: { gatewayOrderId: job.gatewayOrderId },
    select: { id: true, total: true, gatewayOrderId: true },
  });
  if (!order) return "unknown_order";
  if (job.kind === "payment_failed") {
    // Only while nothing better is known: a failure delivered after the capture changes nothing.
    const { count } = await db().order.updateMany({
      where: { id: order.id, status: "awaiting_payment", paymentStatus: "awaiting" },
      data: { paymentStatus: "failed", updatedAt: new Date() },
    });
    return count ? "failed" : "ignored";
  }
  return settlePayment(payments.gateway, order, job.paymentId);
}
