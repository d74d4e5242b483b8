// CSV as RFC 4180 writes it: cells separated by commas, lines ended by CRLF, a cell holding a
// comma, a double quote, CR or LF wrapped in double quotes with its quotes doubled. Pure and
// client-safe.
//
// Text cells are also kept from being read as formulas (OWASP's "CSV injection"): a spreadsheet
// runs a cell that starts with = + - @ (or a tab or CR, which some strip first), so such a cell
// gets a leading apostrophe, which shows as text. Amounts are not text: they are written by
// amount() below and a negative one must stay a number, so they skip the guard.

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as it stands in the file, quoted when it must be. */
function quoted(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A cell of text that may come from anyone: never a formula, always one cell. */
export function textCell(value: string | null): string {
  const text = value ?? "";
  return quoted(FORMULA_START.test(text) ? `'${text}` : text);
}

/** An amount in paise as rupees with two decimals, "1234.50" or "-12.05", no grouping. */
export function amount(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not an amount in paise: ${paise}`);
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** An amount cell: empty when there is none (a column the order has no value for yet). */
export const amountCell = (paise: number | null): string => (paise === null ? "" : amount(paise));

/** A line of already-made cells, CRLF-ended. */
export const csvLine = (cells: readonly string[]): string => `${cells.join(",")}\r\n`;
