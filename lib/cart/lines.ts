import type { CartItemInput, CartLine, LinePrices } from "@/lib/cart/types";
import type { PortionKey } from "@/lib/portions";
import { MAX_LINE_QUANTITY } from "@/lib/orders/limits";

// The cart's rules, as pure functions over its lines (client-safe; the store applies them).

/** The identity of a line with the item's default options and no note (product.md §3). */
export const cartIdOf = (id: string, portion: PortionKey) => `${id}-${portion}`;

/** 32-bit FNV-1a of the text, in base 36: short, deterministic, and enough to tell one cart's lines apart. */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/**
 * The identity of a customised line: the plain one and a hash of the chosen choice ids (in any
 * order: the same choices are the same line) and the note, so two lines with other choices or
 * another note never merge, and the same ones always do.
 */
export function customCartIdOf(id: string, portion: PortionKey, choiceIds: readonly string[], note: string): string {
  return `${cartIdOf(id, portion)}-${shortHash(`${[...choiceIds].sort().join(",")}\n${note}`)}`;
}

/** A line of the order request: a customised line names its choices (and note); a plain one leaves the defaults to the server. */
type OrderLineRequest = { menuItemId: string; portion: PortionKey; quantity: number; options?: string[]; note?: string };

/** Whether the line carries its own options or a note (its cartId has the suffix), rather than the item's defaults. */
const isCustomised = (line: Pick<CartLine, "cartId" | "id" | "portion">) => line.cartId !== cartIdOf(line.id, line.portion);

function lineOf(item: CartItemInput): Omit<CartLine, "quantity"> {
  const { options, note = "", ...rest } = item;
  if (!options) return { ...rest, options: [], note: "", cartId: cartIdOf(item.id, item.portion) };
  const cartId = customCartIdOf(
    item.id,
    item.portion,
    options.map((o) => o.id),
    note,
  );
  return { ...rest, options, note, cartId };
}

const raise = (lines: CartLine[], cartId: string) =>
  lines.map((l) => (l.cartId === cartId ? { ...l, quantity: Math.min(MAX_LINE_QUANTITY, l.quantity + 1) } : l));

/** Adding a line already in the cart (same item, portion, options and note) adds 1 to it (up to the limit). */
export function addLine(lines: CartLine[], item: CartItemInput): CartLine[] {
  const line = lineOf(item);
  if (lines.some((l) => l.cartId === line.cartId)) return raise(lines, line.cartId);
  return [...lines, { ...line, quantity: 1 }];
}

/**
 * Lines from elsewhere (an earlier order, product.md §13) put into the cart by its own rule: a
 * line the cart holds already (same cartId: item, portion, options and note) gains their quantity
 * (up to the limit) and takes their price, which is today's; any other is added at the end.
 */
export function mergeLines(lines: CartLine[], incoming: readonly CartLine[]): CartLine[] {
  let merged = lines;
  for (const line of incoming) {
    const held = merged.find((l) => l.cartId === line.cartId);
    merged = held
      ? merged.map((l) => (l === held ? { ...l, price: line.price, quantity: Math.min(MAX_LINE_QUANTITY, l.quantity + line.quantity) } : l))
      : [...merged, { ...line, quantity: Math.min(MAX_LINE_QUANTITY, line.quantity) }];
  }
  return merged;
}

/** Plus adds 1 to the line (up to the limit). */
export function increaseLine(lines: CartLine[], cartId: string): CartLine[] {
  return raise(lines, cartId);
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

/**
 * The order API's items for these lines: what to make and how many; the server prices them
 * itself. A line with the defaults sends no `options`, so the server applies the item's
 * current defaults (product.md §8); a customised one sends its choice ids and its note.
 */
export function orderItemsOf(lines: CartLine[]): OrderLineRequest[] {
  return lines.map((l) => {
    const item: OrderLineRequest = { menuItemId: l.id, portion: l.portion, quantity: l.quantity };
    if (!isCustomised(l)) return item;
    return { ...item, options: l.options.map((o) => o.id), ...(l.note ? { note: l.note } : {}) };
  });
}

export function totalQuantity(lines: CartLine[]): number {
  return lines.reduce((n, l) => n + l.quantity, 0);
}

export function subtotalOf(lines: CartLine[]): number {
  return lines.reduce((n, l) => n + l.price * l.quantity, 0);
}
