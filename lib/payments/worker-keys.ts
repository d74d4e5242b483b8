import "server-only";
import { db } from "@/lib/db";
import { paymentSetup } from "@/lib/payments/setup";

// A job worker of its own (`npm run worker`) runs the shop's payment jobs too: webhook events, the
// expiry of unpaid orders (which asks the gateway), refunds. Started without the gateway's keys it
// would run them all and fail each (issue 32, L9), so it refuses to start while the shop has taken
// payments through the gateway: those orders' refunds, and any new ones, need the keys.

const MISSING =
  "[jobs] this shop takes payments through Razorpay, but RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are not set here: set them to the shop's own and start the worker again.";

/** The one line the worker refuses to start with, or null when it has what its jobs need. */
export async function missingGatewayKeys(): Promise<string | null> {
  if (paymentSetup().mode === "razorpay") return null;
  const online = await db().order.findFirst({ where: { gateway: { not: null } }, select: { id: true } });
  return online ? MISSING : null;
}
