import type { PaymentMethodLabel } from "@/lib/orders/schema";

/**
 * What a shop page tells the browser about paying online (read on the server: payment-options.ts).
 * No keys, no secrets: which methods are offered, where Checkout's script is, how long an unpaid order waits.
 */
export type PaymentOptions = {
  /** Cash on Delivery always; UPI and Card only when the shop can take them (product.md §10). */
  methods: PaymentMethodLabel[];
  /** RAZORPAY_CHECKOUT_URL when a gateway takes the payments; null without one. */
  scriptUrl: string | null;
  /** How long an unpaid order waits before the shop cancels it. */
  paymentWindowMs: number;
};

/** When an order placed at `createdAt` is cancelled if still unpaid, `windowMs` later (product.md §10). */
export function payDeadline(createdAt: string, windowMs: number): string {
  return new Date(Date.parse(createdAt) + windowMs).toISOString();
}
