import { describe, expect, it } from "vitest";
import { viewCartLine } from "@/lib/cart/view-cart-line";

describe("the menu's cart bar", () => {
  it("counts the bowls, one or many, and gives their price in rupees", () => {
    expect(viewCartLine(1, 199)).toBe("View cart · 1 item · ₹199");
    expect(viewCartLine(2, 398)).toBe("View cart · 2 items · ₹398");
    expect(viewCartLine(12, 123456)).toBe("View cart · 12 items · ₹1,23,456");
  });
});
