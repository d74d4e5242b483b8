"use client";

import { create } from "zustand";
import type { useCart as UseCart } from "@/lib/cart/store";

// The header's cart count, apart from the cart itself. The cart's code (its store, the reader of
// the saved cart) loads only when there is a cart: one saved in this browser, or a first bowl
// added. A visitor with an empty cart, most first visits of the menu, never downloads it.

type Cart = typeof UseCart;

/** How many bowls the cart holds; 0 until it is loaded. */
export const useCartCount = create<{ count: number }>()(() => ({ count: 0 }));

let loading: Promise<Cart> | null = null;

/** The cart's store, loaded and read from storage once; the count follows it from then on. */
export function loadCart(): Promise<Cart> {
  loading ??= Promise.all([import("@/lib/cart/store"), import("@/lib/cart/lines")]).then(async ([{ useCart }, { totalQuantity }]) => {
    useCart.subscribe((s) => useCartCount.setState({ count: totalQuantity(s.lines) }));
    if (!useCart.persist.hasHydrated()) await useCart.persist.rehydrate();
    useCartCount.setState({ count: totalQuantity(useCart.getState().lines) });
    return useCart;
  });
  loading.catch(() => (loading = null));
  return loading;
}
