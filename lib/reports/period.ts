import { Invalid } from "@/lib/errors";
import { addDays, daysBetween, indiaInstant, isDateKey } from "@/lib/time";

// The periods a report covers (product.md §11), read from a query string: India days and months,
// so "1 April" is 1 April on the kitchen's wall clock whatever the server's zone. Client-safe:
// the page's form checks with the same rules before it asks. Each refusal names its field.

/** The longest sales range: a leap year, so a whole financial year always fits. */
export const MAX_RANGE_DAYS = 366;

/** GST began on 1 July 2017; the upper bound keeps the day after the last one a 4-digit year. */
const FIRST_YEAR = 2017;
const LAST_YEAR = 9998;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

const inYears = (year: number) => year >= FIRST_YEAR && year <= LAST_YEAR;

function dateParam(value: string | null | undefined, field: "from" | "to"): string {
  const text = value?.trim() ?? "";
  if (!text) throw new Invalid(`Choose the ${field === "from" ? "first" : "last"} day (${field}).`, field);
  if (!isDateKey(text) || !inYears(Number(text.slice(0, 4)))) {
    throw new Invalid(`${field} must be a date written YYYY-MM-DD, from ${FIRST_YEAR} on.`, field);
  }
  return text;
}

export type SalesRange = {
  /** The first India day, YYYY-MM-DD. */
  from: string;
  /** The last India day, included. */
  to: string;
};

/** `from` and `to` of the sales CSV: real dates, in order, at most 366 days together. */
export function parseSalesRange(params: { from?: string | null; to?: string | null }): SalesRange {
  const from = dateParam(params.from, "from");
  const to = dateParam(params.to, "to");
  if (to < from) throw new Invalid("to must be the same day as from or later.", "to");
  if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS) throw new Invalid(`A range may cover at most ${MAX_RANGE_DAYS} days.`, "to");
  return { from, to };
}

/** What a row of the sales CSV is: an order (the default), or with `by=invoice` a bill or credit note. */
export function parseSalesBy(value: string | null | undefined): "order" | "invoice" {
  const text = value?.trim() ?? "";
  if (text === "" || text === "order") return "order";
  if (text === "invoice") return "invoice";
  throw new Invalid("by must be invoice (one row per bill and credit note) or order.", "by");
}

/** `month` of GSTR-1: YYYY-MM. */
export function parseMonth(value: string | null | undefined): string {
  const text = value?.trim() ?? "";
  if (!text) throw new Invalid("Choose a month (month).", "month");
  const match = MONTH.exec(text);
  if (!match || !inYears(Number(match[1]))) throw new Invalid(`month must be written YYYY-MM, from ${FIRST_YEAR} on.`, "month");
  return text;
}

/** The instants [start, end) of India days `from` to `to`, both included. */
export function rangeSpan({ from, to }: SalesRange): { start: Date; end: Date } {
  return { start: indiaInstant(from, 0), end: indiaInstant(addDays(to, 1), 0) };
}

/** The month after `month` (YYYY-MM), across a year's end. */
function nextMonth(month: string): string {
  const [year, m] = month.split("-").map(Number);
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
}

/** The instants [start, end) of an India month: the 1st 00:00 IST to the next 1st 00:00 IST. */
export function monthSpan(month: string): { start: Date; end: Date } {
  return { start: indiaInstant(`${month}-01`, 0), end: indiaInstant(`${nextMonth(month)}-01`, 0) };
}
