import type { GatewayImitation } from "@/imitations/razorpay/server";
import { db } from "@/lib/db";

// The payment tests' gateway: the shop's RAZORPAY_* settings pointed at a local imitation, and
// the payment jobs those tests leave behind.

/** The settings (for changeSettings) that send the shop's payments to `imitation`. */
export function gatewaySettings(imitation: GatewayImitation): Record<string, string> {
  return {
    RAZORPAY_KEY_ID: imitation.credentials.keyId,
    RAZORPAY_KEY_SECRET: imitation.credentials.keySecret,
    RAZORPAY_WEBHOOK_SECRET: imitation.credentials.webhookSecret,
    RAZORPAY_API_URL: imitation.url,
    RAZORPAY_CHECKOUT_URL: imitation.checkoutUrl,
  };
}

/** Drops queued payment jobs, so a resumed worker never runs them against a stopped imitation. */
export async function dropPaymentJobs(): Promise<void> {
  await db().$executeRaw`DELETE FROM graphile_worker._private_jobs j USING graphile_worker._private_tasks t
    WHERE t.id = j.task_id AND t.identifier IN ('payment_event', 'expire_unpaid_order', 'send_refund')`;
}
