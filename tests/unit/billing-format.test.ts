import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatPaise, formatPaiseNumber } from "@/lib/money";

describe("formatPaise", () => {
  it("writes rupees with two digits of paise", () => {
    expect(formatPaise(27900)).toBe("₹279.00");
    expect(formatPaise(0)).toBe("₹0.00");
    expect(formatPaise(5)).toBe("₹0.05");
    expect(formatPaise(95)).toBe("₹0.95");
    expect(formatPaise(100)).toBe("₹1.00");
  });

  it("groups in the Indian style", () => {
    expect(formatPaise(1234567)).toBe("₹12,345.67");
    expect(formatPaise(1234567890)).toBe("₹1,23,45,678.90");
  });

  it("puts the sign before the rupee sign", () => {
    expect(formatPaise(-500)).toBe("-₹5.00");
    expect(formatPaise(-123456)).toBe("-₹1,234.56");
  });

  it("refuses what is not a whole number of paise", () => {
    expect(() => formatPaise(1.5)).toThrow(RangeError);
    expect(() => formatPaise(Number.NaN)).toThrow(RangeError);
  });

  it("reads back to the same paise for any amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (paise) => {
        expect(Number(formatPaiseNumber(paise).replaceAll(",", "").replace(".", ""))).toBe(paise);
      }),
    );
  });
});
