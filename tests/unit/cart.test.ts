import { describe, expect, it } from "vitest";
import { addLine, cartIdOf, decreaseLine, subtotalOf, totalQuantity } from "@/lib/cart/lines";
import type { CartItemInput, CartLine } from "@/lib/cart/types";
import { orderInputSchema } from "@/lib/orders/schema";
import { orderTotals } from "@/lib/orders/pricing";

const caesarSmall: CartItemInput = {
  id: "c1",
  name: "Grilled Chicken Caesar",
  image: "/images/salads/c.svg",
  portion: "small",
  price: 179,
  diet: "non-veg",
};
const caesarLarge: CartItemInput = { ...caesarSmall, portion: "large", price: 259 };
const greek: CartItemInput = {
  id: "g1",
  name: "Classic Greek Salad",
  image: "/images/salads/g.svg",
  portion: "medium",
  price: 179,
  diet: "veg",
};

describe("cart", () => {
  it("names lines <itemId>-<portion>", () => {
    expect(cartIdOf("c1", "small")).toBe("c1-small");
    expect(addLine([], caesarLarge)[0].cartId).toBe("c1-large");
  });

  it("adds 1 for the same portion and starts a new line for another portion", () => {
    let lines: CartLine[] = [];
    lines = addLine(lines, caesarSmall);
    lines = addLine(lines, caesarSmall);
    lines = addLine(lines, caesarLarge);
    expect(lines.map((l) => [l.cartId, l.quantity])).toEqual([
      ["c1-small", 2],
      ["c1-large", 1],
    ]);
  });

  it("minus lowers by 1 and removes the line at 1", () => {
    let lines = addLine(addLine([], caesarSmall), caesarSmall);
    lines = decreaseLine(lines, "c1-small");
    expect(lines[0].quantity).toBe(1);
    lines = decreaseLine(lines, "c1-small");
    expect(lines).toEqual([]);
    expect(decreaseLine(lines, "missing")).toBe(lines);
  });

  it("caps a line at the quantity the order API accepts", () => {
    let lines: CartLine[] = [];
    for (let i = 0; i < 50; i++) lines = addLine(lines, greek);
    const accepts = (quantity: number) =>
      orderInputSchema.safeParse({
        items: [{ id: "ckitem0000000000000000001", portion: "medium", quantity }],
        address: { name: "Asha", phone: "9876543210", street: "1 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" },
        paymentMethod: "UPI",
      }).success;
    const capped = lines[0].quantity;
    expect(accepts(capped)).toBe(true);
    expect(accepts(capped + 1)).toBe(false);
  });

  it("counts the badge as total quantity and totals with the delivery fee", () => {
    let lines: CartLine[] = [];
    lines = addLine(lines, caesarSmall);
    lines = addLine(lines, caesarSmall);
    lines = addLine(lines, greek);
    expect(totalQuantity(lines)).toBe(3);
    expect(subtotalOf(lines)).toBe(179 * 2 + 179);
    const totals = orderTotals(
      lines.map((l) => ({ lineTotal: l.price * l.quantity })),
      40,
      0,
    );
    expect(totals).toEqual({ subtotal: 537, discount: 0, deliveryFee: 40, packagingCharge: 0, total: 577 });
  });
});
