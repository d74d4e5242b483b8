import { describe, expect, it } from "vitest";
import { addLine, cartIdOf, mergeLines } from "@/lib/cart/lines";
import type { CartLine } from "@/lib/cart/types";
import { MAX_LINE_QUANTITY } from "@/lib/orders/limits";
import { reorderSentence } from "@/lib/reorder/words";
import { CAESAR_LINE } from "@/tests/support/cart-lines";

// Order again (product.md §13), as the customer sees it: the lines merged into the cart by its
// own rules, and the one sentence that says what happened.

const line = (over: Partial<CartLine> = {}): CartLine => ({ ...CAESAR_LINE, ...over });

describe("mergeLines", () => {
  it("adds to the line the cart already holds (same bowl), at today's price, and appends the others in order", () => {
    const cart = addLine([], {
      id: "c1",
      name: "Grilled Chicken Caesar",
      image: "/images/salads/c.svg",
      portion: "small",
      price: 169,
      diet: "non-veg",
    });
    const greek = line({
      cartId: "g1-medium",
      id: "g1",
      name: "Classic Greek Salad",
      portion: "medium",
      price: 199,
      quantity: 2,
      diet: "veg",
    });
    const merged = mergeLines(cart, [line({ quantity: 2 }), greek]);
    expect(merged.map((l) => [l.cartId, l.quantity, l.price])).toEqual([
      [cartIdOf("c1", "small"), 3, 179],
      ["g1-medium", 2, 199],
    ]);
  });

  it("keeps a bowl made another way (another cartId) as its own line, and never passes the line limit", () => {
    const custom = line({ cartId: "c1-small-abc", note: "No croutons", quantity: 4 });
    const merged = mergeLines([line({ quantity: MAX_LINE_QUANTITY - 1 })], [line({ quantity: 5 }), custom]);
    expect(merged.map((l) => [l.cartId, l.quantity])).toEqual([
      ["c1-small", MAX_LINE_QUANTITY],
      ["c1-small-abc", 4],
    ]);
    expect(mergeLines([], [line({ quantity: 99 })])[0].quantity).toBe(MAX_LINE_QUANTITY);
  });
});

describe("reorderSentence", () => {
  it("counts the bowls added and says in words why each other line was left out", () => {
    expect(reorderSentence({ lines: [line({ quantity: 2 })], skipped: [{ name: "Egg Caesar", reason: "sold_out" }] })).toBe(
      "Added 2 bowls; Egg Caesar is sold out",
    );
    expect(
      reorderSentence({
        lines: [line()],
        skipped: [
          { name: "Paneer Tikka", reason: "removed" },
          { name: "Greek", reason: "option_unavailable" },
        ],
      }),
    ).toBe("Added 1 bowl; Paneer Tikka is no longer on the menu; Greek has a choice that is no longer offered");
    expect(reorderSentence({ lines: [line(), line({ cartId: "g", quantity: 3 })], skipped: [] })).toBe("Added 4 bowls");
    expect(reorderSentence({ lines: [], skipped: [{ name: "Egg Caesar", reason: "sold_out" }] })).toBe(
      "Nothing was added; Egg Caesar is sold out",
    );
  });
});
