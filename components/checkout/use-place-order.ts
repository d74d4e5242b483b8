"use client";

import { useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { api, settle } from "@/lib/client/api-client";
import { orderItemsOf } from "@/lib/cart/lines";
import { useCart } from "@/lib/cart/store";
import { useCheckout } from "@/lib/cart/checkout-store";
import type { CartLine } from "@/lib/cart/types";
import type { Address, PaymentMethodLabel } from "@/lib/orders/schema";
import type { Buyer } from "@/lib/billing/buyer-schema";
import { placeOrderOutcome, type AwaitingPayment, type DeliveryRefusal, type Failure } from "@/components/checkout/place-order-reply";

type Order = {
  lines: CartLine[];
  address: Address;
  paymentMethod: PaymentMethodLabel;
  /** The total shown; left out while the delivery fee is not known (the server prices the order anyway). */
  total: number | undefined;
  /** "asap" or the chosen slot's start (product.md §9). */
  deliverAt: string;
  /** A business to bill (product.md §11); null for a bill to the customer. */
  buyer: Buyer | null;
  /** A coupon the server said applies (product.md §13); it decides again. */
  couponCode?: string;
  /** The customer asked for updates on WhatsApp (product.md §14). */
  whatsapp?: boolean;
};

type Handlers = {
  /** Runs before the cart is emptied. */
  onPlaced: () => void;
  /** The order exists and waits to be paid online: true when the step opens Checkout instead of leaving. */
  onAwaitingPayment: (orderId: string, payment: AwaitingPayment) => boolean;
  /** The shop refused the order's place or time: the step shows what can be had instead. */
  onRefused: (code: DeliveryRefusal) => void;
};

/**
 * "Place Order": sends the order under this checkout attempt's Idempotency-Key (so a double
 * click or a retry after a lost reply is the same order, never a second one), and carries out
 * what the reply means (place-order-reply.ts).
 */
export function usePlaceOrder({ onPlaced, onAwaitingPayment, onRefused }: Handlers) {
  const router = useRouter();
  const [placing, setPlacing] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  // State updates land after a render; a double click arrives before that, so a ref guards it too.
  const inFlight = useRef(false);

  async function placeOrder({ lines, address, paymentMethod, total, deliverAt, buyer, couponCode, whatsapp }: Order) {
    if (inFlight.current) return;
    inFlight.current = true;
    setPlacing(true);
    setFailure(null);
    const items = orderItemsOf(lines);
    const key = useCheckout.getState().attemptKey();
    const outcome = placeOrderOutcome(
      lines,
      await settle(
        api.placeOrder(
          {
            items,
            address,
            paymentMethod,
            total,
            deliverAt,
            ...(buyer && { buyer }),
            ...(couponCode && { couponCode }),
            ...(whatsapp && { whatsapp }),
          },
          key,
        ),
      ),
    );

    if (outcome.kind === "placed") {
      // Stays in flight: the page is leaving, and nothing may place this order twice.
      // The order exists either way: the cart is spent, and paying goes on from the order itself.
      onPlaced();
      useCart.getState().clear();
      useCheckout.getState().reset();
      if (!outcome.payment || !onAwaitingPayment(outcome.orderId, outcome.payment)) router.replace(outcome.to);
      return;
    }
    inFlight.current = false;
    setPlacing(false);
    if (outcome.kind === "sign_in") {
      router.push(outcome.to);
      return;
    }
    if (outcome.kind === "prices_changed") useCart.getState().reprice(outcome.prices);
    if (outcome.kind === "refused") {
      useCheckout.getState().newAttempt();
      onRefused(outcome.code);
    }
    if (outcome.kind === "failed" && outcome.newAttempt) useCheckout.getState().newAttempt();
    setFailure(outcome.failure);
  }

  return { placing, failure, placeOrder, clearFailure: () => setFailure(null) };
}
