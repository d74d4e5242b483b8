import "server-only";
import type { Task } from "graphile-worker";
import { z } from "zod";
import { handlePaymentEvent, PAYMENT_EVENT_TASK } from "@/lib/payments/webhook";
import { paymentEventJobSchema } from "@/lib/payments/payment-event-job";
import { SEND_REFUND_TASK } from "@/lib/payments/refunds";
import { sendRefund } from "@/lib/payments/refund-send";

// The payments domain's graphile-worker tasks (the one list of every task: lib/flows/job-list.ts).
// A malformed payload is logged and let go; anything else that throws is retried with backoff.

const refundJobSchema = z.object({ refundId: z.string(), checks: z.number().int().nonnegative().default(0) });

const paymentEvent: Task = async (payload, helpers) => {
  const job = paymentEventJobSchema.safeParse(payload);
  if (!job.success) return helpers.logger.error(`Dropped ${PAYMENT_EVENT_TASK} job ${helpers.job.id}: malformed payload`);
  const outcome = await handlePaymentEvent(job.data);
  if (outcome === "mismatch" || outcome === "unknown_order" || outcome === "unknown_refund")
    helpers.logger.warn(`${PAYMENT_EVENT_TASK} ${job.data.eventId} (${job.data.kind}): ${outcome}`);
};

const sendRefundTask: Task = async (payload, helpers) => {
  const job = refundJobSchema.safeParse(payload);
  if (!job.success) return helpers.logger.error(`Dropped ${SEND_REFUND_TASK} job ${helpers.job.id}: malformed payload`);
  const { attempts, max_attempts } = helpers.job;
  const outcome = await sendRefund(job.data.refundId, { attempt: attempts, maxAttempts: max_attempts, checks: job.data.checks });
  if (outcome === "failed") helpers.logger.warn(`${SEND_REFUND_TASK}: refund ${job.data.refundId} failed; an admin may retry it`);
};

export const paymentTasks = { [PAYMENT_EVENT_TASK]: paymentEvent, [SEND_REFUND_TASK]: sendRefundTask };
