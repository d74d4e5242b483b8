import type { CartLine } from "@/lib/cart/types";

// Cart lines as localStorage holds them, for the tests that read a saved cart back (lib/cart/stored-cart.ts).

/** A Small Grilled Chicken Caesar as a cart saved it before lines had options, a note and a diet (product.md §8). */
export const LINE_BEFORE_OPTIONS: Omit<CartLine, "options" | "note" | "diet"> = {
  cartId: "c1-small",
  id: "c1",
  name: "Grilled Chicken Caesar",
  image: "/images/salads/c.svg",
  portion: "small",
  price: 179,
  quantity: 1,
};

/** The same line as the cart saves it now: the item's default options, no note, non-veg. */
export const CAESAR_LINE: CartLine = { ...LINE_BEFORE_OPTIONS, options: [], note: "", diet: "non-veg" };
