import { describe, expect, it } from "vitest";
import { paymentEventJobSchema } from "@/lib/payments/payment-event-job";

// A payment_event job queued by the release before the payment port named Razorpay's event
// (`event`); one queued during a deploy is read in the port's words rather than dropped.

const base = { eventId: "evt_1", paymentId: "pay_1", gatewayOrderId: "order_1" };

describe("payment_event jobs", () => {
  it("reads a job in the port's words as it is", () => {
    expect(paymentEventJobSchema.parse({ ...base, kind: "payment_captured" })).toEqual({ ...base, kind: "payment_captured" });
  });

  it.for([
    ["payment.captured", "payment_captured"],
    ["order.paid", "payment_captured"],
    ["payment.failed", "payment_failed"],
    ["refund.processed", "refund_processed"],
    ["refund.failed", "refund_failed"],
  ] as const)("reads an earlier release's %s as %s", ([event, kind]) => {
    expect(paymentEventJobSchema.parse({ ...base, event })).toEqual({ ...base, kind });
  });

  it("refuses an earlier job naming an event the shop does not act on, and a job with neither", () => {
    expect(paymentEventJobSchema.safeParse({ ...base, event: "payment.dispute.created" }).success).toBe(false);
    expect(paymentEventJobSchema.safeParse(base).success).toBe(false);
  });
});
