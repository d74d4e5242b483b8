"use client";

import { create } from "zustand";
import type { useCart as UseCart } from "@/lib/cart/store";
import type { CartLine } from "@/lib/cart/types";

// The header's cart count, apart from the cart itself. The cart's code (its store, the reader of
// the saved cart) loads only when there is a cart: one saved in this browser, or a first bowl
// added. A visitor with an empty cart, most first visits of the menu, never downloads it.

type Cart = typeof UseCart;

/** How many bowls the cart holds and what they come to (rupees, before charges); 0 until it is loaded. */
export const useCartCount = create<{ count: number; subtotal: number }>()(() => ({ count: 0, subtotal: 0 }));

let loading: Promise<Cart> | null = null;

/** The cart's store, loaded and read from storage once; the count follows it from then on. */
export function loadCart(): Promise<Cart> {
  loading ??= Promise.all([import("@/lib/cart/store"), import("@/lib/cart/lines")]).then(
    async ([{ useCart }, { subtotalOf, totalQuantity }]) => {
      const follow = (lines: CartLine[]) => useCartCount.setState({ count: totalQuantity(lines), subtotal: subtotalOf(lines) });
      useCart.subscribe((s) => follow(s.lines));
      if (!useCart.persist.hasHydrated()) await useCart.persist.rehydrate();
      follow(useCart.getState().lines);
      return useCart;
    },
  );
  loading.catch(() => (loading = null));
  return loading;
}
