import "server-only";
import { pool } from "@/lib/db";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import { sqlTimestamp } from "@/lib/db/timestamp";
import { INDIA_TIME_ZONE } from "@/lib/time";
import { rangeSpan, type SalesRange } from "@/lib/reports/period";
import { salesHeaderLine, salesLine, type SalesRow } from "@/lib/reports/sales-row";
import { salesDocumentChunks } from "@/lib/reports/sales-documents";

// The sales CSV (product.md §11): every order placed in a range of India days, oldest first, with
// its invoice when it has one. Read in batches with a keyset (created_at, id) on the created_at
// index, so a year of orders never sits in memory at once and each batch is as quick as the
// first; each batch is written out before the next is read.

/** Orders per query: a few hundred lines of CSV, a small fraction of a request's memory. */
export const SALES_BATCH = 500;

// created_at is UTC wall-clock time; the cursor goes back as the same text (to the millisecond)
// so no Date in the process's zone ever stands between two batches.
const SALES_BATCH_SQL = {
  name: "reports-sales-batch",
  text: `
SELECT o.id, to_char(o.created_at AT TIME ZONE 'UTC' AT TIME ZONE $4, 'YYYY-MM-DD') AS day,
       to_char(o.created_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS cursor,
       o.status::text AS status, o.payment_method::text AS "paymentMethod", o.payment_status::text AS "paymentStatus",
       o.subtotal, o.discount, o.packaging_charge AS "packagingCharge", o.delivery_fee AS "deliveryFee", o.total,
       i.number AS "invoiceNumber", i.taxable_value AS "taxableValue", i.cgst, i.sgst
FROM orders o
LEFT JOIN invoices i ON i.order_id = o.id
WHERE (o.created_at, o.id) > ($1::timestamp(3), $2) AND o.created_at < $3::timestamp(3)
ORDER BY o.created_at, o.id
LIMIT $5`,
};

type Row = SalesRow & { cursor: string };

async function batchAfter(cursor: { at: string; id: string }, end: string): Promise<Row[]> {
  const { rows } = await pool().query<Row>({ ...SALES_BATCH_SQL, values: [cursor.at, cursor.id, end, INDIA_TIME_ZONE, SALES_BATCH] });
  return rows;
}

export type SalesCsv = {
  /** fresh-bowl-sales-<from>-to-<to>.csv */
  filename: string;
  /** The file: the header, then one chunk of lines per batch. */
  chunks: AsyncIterable<string>;
};

/** The sales CSV of a range, by order or (`by` "invoice") by bill and credit note; admins only (checked now, before a byte is written). */
export function salesCsv(viewer: SessionUser, range: SalesRange, by: "order" | "invoice" = "order"): SalesCsv {
  assertAdmin(viewer);
  const { start, end } = rangeSpan(range);
  if (by === "invoice") {
    return { filename: `fresh-bowl-sales-by-invoice-${range.from}-to-${range.to}.csv`, chunks: salesDocumentChunks(start, end) };
  }
  const until = sqlTimestamp(end);
  async function* chunks(): AsyncGenerator<string> {
    yield salesHeaderLine();
    // Any id is greater than "": the first batch starts at the range's first instant.
    let cursor = { at: sqlTimestamp(start), id: "" };
    for (;;) {
      const rows = await batchAfter(cursor, until);
      if (rows.length > 0) yield rows.map(salesLine).join("");
      if (rows.length < SALES_BATCH) return;
      const last = rows[rows.length - 1];
      cursor = { at: last.cursor, id: last.id };
    }
  }
  return { filename: `fresh-bowl-sales-${range.from}-to-${range.to}.csv`, chunks: chunks() };
}
