import type { PortionKey } from "@/lib/portions";
import type { Diet } from "@/lib/menu/facts";

// The cart's shapes (client-safe: types only), shared by the store, its schema, the cart and
// checkout components and their tests.

/** A chosen option as the line shows it (product.md §8): choice id, group and choice names, extra price in rupees. */
export type CartLineOption = { id: string; group: string; name: string; price: number };

/** One line of the cart: an item in one portion with its options, at the price it had when it was added. */
export type CartLine = {
  /**
   * The line's identity (product.md §3, §8), lines are matched by it, never by position:
   * `<itemId>-<portion>` for the item's default options and no note, with a suffix naming the
   * choices and the note otherwise (lines.ts).
   */
  cartId: string;
  /** The menu item's id. */
  id: string;
  name: string;
  image: string;
  portion: PortionKey;
  /** Unit price in whole rupees, options included, for display only: the server prices every order itself. */
  price: number;
  quantity: number;
  /** The chosen options of a customised line, in group order; [] on a line with the defaults. */
  options: CartLineOption[];
  /** The note for the kitchen ("" for none). */
  note: string;
  /** null on a line saved before the cart knew it. */
  diet: Diet | null;
};

/**
 * What "Add to Cart" and the chooser hand the cart: a line before it has an identity and a
 * quantity. `options` left out (or null) means the item's defaults, with no note.
 */
export type CartItemInput = Omit<CartLine, "cartId" | "quantity" | "options" | "note"> & {
  options?: CartLineOption[] | null;
  note?: string;
};

/** Unit prices by `cartId`, as the server quoted them when the cart's were stale. */
export type LinePrices = ReadonlyMap<string, number>;
