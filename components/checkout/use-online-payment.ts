"use client";

import { useRef, useState } from "react";
import { ApiError, messageOf } from "@/lib/client/api-client";
import type { CheckoutValues } from "@/lib/orders/types";
import { PAYMENT_FAILED, PAYMENT_NOT_COMPLETED, PAYMENT_NOT_CONFIRMED, PAYMENT_NOT_STARTED } from "@/lib/payments/words";
import { paymentCalls } from "@/components/checkout/payment-calls";
import { openCheckout, type CheckoutEvent, type PaymentProof } from "@/lib/payments/browser-checkout";

/** Why the order is not paid yet, as the customer is told (`detail`: the gateway's or the server's own words). */
export type PaymentProblem = { title: string; detail?: string };

/** What the customer is waiting for; null while nothing is under way. */
export type PaymentBusy = "opening" | "confirming" | "switching" | null;

type Options = {
  orderId: string;
  /** "Order #AB12CD", shown in Checkout's dialog. */
  description: string;
  /** RAZORPAY_CHECKOUT_URL, from the server. */
  scriptUrl: string;
  /** The order is paid, switched to cash, or no longer waiting: the success page says where it stands. */
  onSettled: () => void;
};

/**
 * Paying one order waiting for payment (product.md §10): opens Checkout, hands its proof to the
 * server (the order counts as paid only on its 200), and offers the ways on when it was not paid:
 * open Checkout again with fresh values, or pay on delivery instead.
 */
export function useOnlinePayment({ orderId, description, scriptUrl, onSettled }: Options) {
  const [busy, setBusy] = useState<PaymentBusy>(null);
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  // A failure stays the message when the customer then closes the gateway's dialog.
  const failedThisTime = useRef(false);
  const settled = useRef(false);

  const settle = () => {
    settled.current = true;
    onSettled();
  };

  /** A refusal because the order is not waiting any more (paid by a webhook meanwhile, expired). */
  const movedOn = (error: unknown) => error instanceof ApiError && error.code === "not_awaiting_payment";

  async function confirm(proof: PaymentProof) {
    setBusy("confirming");
    setProblem(null);
    try {
      await paymentCalls.pay(orderId, proof);
      settle();
    } catch (error) {
      setBusy(null);
      // Unreachable or a 5xx: the money may have moved; the gateway's webhook settles it.
      const unsure = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
      setProblem({ title: unsure ? PAYMENT_NOT_CONFIRMED : messageOf(error, PAYMENT_NOT_CONFIRMED) });
    }
  }

  function onEvent(event: CheckoutEvent) {
    if (settled.current) return;
    switch (event.kind) {
      case "paid":
        void confirm(event.proof);
        return;
      case "failed":
        failedThisTime.current = true;
        setBusy(null);
        setProblem({ title: PAYMENT_FAILED, detail: event.reason ?? undefined });
        return;
      case "dismissed":
        setBusy(null);
        if (!failedThisTime.current) setProblem({ title: PAYMENT_NOT_COMPLETED });
        return;
      case "unavailable":
        setBusy(null);
        setProblem({ title: PAYMENT_NOT_STARTED });
    }
  }

  /** Opens Checkout with these values; null (the gateway could not be reached when the order was placed) says so. */
  async function open(values: CheckoutValues | null) {
    if (!values) {
      setProblem({ title: PAYMENT_NOT_STARTED });
      return;
    }
    failedThisTime.current = false;
    setBusy("opening");
    await openCheckout(scriptUrl, values, description, onEvent);
    setBusy((now) => (now === "opening" ? null : now));
  }

  /** `Pay now` / `Try again`: fresh values from the server, then Checkout. */
  async function payNow() {
    if (busy) return;
    setBusy("opening");
    setProblem(null);
    try {
      await open(await paymentCalls.checkout(orderId));
    } catch (error) {
      if (movedOn(error)) return settle();
      setBusy(null);
      setProblem({ title: PAYMENT_NOT_STARTED, detail: error instanceof ApiError && error.fromServer ? error.message : undefined });
    }
  }

  /** `Pay on delivery instead`: the order goes to the kitchen now. */
  async function payOnDelivery() {
    if (busy) return;
    setBusy("switching");
    setProblem(null);
    try {
      await paymentCalls.payOnDelivery(orderId);
      settle();
    } catch (error) {
      if (movedOn(error)) return settle();
      setBusy(null);
      setProblem({ title: messageOf(error, "Could not switch to pay on delivery. Please try again.") });
    }
  }

  return { busy, problem, open, payNow, payOnDelivery };
}
