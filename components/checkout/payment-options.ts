import "server-only";
import { PAYMENT_METHODS } from "@/lib/orders/schema";
import { PAYMENT_WINDOW_MS } from "@/lib/payments/payment-window";
import { gatewayOrigins, paymentSetup } from "@/lib/payments/setup";
import type { PaymentOptions } from "@/components/checkout/payment-terms";

/**
 * How this shop takes payments, read on the server for each request (the pages that pay are per
 * visitor anyway, so nothing cached depends on it).
 */
export function paymentOptions(): PaymentOptions {
  const setup = paymentSetup();
  // Production without keys: Cash on Delivery only. Test processes of other suites without a
  // gateway still place UPI and Card, recorded unpaid as before §10 (lib/payments/current.ts).
  if (setup.mode === "none") return { methods: ["Cash on Delivery"], scriptUrl: null, paymentWindowMs: PAYMENT_WINDOW_MS };
  return {
    methods: [...PAYMENT_METHODS],
    scriptUrl: gatewayOrigins()?.checkoutUrl ?? null,
    paymentWindowMs: PAYMENT_WINDOW_MS,
  };
}
