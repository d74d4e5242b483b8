import { indiaInstant, indiaWallClock, isDateKey } from "@/lib/time";

// India's financial year (product.md §11): 1 April to 31 March, in India's time, whatever the
// server's zone. Invoice and credit note serials start again at 1 with each one, so the year a
// document falls in is read from its instant on India's wall clock: 1 April 00:00 IST is
// 31 March 18:30 UTC, and an invoice issued from then on belongs to the new year.

export type FinancialYear = {
  /** The first day, a date key: "2026-04-01". */
  start: string;
  /** The last day, a date key: "2027-03-31". */
  end: string;
  /** "26-27", as invoice numbers carry it. */
  label: string;
};

const twoDigits = (year: number) => String(year % 100).padStart(2, "0");

/** The financial year that begins on 1 April of `startYear`. */
export function financialYearStarting(startYear: number): FinancialYear {
  if (!Number.isInteger(startYear) || startYear < 1000 || startYear > 9998) throw new RangeError(`Not a year: ${startYear}`);
  return { start: `${startYear}-04-01`, end: `${startYear + 1}-03-31`, label: `${twoDigits(startYear)}-${twoDigits(startYear + 1)}` };
}

/** The financial year of a date key (`YYYY-MM-DD`, an India day already). */
export function financialYearOfDay(dateKey: string): FinancialYear {
  if (!isDateKey(dateKey)) throw new RangeError(`Not a date YYYY-MM-DD: ${dateKey}`);
  const year = Number(dateKey.slice(0, 4));
  const month = Number(dateKey.slice(5, 7));
  return financialYearStarting(month >= 4 ? year : year - 1);
}

/** The financial year an instant falls in, on India's wall clock. */
export const financialYearOf = (instant: Date): FinancialYear => financialYearOfDay(indiaWallClock(instant).dateKey);

/** The financial year as instants [from, until): 1 April 00:00 IST to the next 1 April 00:00 IST. */
export function financialYearSpan(year: FinancialYear): { from: Date; until: Date } {
  const next = Number(year.start.slice(0, 4)) + 1;
  return { from: indiaInstant(year.start, 0), until: indiaInstant(`${next}-04-01`, 0) };
}
