import "server-only";
import { env } from "@/lib/env";
import type { GatewayOrigins } from "@/lib/security-headers";

// Which gateway the shop takes online payments through (product.md §1 and §10):
// - keys set: Razorpay's API at RAZORPAY_API_URL (the real one, or an imitation tests point at);
// - no keys, not production (`npm run dev`, tests): the local imitation, started by the caller
//   (imitations/razorpay/), so the whole flow can be tried on a fresh clone;
// - no keys in production: none, and the shop offers Cash on Delivery only.

export type GatewayCredentials = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  apiUrl: string;
};

export type PaymentSetup =
  { mode: "razorpay"; credentials: GatewayCredentials; checkoutUrl: string } | { mode: "imitation" } | { mode: "none" };

export function paymentSetup(): PaymentSetup {
  const e = env();
  // lib/env.ts has already refused a partial set, so one key stands for all three.
  if (e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET) {
    return {
      mode: "razorpay",
      credentials: {
        keyId: e.RAZORPAY_KEY_ID,
        keySecret: e.RAZORPAY_KEY_SECRET,
        webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
        apiUrl: e.RAZORPAY_API_URL,
      },
      checkoutUrl: e.RAZORPAY_CHECKOUT_URL,
    };
  }
  return e.isProduction ? { mode: "none" } : { mode: "imitation" };
}

/**
 * The gateway's origins the pages' Content Security Policy allows (product.md §10), read from
 * this server's settings at run time (proxy.ts), whatever the build was made with; none without keys.
 */
export function gatewayOrigins(): GatewayOrigins | undefined {
  const setup = paymentSetup();
  return setup.mode === "razorpay" ? { checkoutUrl: setup.checkoutUrl, apiUrl: setup.credentials.apiUrl } : undefined;
}
