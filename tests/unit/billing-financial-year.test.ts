import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { financialYearOf, financialYearOfDay, financialYearSpan, financialYearStarting } from "@/lib/billing/financial-year";
import { indiaInstant, indiaWallClock, isDateKey } from "@/lib/time";

// India's financial year (product.md §11) turns at 1 April 00:00 India time, which is 31 March
// 18:30 UTC. Every instant here is written in UTC; the unit tests run in America/Los_Angeles, so
// any use of the process's zone would show.

const at = (iso: string) => new Date(iso);
const MS = { min: Date.parse("1999-01-01T00:00:00Z"), max: Date.parse("2101-12-31T23:59:59Z") };
/** The instants the label may change at: 1 April 00:00 India time of each year. */
const turnOf = (year: number) => indiaInstant(`${year}-04-01`, 0).getTime();

describe("financialYearOf", () => {
  it("2026-27 runs from 1 April 2026 to 31 March 2027", () => {
    expect(financialYearOf(at("2026-11-27T06:30:00Z"))).toEqual({ start: "2026-04-01", end: "2027-03-31", label: "26-27" });
    expect(financialYearOf(at("2027-02-15T12:00:00Z")).label).toBe("26-27");
  });

  it("31 March 23:59:59 IST is the old year; 1 April 00:00 IST (31 March 18:30 UTC) the new", () => {
    expect(financialYearOf(at("2027-03-31T18:29:59.999Z")).label).toBe("26-27");
    expect(financialYearOf(at("2027-03-31T18:30:00.000Z"))).toEqual({ start: "2027-04-01", end: "2028-03-31", label: "27-28" });
    // Still 31 March on a UTC clock, or in Los Angeles: already the new year in India.
    expect(financialYearOf(at("2027-03-31T20:00:00Z")).label).toBe("27-28");
    expect(financialYearOf(at("2027-04-01T03:00:00Z")).label).toBe("27-28");
    expect(turnOf(2027)).toBe(Date.parse("2027-03-31T18:30:00Z"));
  });

  it("a leap year's February belongs to the year before's April", () => {
    expect(financialYearOf(at("2028-02-29T12:00:00Z"))).toEqual({ start: "2027-04-01", end: "2028-03-31", label: "27-28" });
  });

  it("writes the turn of a century with two digits each", () => {
    expect(financialYearStarting(2099).label).toBe("99-00");
    expect(financialYearStarting(2009).label).toBe("09-10");
    expect(() => financialYearStarting(2026.5)).toThrow(RangeError);
  });

  it("the label changes only across 1 April 00:00 India time", () => {
    const nearTurn = fc
      .tuple(fc.integer({ min: 2000, max: 2100 }), fc.integer({ min: -2, max: 2 }))
      .map(([year, offset]) => turnOf(year) + offset);
    const instant = fc.oneof(fc.integer(MS), nearTurn);
    fc.assert(
      fc.property(instant, (ms) => {
        const changed = financialYearOf(new Date(ms)).label !== financialYearOf(new Date(ms - 1)).label;
        // The India day turns from 31 March to 1 April between the millisecond before and this one.
        const crosses =
          indiaWallClock(new Date(ms - 1)).dateKey.endsWith("-03-31") && indiaWallClock(new Date(ms)).dateKey.endsWith("-04-01");
        expect(changed).toBe(crosses);
      }),
    );
  });

  it("holds the instant's India day, from an April 1 to the next March 31", () => {
    fc.assert(
      fc.property(fc.integer(MS), (ms) => {
        const fy = financialYearOf(new Date(ms));
        const day = indiaWallClock(new Date(ms)).dateKey;
        expect(fy.start <= day && day <= fy.end).toBe(true);
        expect(fy.start).toMatch(/^\d{4}-04-01$/);
        expect(fy.end).toBe(`${Number(fy.start.slice(0, 4)) + 1}-03-31`);
        expect(isDateKey(fy.end)).toBe(true);
        expect(fy.label).toBe(`${fy.start.slice(2, 4)}-${fy.end.slice(2, 4)}`);
      }),
    );
  });
});

describe("financialYearOfDay and financialYearSpan", () => {
  it("reads a date key as an India day", () => {
    expect(financialYearOfDay("2027-03-31").label).toBe("26-27");
    expect(financialYearOfDay("2027-04-01").label).toBe("27-28");
    expect(financialYearOfDay("2027-01-01").label).toBe("26-27");
    for (const bad of ["2027-13-01", "2027-02-29", "27-04-01", ""]) expect(() => financialYearOfDay(bad)).toThrow(RangeError);
    expect(() => financialYearOf(new Date(Number.NaN))).toThrow(RangeError);
  });

  it("spans 1 April 00:00 IST to the next 1 April 00:00 IST, in UTC instants", () => {
    const span = financialYearSpan(financialYearStarting(2026));
    expect(span.from.toISOString()).toBe("2026-03-31T18:30:00.000Z");
    expect(span.until.toISOString()).toBe("2027-03-31T18:30:00.000Z");
  });

  it("every instant of the span is in that year, and none outside it", () => {
    fc.assert(
      fc.property(fc.integer(MS), (ms) => {
        const fy = financialYearOf(new Date(ms));
        const { from, until } = financialYearSpan(fy);
        expect(from.getTime() <= ms && ms < until.getTime()).toBe(true);
        expect(financialYearOf(new Date(from.getTime() - 1)).label).not.toBe(fy.label);
        expect(financialYearOf(until).label).not.toBe(fy.label);
      }),
    );
  });
});
