"use client";

import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { PortionKey } from "@/lib/portions";

// The cart lives in the browser (localStorage) and follows the seed's rules exactly.
// Prices here are for display only: the server prices every order from the database.

export type CartLine = {
  cartId: string;
  id: string;
  name: string;
  image: string;
  portion: PortionKey;
  price: number;
  quantity: number;
};

export type CartItemInput = Omit<CartLine, "cartId" | "quantity">;

export const MAX_LINE_QUANTITY = 20;

export const cartIdOf = (id: string, portion: PortionKey) => `${id}-${portion}`;

type CartState = {
  lines: CartLine[];
  add: (item: CartItemInput) => void;
  decrease: (cartId: string) => void;
  remove: (cartId: string) => void;
  clear: () => void;
};

export function addLine(lines: CartLine[], item: CartItemInput): CartLine[] {
  const cartId = cartIdOf(item.id, item.portion);
  const existing = lines.find((l) => l.cartId === cartId);
  if (existing) {
    return lines.map((l) => (l.cartId === cartId ? { ...l, quantity: Math.min(MAX_LINE_QUANTITY, l.quantity + 1) } : l));
  }
  return [...lines, { ...item, cartId, quantity: 1 }];
}

export function decreaseLine(lines: CartLine[], cartId: string): CartLine[] {
  const line = lines.find((l) => l.cartId === cartId);
  if (!line) return lines;
  if (line.quantity <= 1) return lines.filter((l) => l.cartId !== cartId);
  return lines.map((l) => (l.cartId === cartId ? { ...l, quantity: l.quantity - 1 } : l));
}

export function totalQuantity(lines: CartLine[]): number {
  return lines.reduce((n, l) => n + l.quantity, 0);
}

export function subtotalOf(lines: CartLine[]): number {
  return lines.reduce((n, l) => n + l.price * l.quantity, 0);
}

export const useCart = create<CartState>()(
  persist(
    (set) => ({
      lines: [],
      add: (item) => set((s) => ({ lines: addLine(s.lines, item) })),
      decrease: (cartId) => set((s) => ({ lines: decreaseLine(s.lines, cartId) })),
      remove: (cartId) => set((s) => ({ lines: s.lines.filter((l) => l.cartId !== cartId) })),
      clear: () => set({ lines: [] }),
    }),
    {
      name: "fresh-bowl-cart",
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // Read after hydration (see useCartReady) so server and first client render agree.
      skipHydration: true,
    },
  ),
);
