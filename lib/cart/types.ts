import type { PortionKey } from "@/lib/portions";

// The cart's shapes (client-safe: types only), shared by the store, its schema, the cart and
// checkout components and their tests.

/** One line of the cart: an item in one portion, at the price it had when it was added. */
export type CartLine = {
  /** `<itemId>-<portion>`: the line's identity (product.md §3); lines are matched by it, never by position. */
  cartId: string;
  /** The menu item's id. */
  id: string;
  name: string;
  image: string;
  portion: PortionKey;
  /** Unit price in whole rupees, for display only: the server prices every order itself. */
  price: number;
  quantity: number;
};

/** What "Add to Cart" hands the cart: a line before it has an identity and a quantity. */
export type CartItemInput = Omit<CartLine, "cartId" | "quantity">;

/** Unit prices by `cartId`, as the server quoted them when the cart's were stale. */
export type LinePrices = ReadonlyMap<string, number>;
