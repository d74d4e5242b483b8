"use client";

import { useEffect, useSyncExternalStore } from "react";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { Address } from "@/lib/orders/schema";
import type { CheckedPin } from "@/lib/cart/delivery-terms";

// What the checkout carries from the address step to the payment step, kept in sessionStorage
// (this tab only, gone when it closes). Also the Idempotency-Key of the current checkout
// attempt: made once, reused by every retry, dropped only after the order is placed, so a
// double click or a retry after a lost reply can never create a second order. With the address,
// the delivery area its PIN was found in (product.md §9), so the cart and the payment step
// charge that area's fee and hold to its minimum.

type CheckoutState = {
  address: Address | null;
  /** The terms the address's PIN was served on when last checked; null when not known. */
  delivery: CheckedPin | null;
  idempotencyKey: string | null;
  /** The coupon code the customer applied in the cart or at payment (product.md §13); the server decides it again. */
  couponCode: string | null;
  setCouponCode: (code: string | null) => void;
  setAddress: (address: Address, delivery: CheckedPin | null) => void;
  /** The terms of the address's PIN as checked again (an admin may have changed the areas). */
  setDelivery: (delivery: CheckedPin | null) => void;
  /** The key for this attempt, made on first use. */
  attemptKey: () => string;
  /** Starts a new attempt (after an order is placed, or when the old key was spent). */
  newAttempt: () => void;
  reset: () => void;
};

/** A v4 UUID; randomUUID only exists in secure contexts (https, localhost), getRandomValues everywhere. */
function uuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const useCheckout = create<CheckoutState>()(
  persist(
    (set, get) => ({
      address: null,
      delivery: null,
      idempotencyKey: null,
      couponCode: null,
      setCouponCode: (couponCode) => set({ couponCode }),
      setAddress: (address, delivery) => set({ address, delivery }),
      setDelivery: (delivery) => set({ delivery }),
      attemptKey: () => {
        const existing = get().idempotencyKey;
        if (existing) return existing;
        const key = uuid();
        set({ idempotencyKey: key });
        return key;
      },
      newAttempt: () => set({ idempotencyKey: null }),
      reset: () => set({ address: null, delivery: null, idempotencyKey: null, couponCode: null }),
    }),
    {
      name: "fresh-bowl-checkout",
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ address: s.address, delivery: s.delivery, idempotencyKey: s.idempotencyKey, couponCode: s.couponCode }),
      skipHydration: true,
    },
  ),
);

/** Loads the saved checkout state once on the client; true once loaded. */
export function useCheckoutReady(): boolean {
  useEffect(() => {
    if (!useCheckout.persist.hasHydrated()) void useCheckout.persist.rehydrate();
  }, []);
  return useSyncExternalStore(
    (cb) => useCheckout.persist.onFinishHydration(cb),
    () => useCheckout.persist.hasHydrated(),
    () => false,
  );
}
