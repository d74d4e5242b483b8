import "server-only";
import { pool } from "@/lib/db";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import { bigintToNumber } from "@/lib/db/bigint";
import { sqlTimestamp } from "@/lib/db/timestamp";
import { GST_RATE_PERCENT } from "@/lib/billing/tax";
import { RESTAURANT_SAC, RESTAURANT_SAC_DESCRIPTION } from "@/lib/billing/words";
import { monthSpan } from "@/lib/reports/period";
import type { B2csRow, DocumentSeries, Gstr1, HsnRow } from "@/lib/reports/types";

// What the monthly GSTR-1 return needs for a kitchen selling to consumers (product.md §11), over
// the documents ISSUED in an India month (not the orders placed in it):
// - B2CS (table 7): the tax invoices' taxable value and taxes by place of supply, less the credit
//   notes issued that month against tax invoices, each under its invoice's place of supply (a B2C
//   credit note is not reported on its own: it reduces the month's B2CS). A month with more
//   credited than sold for a place shows a negative row, as the return then needs.
// - HSN/SAC summary (table 12): the same sums over every place, one row for SAC 996331, its
//   quantity the number of tax invoices issued (a service has no unit: one supply each).
// - Documents issued (table 13): each series' first and last number, its count, none cancelled.
// Only a tax invoice carries tax: bills of supply and receipts (the other regimes) are left out of
// B2CS and SAC, while the documents table lists them all. Sums are bigints in SQL; each reaches
// JavaScript only as an exact Number (bigintToNumber throws otherwise).

// One pass: a row per place of supply, and the grand total (GROUPING SETS' empty set) for SAC.
const TAX_SQL = {
  name: "reports-gstr1-tax",
  text: `
WITH month_docs AS (
  SELECT i.place_of_supply, i.taxable_value::bigint AS taxable, i.cgst::bigint AS cgst, i.sgst::bigint AS sgst, 1 AS invoices
  FROM invoices i
  WHERE i.kind = 'tax_invoice' AND i.issued_at >= $1::timestamp(3) AND i.issued_at < $2::timestamp(3)
  UNION ALL
  SELECT i.place_of_supply, -c.taxable_value::bigint, -c.cgst::bigint, -c.sgst::bigint, 0
  FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id
  WHERE i.kind = 'tax_invoice' AND c.issued_at >= $1::timestamp(3) AND c.issued_at < $2::timestamp(3)
)
SELECT place_of_supply AS "placeOfSupply", GROUPING(place_of_supply) = 1 AS "allPlaces",
       sum(taxable)::bigint AS "taxableValue", sum(cgst)::bigint AS cgst, sum(sgst)::bigint AS sgst,
       sum(invoices)::bigint AS invoices
FROM month_docs
GROUP BY GROUPING SETS ((place_of_supply), ())
ORDER BY "allPlaces", place_of_supply`,
};

type TaxRow = { placeOfSupply: string | null; allPlaces: boolean; taxableValue: string; cgst: string; sgst: string; invoices: string };

// Within a month the serials of a series only grow (a month lies in one financial year), so the
// lowest and highest serial are the first and last number issued.
const seriesSql = (table: "invoices" | "credit_notes") => ({
  name: `reports-gstr1-${table}`,
  text: `
SELECT count(*)::bigint AS count,
       (SELECT number FROM ${table} WHERE issued_at >= $1::timestamp(3) AND issued_at < $2::timestamp(3) ORDER BY serial LIMIT 1) AS first,
       (SELECT number FROM ${table} WHERE issued_at >= $1::timestamp(3) AND issued_at < $2::timestamp(3) ORDER BY serial DESC LIMIT 1) AS last
FROM ${table}
WHERE issued_at >= $1::timestamp(3) AND issued_at < $2::timestamp(3)`,
});
const INVOICES_SQL = seriesSql("invoices");
const CREDIT_NOTES_SQL = seriesSql("credit_notes");

type SeriesRow = { count: string; first: string | null; last: string | null };

const series = (row: SeriesRow): DocumentSeries => ({ from: row.first, to: row.last, count: bigintToNumber(row.count), cancelled: 0 });

const sums = (row: TaxRow) => ({
  taxableValue: bigintToNumber(row.taxableValue),
  cgst: bigintToNumber(row.cgst),
  sgst: bigintToNumber(row.sgst),
});

/** The GSTR-1 figures of an India month (YYYY-MM, checked by parseMonth); admins only. */
export async function gstr1Figures(viewer: SessionUser, month: string): Promise<Gstr1> {
  assertAdmin(viewer);
  const { start, end } = monthSpan(month);
  const values = [sqlTimestamp(start), sqlTimestamp(end)];
  const [tax, invoices, creditNotes] = await Promise.all([
    pool().query<TaxRow>({ ...TAX_SQL, values }),
    pool().query<SeriesRow>({ ...INVOICES_SQL, values }),
    pool().query<SeriesRow>({ ...CREDIT_NOTES_SQL, values }),
  ]);
  const places = tax.rows.filter((row) => !row.allPlaces);
  const total = tax.rows.find((row) => row.allPlaces);
  const b2cs: B2csRow[] = places.map((row) => ({ placeOfSupply: row.placeOfSupply ?? "", rate: GST_RATE_PERCENT, ...sums(row) }));
  // The empty grouping set yields a row even over no documents (all nulls): no SAC row then.
  const hsn: HsnRow[] =
    total && places.length > 0
      ? [{ sac: RESTAURANT_SAC, description: RESTAURANT_SAC_DESCRIPTION, quantity: bigintToNumber(total.invoices), ...sums(total) }]
      : [];
  return { b2cs, hsn, documents: { invoices: series(invoices.rows[0]), creditNotes: series(creditNotes.rows[0]) } };
}
