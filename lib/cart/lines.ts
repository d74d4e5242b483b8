import type { CartItemInput, CartLine, LinePrices } from "@/lib/cart/types";
import type { OrderItemInput } from "@/lib/orders/schema";
import type { PortionKey } from "@/lib/portions";

// The cart's rules, as pure functions over its lines (client-safe; the store applies them).

/** At most this many of one line; the order API refuses more (its MAX_LINE_QUANTITY, kept equal by a test). */
export const MAX_LINE_QUANTITY = 20;

export const cartIdOf = (id: string, portion: PortionKey) => `${id}-${portion}`;

/** Adding a portion already in the cart adds 1 to its line (up to the limit). */
export function addLine(lines: CartLine[], item: CartItemInput): CartLine[] {
  const cartId = cartIdOf(item.id, item.portion);
  const existing = lines.find((l) => l.cartId === cartId);
  if (existing) {
    return lines.map((l) => (l.cartId === cartId ? { ...l, quantity: Math.min(MAX_LINE_QUANTITY, l.quantity + 1) } : l));
  }
  return [...lines, { ...item, cartId, quantity: 1 }];
}

/** Minus lowers by 1 and removes the line at 1. */
export function decreaseLine(lines: CartLine[], cartId: string): CartLine[] {
  const line = lines.find((l) => l.cartId === cartId);
  if (!line) return lines;
  if (line.quantity <= 1) return lines.filter((l) => l.cartId !== cartId);
  return lines.map((l) => (l.cartId === cartId ? { ...l, quantity: l.quantity - 1 } : l));
}

/** The server's current prices applied by `cartId`; lines it did not price keep theirs. */
export function repriceLines(lines: CartLine[], prices: LinePrices): CartLine[] {
  return lines.map((l) => ({ ...l, price: prices.get(l.cartId) ?? l.price }));
}

/** The order API's items for these lines: what to make and how many; the server prices them itself. */
export function orderItemsOf(lines: CartLine[]): OrderItemInput[] {
  return lines.map((l) => ({ menuItemId: l.id, portion: l.portion, quantity: l.quantity }));
}

export function totalQuantity(lines: CartLine[]): number {
  return lines.reduce((n, l) => n + l.quantity, 0);
}

export function subtotalOf(lines: CartLine[]): number {
  return lines.reduce((n, l) => n + l.price * l.quantity, 0);
}
