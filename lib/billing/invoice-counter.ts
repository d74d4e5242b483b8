import "server-only";
import { namedStatement, rowsIn } from "@/lib/db/named-sql";
import type { Transaction } from "@/lib/db/types";
import { financialYearSpan, type FinancialYear } from "@/lib/billing/financial-year";

// The gapless numbering of bills (product.md §11): consecutive within a financial year, never
// reused, no gaps, however many are issued at once. A sequence would hand out numbers that a
// rolled-back delivery then loses, so the last serial is a row, bumped inside the issuing
// transaction: its row lock makes concurrent issuers wait their turn until the first commits,
// and a rollback undoes the bump, giving the numbers back.

/** The two series: tax invoices, bills of supply and receipts share one; credit notes have their own. */
type DocumentSeries = "invoice" | "credit_note";

const TAKE_SERIALS = namedStatement(
  "billing-take-serials",
  `INSERT INTO document_counters (series, financial_year, last_serial) VALUES (:series, :fyLabel, :count::int)
ON CONFLICT (series, financial_year) DO UPDATE SET last_serial = document_counters.last_serial + EXCLUDED.last_serial
RETURNING last_serial AS last`,
);

/**
 * Takes the next `count` serials of `series` in the financial year `fyLabel`, on the caller's
 * transaction, which holds the counter's lock until it ends: call it last, just before writing
 * the documents, so other issuers wait as briefly as can be.
 */
export async function takeSerials(tx: Transaction, series: DocumentSeries, fyLabel: string, count: number): Promise<number[]> {
  if (count <= 0) return [];
  const rows = await rowsIn<{ last: number }>(tx, TAKE_SERIALS({ series, fyLabel, count }));
  const last = rows[0].last;
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}

/**
 * The date of a document numbered from `year`'s series for a moment `at`, the issuer having
 * started at `started` (ms): taken after its number, so an issuer that waited for the counter
 * behind another dates its document after that one's, and numbers and dates run in the same
 * order (product.md §11), never past the year its number belongs to. An `at` far from the clock
 * is a moment chosen by a test of a month's or a year's turn, and is the date as given.
 */
export function datedAfterNumber(at: Date, started: number, year: FinancialYear): Date {
  if (Math.abs(at.getTime() - started) > 60_000) return at;
  return new Date(Math.min(Math.max(at.getTime(), Date.now()), financialYearSpan(year).until.getTime() - 1));
}
