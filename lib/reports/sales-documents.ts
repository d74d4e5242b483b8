import "server-only";
import { pool } from "@/lib/db";
import { sqlTimestamp } from "@/lib/db/timestamp";
import { INDIA_TIME_ZONE } from "@/lib/time";
import { salesByInvoiceHeaderLine, salesDocumentLine, type SalesDocumentRow } from "@/lib/reports/sales-document-row";

// The sales CSV by invoice (product.md §11): every bill and credit note issued in a range of India
// days, by its own date, oldest first, as issued. Read in batches with a keyset (issued_at, doc,
// serial) on both tables' issued_at index (a series' serial is unique within its financial year,
// which one instant never spans; the serial, not the number, as "FB/26-27/10" sorts before
// "FB/26-27/9" as text), so a year of documents never sits in memory at once.

/** Documents per query, as the sales CSV by order reads orders. */
const DOCUMENTS_BATCH = 500;

const DOCUMENTS_BATCH_SQL = {
  name: "reports-sales-documents-batch",
  text: `
WITH docs AS (
  SELECT i.issued_at, 'invoice' AS doc, i.serial, i.number, i.kind::text AS kind, i.id AS invoice_id, i.order_id, i.issued_at AS invoice_at,
         i.place_of_supply, i.taxable_value, i.cgst, i.sgst, i.total
  FROM invoices i
  UNION ALL
  SELECT c.issued_at, 'credit_note', c.serial, c.number, 'credit_note', c.invoice_id, i.order_id, i.issued_at,
         i.place_of_supply, c.taxable_value, c.cgst, c.sgst, c.amount
  FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id
)
SELECT d.doc, d.serial, d.number, d.kind, d.order_id AS "orderId",
       to_char(d.issued_at AT TIME ZONE 'UTC' AT TIME ZONE $5, 'YYYY-MM-DD') AS day,
       to_char(d.invoice_at AT TIME ZONE 'UTC' AT TIME ZONE $5, 'YYYY-MM-DD') AS "invoiceDay",
       to_char(d.issued_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS cursor,
       d.place_of_supply AS "placeOfSupply", o.status::text AS status, o.payment_method::text AS "paymentMethod",
       o.payment_status::text AS "paymentStatus", o.subtotal, o.discount, o.packaging_charge AS "packagingCharge", o.delivery_fee AS "deliveryFee",
       d.taxable_value AS "taxableValue", d.cgst, d.sgst, d.total,
       COALESCE(n.credited, 0)::int AS credited, n.numbers AS "creditNotes"
FROM docs d
JOIN orders o ON o.id = d.order_id
LEFT JOIN LATERAL (
  SELECT sum(c.amount) AS credited, string_agg(c.number, ' ' ORDER BY c.financial_year, c.serial) AS numbers
  FROM credit_notes c WHERE d.doc = 'invoice' AND c.invoice_id = d.invoice_id
) n ON true
WHERE (d.issued_at, d.doc, d.serial) > ($1::timestamp(3), $2, $3::int) AND d.issued_at < $4::timestamp(3)
ORDER BY d.issued_at, d.doc, d.serial
LIMIT $6`,
};

type Row = SalesDocumentRow & { cursor: string; serial: number };

/** The file's chunks: the header, then one chunk of lines per batch, over [start, end). */
export async function* salesDocumentChunks(start: Date, end: Date): AsyncGenerator<string> {
  yield salesByInvoiceHeaderLine();
  const until = sqlTimestamp(end);
  // Any kind is greater than "": the first batch starts at the range's first instant.
  let cursor = { at: sqlTimestamp(start), doc: "", serial: 0 };
  for (;;) {
    const { rows } = await pool().query<Row>({
      ...DOCUMENTS_BATCH_SQL,
      values: [cursor.at, cursor.doc, cursor.serial, until, INDIA_TIME_ZONE, DOCUMENTS_BATCH],
    });
    if (rows.length > 0) yield rows.map(salesDocumentLine).join("");
    if (rows.length < DOCUMENTS_BATCH) return;
    const last = rows[rows.length - 1];
    cursor = { at: last.cursor, doc: last.doc, serial: last.serial };
  }
}
