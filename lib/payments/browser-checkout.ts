"use client";

import type { CheckoutValues } from "@/lib/orders/types";

// The browser side of the Razorpay adapter: its Standard Checkout (product.md §10), its script
// loaded once from RAZORPAY_CHECKOUT_URL (the Content Security Policy allows exactly that origin
// and its frame's), opened with the values the server gave for the order. Everything it reports
// is only a claim: the server checks the signature and asks the gateway before the order counts
// as paid. The proof's field names are the contract's (POST /api/orders/{id}/payment).

/** What Checkout's success handler receives, sent as is to POST /api/orders/{id}/payment. */
export type PaymentProof = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };

/** What `payment.failed` carries (Razorpay's shape; only the description is shown). */
type PaymentFailure = { error?: { code?: string; description?: string; reason?: string } };

type RazorpayOptions = {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description?: string;
  prefill: { name: string; email: string; contact: string };
  handler: (proof: PaymentProof) => void;
  modal: { ondismiss: () => void };
};

type RazorpayInstance = { open: () => void; on: (event: "payment.failed", callback: (failure: PaymentFailure) => void) => void };
type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | null = null;

/** The Checkout script, added to the page once; a failed load is forgotten so the next try loads again. */
function loadCheckout(src: string): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error("Checkout script defined no Razorpay")));
    script.onerror = () => {
      script.remove();
      reject(new Error("Checkout script did not load"));
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export type CheckoutEvent =
  { kind: "paid"; proof: PaymentProof } | { kind: "failed"; reason: string | null } | { kind: "dismissed" } | { kind: "unavailable" };

/**
 * Opens Checkout for `values` and reports what happens, as it happens. Razorpay keeps its dialog
 * open after a failed attempt (the customer may try again inside it), so "failed" may be followed
 * by "paid" or "dismissed"; the imitation closes on a failure.
 */
export async function openCheckout(
  scriptUrl: string,
  values: CheckoutValues,
  description: string,
  report: (event: CheckoutEvent) => void,
): Promise<void> {
  let Razorpay: RazorpayConstructor;
  try {
    Razorpay = await loadCheckout(scriptUrl);
  } catch {
    report({ kind: "unavailable" });
    return;
  }
  try {
    const checkout = new Razorpay({
      key: values.key,
      order_id: values.orderId,
      amount: values.amount,
      currency: values.currency,
      name: values.name,
      description,
      prefill: values.prefill,
      handler: (proof) => report({ kind: "paid", proof }),
      modal: { ondismiss: () => report({ kind: "dismissed" }) },
    });
    checkout.on("payment.failed", (event) => report({ kind: "failed", reason: event.error?.description ?? null }));
    checkout.open();
  } catch {
    report({ kind: "unavailable" });
  }
}
