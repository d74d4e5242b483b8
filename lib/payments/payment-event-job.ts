import { z } from "zod";

// What the payment_event job carries (webhook.ts queues it, jobs.ts runs it): a webhook already
// translated by the gateway's adapter into the port's terms, so the job knows no gateway's names.

export const paymentEventJobSchema = z.object({
  eventId: z.string(),
  kind: z.enum(["payment_captured", "payment_failed", "refund_processed", "refund_failed"]),
  paymentId: z.string().nullable(),
  gatewayOrderId: z.string().nullable(),
  // refund_* events: the gateway's refund id and the shop's refund row id it carries.
  refundId: z.string().nullish(),
  shopRefundId: z.string().nullish(),
});
export type PaymentEventJob = z.infer<typeof paymentEventJobSchema>;
