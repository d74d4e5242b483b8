import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CGST_RATE_PERCENT,
  GST_RATE_PERCENT,
  MAX_TAXABLE_TOTAL,
  SGST_RATE_PERCENT,
  chargesTax,
  creditNoteSplit,
  documentKindOf,
  gstSplit,
  taxOf,
} from "@/lib/billing/tax";
import { REGIMES } from "@/lib/billing/types";

// GST on a bill (product.md §11): taken out of the total the customer pays, in integer paise.
// The properties hold for every total an order could have and far beyond; the fixed cases are
// the issue's, worked by hand.

const total = fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: MAX_TAXABLE_TOTAL }));

describe("gstSplit: the §11 rule, worked by hand", () => {
  // [the case worked by hand, the total in paise, taxable value, CGST, SGST]
  it.for([
    ["₹0: nothing to split", 0, 0, 0, 0],
    ["₹1 = 100 paise: 100 × 100/105 = 95.238… → 95; tax 5; CGST 2.5 → 3 (half up), SGST 2", 100, 95, 3, 2],
    ["₹105 = 10,500 paise: exactly ₹100 taxable; tax 500; CGST 250, SGST 250", 10_500, 10_000, 250, 250],
    // 105 × 95,142 = 9,989,910, remainder 90: 90/105 = 0.857, past the half.
    [
      "₹999 = 99,900 paise: 9,990,000/105 = 95,142.857… → 95,143; tax 4,757; CGST 2,378.5 → 2,379, SGST 2,378",
      99_900,
      95_143,
      2_379,
      2_378,
    ],
    // 105 × 1,175,714 = 123,449,970, remainder 30: 30/105 = 0.286, below the half.
    [
      "₹12,345 = 1,234,500 paise: 123,450,000/105 = 1,175,714.285… → 1,175,714; tax 58,786; 29,393 each",
      1_234_500,
      1_175_714,
      29_393,
      29_393,
    ],
    ["a paisa: 100/105 = 0.952 → 1 taxable, no tax", 1, 1, 0, 0],
  ] as const)("%s", ([, paise, taxableValue, cgst, sgst]) => {
    expect(gstSplit(paise)).toEqual({ taxableValue, cgst, sgst });
  });

  it("the largest total still splits exactly; past it, and anything not a whole paisa ≥ 0, is refused", () => {
    const { taxableValue, cgst, sgst } = gstSplit(MAX_TAXABLE_TOTAL);
    expect(taxableValue + cgst + sgst).toBe(MAX_TAXABLE_TOTAL);
    for (const bad of [-1, 0.5, Number.NaN, Infinity, MAX_TAXABLE_TOTAL + 1]) expect(() => gstSplit(bad)).toThrow(RangeError);
  });
});

describe("gstSplit: properties", () => {
  it("the parts add up to the total, to the paisa", () => {
    fc.assert(
      fc.property(total, (t) => {
        const { taxableValue, cgst, sgst } = gstSplit(t);
        expect(taxableValue + cgst + sgst).toBe(t);
        for (const part of [taxableValue, cgst, sgst]) expect(Number.isSafeInteger(part) && part >= 0).toBe(true);
      }),
    );
  });

  it("the taxable value is at most the total; CGST is SGST or one paisa more", () => {
    fc.assert(
      fc.property(total, (t) => {
        const { taxableValue, cgst, sgst } = gstSplit(t);
        expect(taxableValue).toBeLessThanOrEqual(t);
        expect([0, 1]).toContain(cgst - sgst);
      }),
    );
  });

  it("taxable value × 1.05 is within half a paisa of the total (checked in integers: |105·taxable − 100·total| ≤ 50)", () => {
    // 100·total/105 = 20·total/21 is a whole number plus k/21, so rounding moves it by at most
    // 10/21 of a paisa, and × 1.05 that is exactly half a paisa.
    fc.assert(
      fc.property(total, (t) => {
        expect(Math.abs(105 * gstSplit(t).taxableValue - 100 * t)).toBeLessThanOrEqual(50);
      }),
    );
  });

  it("is the nearest paisa: no other taxable value is closer to total × 100/105", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (t) => {
        const off = (taxable: number) => Math.abs(105 * taxable - 100 * t);
        const { taxableValue } = gstSplit(t);
        expect(off(taxableValue)).toBeLessThan(off(taxableValue + 1));
        if (taxableValue > 0) expect(off(taxableValue)).toBeLessThan(off(taxableValue - 1));
      }),
    );
  });

  it("agrees with exact rational arithmetic (BigInt) on huge totals", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_TAXABLE_TOTAL }), (t) => {
        const taxable = (200n * BigInt(t) + 105n) / 210n;
        const tax = BigInt(t) - taxable;
        const cgst = (tax + 1n) / 2n;
        expect(gstSplit(t)).toEqual({ taxableValue: Number(taxable), cgst: Number(cgst), sgst: Number(tax - cgst) });
      }),
    );
  });

  it("is monotonic: a larger total never has a smaller taxable value, tax, CGST or SGST", () => {
    fc.assert(
      fc.property(total, total, (a, b) => {
        const [low, high] = [gstSplit(Math.min(a, b)), gstSplit(Math.max(a, b))];
        expect(high.taxableValue).toBeGreaterThanOrEqual(low.taxableValue);
        expect(high.cgst).toBeGreaterThanOrEqual(low.cgst);
        expect(high.sgst).toBeGreaterThanOrEqual(low.sgst);
      }),
    );
  });

  it("one more paisa of total adds one paisa to exactly one of taxable value and tax", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (t) => {
        const [a, b] = [gstSplit(t), gstSplit(t + 1)];
        expect(b.taxableValue - a.taxableValue + (b.cgst + b.sgst - a.cgst - a.sgst)).toBe(1);
        expect([0, 1]).toContain(b.taxableValue - a.taxableValue);
      }),
    );
  });
});

describe("taxOf: by regime", () => {
  it("charges 5 %, half CGST and half SGST (GSTR-1 reports the rate as 5)", () => {
    expect(GST_RATE_PERCENT).toBe(5);
    expect([CGST_RATE_PERCENT, SGST_RATE_PERCENT]).toEqual([GST_RATE_PERCENT / 2, GST_RATE_PERCENT / 2]);
  });

  it("regular: the GST split; composition and unregistered: no tax, the whole total is the value of supply", () => {
    expect(taxOf("regular", 99_900)).toEqual(gstSplit(99_900));
    expect(taxOf("composition", 99_900)).toEqual({ taxableValue: 99_900, cgst: 0, sgst: 0 });
    expect(taxOf("unregistered", 99_900)).toEqual({ taxableValue: 99_900, cgst: 0, sgst: 0 });
  });

  it("adds up to the total under every regime, and refuses the same amounts", () => {
    fc.assert(
      fc.property(fc.constantFrom(...REGIMES), total, (regime, t) => {
        const { taxableValue, cgst, sgst } = taxOf(regime, t);
        expect(taxableValue + cgst + sgst).toBe(t);
      }),
    );
    for (const regime of REGIMES) expect(() => taxOf(regime, -100)).toThrow(RangeError);
  });

  it("names the document: tax invoice, bill of supply, receipt; only the tax invoice charges tax", () => {
    expect(REGIMES.map(documentKindOf)).toEqual(["tax_invoice", "bill_of_supply", "receipt"]);
    expect(REGIMES.map(chargesTax)).toEqual([true, false, false]);
  });
});

describe("creditNoteSplit: the notes of one bill, split cumulatively", () => {
  it("₹2 then ₹997 of ₹999: together exactly the bill's split, where each on its own credits SGST 23.79 against 23.78", () => {
    const first = creditNoteSplit("tax_invoice", 0, 200);
    const second = creditNoteSplit("tax_invoice", 200, 99_700);
    expect([first, second]).toEqual([
      { taxableValue: 190, cgst: 5, sgst: 5 },
      { taxableValue: 94_953, cgst: 2374, sgst: 2373 },
    ]);
    expect(gstSplit(200).sgst + gstSplit(99_700).sgst).toBe(2379);
    expect(first.sgst + second.sgst).toBe(gstSplit(99_900).sgst);
  });

  it("a note against a bill of supply or a receipt carries no tax", () => {
    expect(creditNoteSplit("bill_of_supply", 500, 1000)).toEqual({ taxableValue: 1000, cgst: 0, sgst: 0 });
    expect(creditNoteSplit("receipt", 0, 99)).toEqual({ taxableValue: 99, cgst: 0, sgst: 0 });
  });

  it("any refunds of a bill, in any parts: each note adds up to its amount, never negative, and together never more than the bill, field by field", () => {
    const bill = fc
      .integer({ min: 1, max: 5_000_000 })
      .chain((totalPaise) =>
        fc.tuple(fc.constant(totalPaise), fc.array(fc.integer({ min: 1, max: totalPaise }), { minLength: 1, maxLength: 12 })),
      );
    fc.assert(
      fc.property(bill, ([totalPaise, asked]) => {
        const charged = gstSplit(totalPaise);
        const sums = { taxableValue: 0, cgst: 0, sgst: 0 };
        let credited = 0;
        for (const want of asked) {
          const amount = Math.min(want, totalPaise - credited);
          if (amount <= 0) break;
          const note = creditNoteSplit("tax_invoice", credited, amount);
          expect(note.taxableValue + note.cgst + note.sgst).toBe(amount);
          expect(Math.min(note.taxableValue, note.cgst, note.sgst)).toBeGreaterThanOrEqual(0);
          credited += amount;
          sums.taxableValue += note.taxableValue;
          sums.cgst += note.cgst;
          sums.sgst += note.sgst;
          expect(sums.taxableValue).toBeLessThanOrEqual(charged.taxableValue);
          expect(sums.cgst).toBeLessThanOrEqual(charged.cgst);
          expect(sums.sgst).toBeLessThanOrEqual(charged.sgst);
        }
        // Refunded in full: the notes take back exactly what the bill charged.
        if (credited === totalPaise) expect(sums).toEqual(charged);
      }),
    );
  });
});
