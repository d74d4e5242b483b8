import { describe, expect, it } from "vitest";
import { assertRupees, formatRupees, lineTotal, sum } from "@/lib/money";

describe("formatRupees", () => {
  it("shows whole rupees with the rupee sign and no decimals", () => {
    expect(formatRupees(179)).toBe("₹179");
    expect(formatRupees(0)).toBe("₹0");
  });

  it("groups thousands the Indian way (lakhs)", () => {
    expect(formatRupees(1234)).toBe("₹1,234");
    expect(formatRupees(123456)).toBe("₹1,23,456");
    expect(formatRupees(12345678)).toBe("₹1,23,45,678");
  });
});

describe("integer guards", () => {
  it("accepts whole, non-negative amounts", () => {
    expect(assertRupees(0)).toBe(0);
    expect(assertRupees(269)).toBe(269);
  });

  it.each([1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])("refuses %s", (amount) => {
    expect(() => assertRupees(amount)).toThrow(RangeError);
  });

  it("multiplies and adds only whole rupees", () => {
    expect(lineTotal(179, 3)).toBe(537);
    expect(sum([179, 219, 40])).toBe(438);
    expect(sum([])).toBe(0);
    expect(() => lineTotal(179.5, 2)).toThrow(RangeError);
    expect(() => lineTotal(179, 0.5)).toThrow(RangeError);
    expect(() => sum([100, 0.1])).toThrow(RangeError);
  });
});
