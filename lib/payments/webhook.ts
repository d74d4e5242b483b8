import "server-only";
import { namedStatement, runIn } from "@/lib/db/named-sql";
import { z } from "zod";
import { db } from "@/lib/db";
import type { SqlExecutor } from "@/lib/db/types";
import { Invalid } from "@/lib/errors";
import { queueJob } from "@/lib/jobs/queue";
import { onlinePayments } from "@/lib/payments/current";
import { settlePayment } from "@/lib/payments/settle";
import { handleRefundEvent } from "@/lib/payments/refund-events";
import { REFUND_NOTE } from "@/lib/payments/refund-send";

// Razorpay's webhooks (product.md §10): the gateway's own word that a payment came in, for the
// customer whose browser closed before it could tell the shop. The route only checks the
// signature, records the event id once and queues the work in the same transaction, so it
// answers Razorpay at once; the job (PAYMENT_EVENT_TASK) asks the gateway and pays the order.

/** The graphile-worker task that acts on a received webhook event. */
export const PAYMENT_EVENT_TASK = "payment_event";

const eventSchema = z.object({
  event: z.string().min(1).max(64),
  payload: z
    .object({
      payment: z
        .object({ entity: z.object({ id: z.string().min(1).max(64), order_id: z.string().max(64).nullable().optional() }) })
        .optional(),
      refund: z
        .object({
          entity: z.object({
            id: z.string().min(1).max(64),
            // Razorpay sends an empty list for no notes.
            notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
          }),
        })
        .optional(),
    })
    .passthrough(),
});

export const paymentEventJobSchema = z.object({
  eventId: z.string(),
  event: z.string(),
  paymentId: z.string().nullable(),
  gatewayOrderId: z.string().nullable(),
  // refund.* events: the gateway's refund id and the shop's refund row id it carries in its notes.
  refundId: z.string().nullish(),
  shopRefundId: z.string().nullish(),
});
export type PaymentEventJob = z.infer<typeof paymentEventJobSchema>;

const HANDLED = new Set(["payment.captured", "order.paid", "payment.failed", "refund.processed", "refund.failed"]);

/**
 * Accepts one delivery: 400 `invalid_signature` (nothing written) unless `signature` signs
 * `rawBody` under the webhook secret; a repeated event id is accepted and does nothing.
 * Returns whether the event was new.
 */
export async function receiveWebhook(rawBody: string, signature: string | null, eventId: string | null): Promise<boolean> {
  const payments = onlinePayments();
  if (payments.kind !== "gateway" || !signature || !payments.gateway.verifyWebhookSignature(rawBody, signature))
    throw new Invalid("The webhook's signature is not valid.", "X-Razorpay-Signature", "invalid_signature");
  let parsed: z.infer<typeof eventSchema>;
  try {
    parsed = eventSchema.parse(JSON.parse(rawBody));
  } catch {
    throw new Invalid("The webhook's body is not a Razorpay event.");
  }
  if (!eventId || eventId.length > 64) throw new Invalid("X-Razorpay-Event-Id is missing.", "X-Razorpay-Event-Id");
  const payment = parsed.payload.payment?.entity;
  const refund = parsed.payload.refund?.entity;
  const note = refund?.notes && !Array.isArray(refund.notes) ? refund.notes[REFUND_NOTE] : undefined;
  const job: PaymentEventJob = {
    eventId,
    event: parsed.event,
    paymentId: payment?.id ?? null,
    gatewayOrderId: payment?.order_id ?? null,
    ...(refund ? { refundId: refund.id, shopRefundId: typeof note === "string" ? note.slice(0, 64) : null } : {}),
  };
  return db().$transaction(async (tx) => {
    const inserted = await runIn(tx, RECORD_EVENT({ eventId, event: parsed.event }));
    if (inserted === 0) return false;
    if (HANDLED.has(job.event)) await enqueuePaymentEvent(tx, job);
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
 * The job: a captured payment (or a paid order) pays the order whose gateway order it is, once,
 * after the gateway confirms it for that order and in full (settlePayment); a failed payment
 * marks the order's payment failed, the order still waiting for another try. Throws (and is
 * retried) when the gateway cannot be reached.
 */
export async function handlePaymentEvent(job: PaymentEventJob): Promise<string> {
  if (job.event === "refund.processed" || job.event === "refund.failed") return handleRefundEvent(job);
  if (!job.gatewayOrderId || !job.paymentId) return "ignored";
  const payments = onlinePayments();
  if (payments.kind !== "gateway") throw new Error("No payment gateway configured for a webhook job");
  const order = await db().order.findUnique({
    where: { gatewayOrderId: job.gatewayOrderId },
    select: { id: true, total: true, gatewayOrderId: true },
  });
  if (!order) return "unknown_order";
  if (job.event === "payment.failed") {
    // Only while nothing better is known: a failure delivered after the capture changes nothing.
    const { count } = await db().order.updateMany({
      where: { id: order.id, status: "awaiting_payment", paymentStatus: "awaiting" },
      data: { paymentStatus: "failed", updatedAt: new Date() },
    });
    return count ? "failed" : "ignored";
  }
  return settlePayment(payments.gateway, order, job.paymentId);
}
