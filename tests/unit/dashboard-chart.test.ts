import { describe, expect, it } from "vitest";
import { bars, valueAxis, yOf } from "@/components/admin/dashboard/chart-scale";
import { revenueSummary } from "@/components/admin/dashboard/revenue-summary";

// The revenue chart's arithmetic and its words, without drawing it.

describe("valueAxis", () => {
  it("ends at the smallest round step above the data, with the ticks from zero", () => {
    expect(valueAxis(1_000)).toEqual({ top: 1_000, ticks: [0, 250, 500, 750, 1_000] });
    expect(valueAxis(1_001)).toEqual({ top: 1_200, ticks: [0, 300, 600, 900, 1_200] });
    expect(valueAxis(4_380)).toEqual({ top: 4_800, ticks: [0, 1_200, 2_400, 3_600, 4_800] });
    expect(valueAxis(37)).toEqual({ top: 40, ticks: [0, 10, 20, 30, 40] });
    expect(valueAxis(123_456).top).toBe(160_000);
  });

  it("always reaches the data, with whole-rupee steps, for any maximum", () => {
    for (let max = 0; max <= 200_000; max += 137) {
      const { top, ticks } = valueAxis(max);
      expect(top, String(max)).toBeGreaterThanOrEqual(max);
      expect(ticks.every(Number.isInteger), String(max)).toBe(true);
      // At most a third above the data: the bars keep most of the height.
      if (max >= 100) expect(top, String(max)).toBeLessThanOrEqual(max * 1.34);
    }
  });

  it("keeps an axis when there is nothing to show", () => {
    expect(valueAxis(0)).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] });
    expect(valueAxis(-5).top).toBe(4);
    expect(valueAxis(10, 2)).toEqual({ top: 10, ticks: [0, 5, 10] });
    expect(() => valueAxis(10, 0)).toThrow(RangeError);
  });
});

describe("bars", () => {
  const plot = { x: 10, y: 5, width: 100, height: 50 };

  it("puts each value in its own equal slot, centred, standing on the plot's bottom, scaled to the top", () => {
    expect(bars([100, 50, 0, 25], 100, plot, 0.2)).toEqual([
      { x: 12.5, y: 5, width: 20, height: 50 },
      { x: 37.5, y: 30, width: 20, height: 25 },
      { x: 62.5, y: 55, width: 20, height: 0 },
      { x: 87.5, y: 42.5, width: 20, height: 12.5 },
    ]);
  });

  it("shows a small day as a sliver, never as nothing, and never draws past the plot", () => {
    const [tiny, over, negative] = bars([1, 500, -3], 10_000, plot);
    expect(tiny.height).toBe(1);
    expect(over.height).toBeLessThanOrEqual(plot.height);
    expect(negative.height).toBe(0);
    expect(bars([200], 100, plot)[0]).toMatchObject({ y: 5, height: 50 });
  });

  it("draws nothing for no values, and flat bars on a zero axis", () => {
    expect(bars([], 100, plot)).toEqual([]);
    expect(bars([0, 0], 0, plot).map((b) => b.height)).toEqual([0, 0]);
  });
});

describe("yOf", () => {
  it("places zero on the bottom and the top on the plot's top", () => {
    const plot = { x: 0, y: 0, width: 140, height: 100 };
    expect(yOf(0, 400, plot)).toBe(100);
    expect(yOf(400, 400, plot)).toBe(0);
    expect(yOf(100, 400, plot)).toBe(75);
  });
});

describe("revenueSummary", () => {
  const day = (date: string, orders: number, revenue: number) => ({ date, orders, revenue });

  it("says the span, the total, the best day and today", () => {
    const days = [day("2026-11-20", 2, 480), day("2026-11-21", 0, 0), day("2026-11-22", 5, 1_250), day("2026-11-23", 1, 219)];
    expect(revenueSummary(days)).toBe(
      "From Fri, 20 Nov to Mon, 23 Nov: ₹1,949 from 8 orders. Best day 22 Nov with ₹1,250. Today so far ₹219.",
    );
  });

  it("names the earliest of tied best days, and one order in the singular", () => {
    expect(revenueSummary([day("2026-11-22", 1, 300), day("2026-11-23", 0, 0)])).toBe(
      "From Sun, 22 Nov to Mon, 23 Nov: ₹300 from 1 order. Best day 22 Nov with ₹300. Today so far ₹0.",
    );
    expect(revenueSummary([day("2026-11-22", 1, 300), day("2026-11-23", 1, 300)])).toContain("Best day 22 Nov");
  });

  it("says so when there was no revenue", () => {
    expect(revenueSummary([day("2026-11-22", 0, 0), day("2026-11-23", 0, 0)])).toBe("From Sun, 22 Nov to Mon, 23 Nov: no revenue.");
    expect(revenueSummary([])).toBe("No days to show.");
  });
});
