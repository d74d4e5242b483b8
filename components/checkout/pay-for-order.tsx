"use client";

import { useEffect, useId, useRef } from "react";
import { useRouter } from "next/navigation";
import type { CheckoutValues } from "@/lib/orders/types";
import { payByWords } from "@/lib/payments/words";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useOnlinePayment, type PaymentBusy } from "@/components/checkout/use-online-payment";

type Props = {
  orderId: string;
  orderCode: string;
  /** RAZORPAY_CHECKOUT_URL, from the server. */
  scriptUrl: string;
  /** When the shop cancels the order if it is still unpaid (placed + 15 minutes). */
  deadline: string;
  /**
   * Just placed: Checkout opens at once with these values (null: the gateway could not be
   * reached, and the customer is told so and offered the ways on). Left out: `Pay now` opens it.
   */
  placed?: { checkout: CheckoutValues | null };
};

const BUSY_WORDS: Record<Exclude<PaymentBusy, null>, string> = {
  opening: "Opening the secure payment window…",
  confirming: "Confirming your payment…",
  switching: "Switching to pay on delivery…",
};

/**
 * The ways to pay an order waiting for payment (product.md §10): Checkout (`Pay now`, or `Try
 * again` after it was closed or failed) and `Pay on delivery instead`, with how long the order
 * waits. Once paid or switched, the success page shows the order as it is now.
 */
export function PayForOrder({ orderId, orderCode, scriptUrl, deadline, placed }: Props) {
  const router = useRouter();
  const headingId = useId();
  const payment = useOnlinePayment({
    orderId,
    description: `Order #${orderCode}`,
    scriptUrl,
    onSettled: () => router.replace(`/order-success?id=${encodeURIComponent(orderId)}`),
  });
  const { busy, problem } = payment;

  // Opened once when the order was just placed (React may run an effect twice in development).
  const opened = useRef(false);
  const { open } = payment;
  const initial = placed?.checkout;
  useEffect(() => {
    if (placed === undefined || opened.current) return;
    opened.current = true;
    void open(initial ?? null);
  }, [placed, initial, open]);

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-orange-200 bg-orange-50 p-5 sm:p-6">
      <h2 id={headingId} className="text-xl font-bold text-stone-900">
        Payment needed
      </h2>
      <p className="mt-1 text-stone-800">
        The kitchen starts on order #{orderCode} once it is paid. <strong data-testid="pay-by">{payByWords(deadline)}</strong> (India time).
      </p>
      {/* One live region for what is under way; a problem is announced as an alert. */}
      <p role="status" className="mt-2 min-h-5 text-sm text-stone-700">
        {busy ? BUSY_WORDS[busy] : ""}
      </p>
      {problem && (
        <div className="mt-2">
          <Alert tone="error">
            <p className="font-semibold">{problem.title}</p>
            {problem.detail && <p className="mt-1">{problem.detail}</p>}
          </Alert>
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={() => void payment.payNow()} disabled={busy !== null}>
          {problem ? "Try again" : "Pay now"}
        </Button>
        <Button variant="secondary" onClick={() => void payment.payOnDelivery()} disabled={busy !== null}>
          Pay on delivery instead
        </Button>
      </div>
    </section>
  );
}
