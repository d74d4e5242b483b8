"use client";

import { create } from "zustand";
import { persist, type PersistStorage } from "zustand/middleware";
import { addLine, decreaseLine, increaseLine, mergeLines, repriceLines } from "@/lib/cart/lines";
import { storedCartLines } from "@/lib/cart/stored-cart";
import type { CartItemInput, CartLine, LinePrices } from "@/lib/cart/types";
import { CART_STORAGE_KEY } from "@/lib/cart/storage-key";

// The cart lives in the browser (localStorage) and follows the seed's rules exactly.
// Prices here are for display only: the server prices every order from the database.

type CartState = {
  lines: CartLine[];
  add: (item: CartItemInput) => void;
  /** Puts whole lines in (Order again), merged with the cart's own by cartId. */
  merge: (lines: CartLine[]) => void;
  increase: (cartId: string) => void;
  decrease: (cartId: string) => void;
  remove: (cartId: string) => void;
  /** Shows the server's current prices (a stale cart's 409), matched by cartId. */
  reprice: (prices: LinePrices) => void;
  clear: () => void;
};

type SavedCart = Pick<CartState, "lines">;

const CART_VERSION = 1;

// Saved as JSON, as zustand's own JSON storage would, but read back through the cart's schema:
// a cart saved by an older shop or edited by hand loses its bad lines instead of breaking the
// page (zustand's reader would stop hydrating on bad JSON and leave "Loading your cart…" up).
const savedCart: PersistStorage<SavedCart> = {
  getItem: (name) => ({ state: { lines: storedCartLines(localStorage.getItem(name)) }, version: CART_VERSION }),
  setItem: (name, value) => localStorage.setItem(name, JSON.stringify(value)),
  removeItem: (name) => localStorage.removeItem(name),
};

export const useCart = create<CartState>()(
  persist(
    (set) => ({
      lines: [],
      add: (item) => set((s) => ({ lines: addLine(s.lines, item) })),
      merge: (lines) => set((s) => ({ lines: mergeLines(s.lines, lines) })),
      increase: (cartId) => set((s) => ({ lines: increaseLine(s.lines, cartId) })),
      decrease: (cartId) => set((s) => ({ lines: decreaseLine(s.lines, cartId) })),
      remove: (cartId) => set((s) => ({ lines: s.lines.filter((l) => l.cartId !== cartId) })),
      reprice: (prices) => set((s) => ({ lines: repriceLines(s.lines, prices) })),
      clear: () => set({ lines: [] }),
    }),
    {
      name: CART_STORAGE_KEY,
      version: CART_VERSION,
      storage: savedCart,
      partialize: (s): SavedCart => ({ lines: s.lines }),
      // Read after hydration (see useCartReady) so server and first client render agree.
      skipHydration: true,
    },
  ),
);
