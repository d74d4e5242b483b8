"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { useCart } from "@/lib/cart/store";
import { useCartReady } from "@/lib/cart/use-cart-ready";
import { useCheckout, useCheckoutReady } from "@/lib/cart/checkout-store";

/**
 * Loads the cart and checkout state; with an empty cart (or, for the payment step, without an
 * address) sends the customer back. `markDone` silences it once an order was placed and the cart
 * emptied on purpose.
 */
export function useCheckoutGuard(step: "address" | "payment") {
  const router = useRouter();
  const cartReady = useCartReady();
  const checkoutReady = useCheckoutReady();
  const lines = useCart((s) => s.lines);
  const address = useCheckout((s) => s.address);
  const [done, setDone] = useState(false);
  const ready = cartReady && checkoutReady;
  const redirectTo = !ready || done ? null : lines.length === 0 ? "/cart" : step === "payment" && !address ? "/checkout/address" : null;

  useEffect(() => {
    if (redirectTo) router.replace(redirectTo);
  }, [redirectTo, router]);

  return { ready: ready && !redirectTo, lines, address, markDone: () => setDone(true) };
}
