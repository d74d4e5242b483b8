import { z } from "zod";
import { razorpayEventKind } from "@/lib/payments/razorpay-replies";

// What the payment_event job carries (webhook.ts queues it, jobs.ts runs it): a webhook already
// translated by the gateway's adapter into the port's terms, so the job knows no gateway's names.

const jobSchema = z.object({
  eventId: z.string(),
  kind: z.enum(["payment_authorized", "payment_captured", "payment_failed", "refund_processed", "refund_failed"]),
  paymentId: z.string().nullable(),
  gatewayOrderId: z.string().nullable(),
  // refund_* events: the gateway's refund id and the shop's refund row id it carries.
  refundId: z.string().nullish(),
  shopRefundId: z.string().nullish(),
});

/**
 * A job queued by the release before the port carries Razorpay's event name (`event`) rather than
 * `kind`: read in the port's words, so a job queued during a deploy is not dropped as malformed.
 */
function fromEarlierRelease(payload: unknown): unknown {
  if (typeof payload !== "object" || payload === null || "kind" in payload || !("event" in payload)) return payload;
  const { event, ...rest } = payload as { event: unknown };
  return { ...rest, kind: typeof event === "string" ? razorpayEventKind(event) : null };
}

export const paymentEventJobSchema = z.preprocess(fromEarlierRelease, jobSchema);
export type PaymentEventJob = z.infer<typeof jobSchema>;
