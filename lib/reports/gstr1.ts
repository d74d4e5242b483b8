import "server-only";
import { pool } from "@/lib/db";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import { bigintToNumber } from "@/lib/db/bigint";
import { sqlTimestamp } from "@/lib/db/timestamp";
import { readBusiness } from "@/lib/billing/business";
import { matchState } from "@/lib/billing/states";
import { GST_RATE_PERCENT } from "@/lib/billing/tax";
import { RESTAURANT_SAC, RESTAURANT_SAC_DESCRIPTION } from "@/lib/billing/words";
import { INDIA_TIME_ZONE } from "@/lib/time";
import { monthSpan } from "@/lib/reports/period";
import type { Gstr1, Gstr1B2csRow, Gstr1DocRow, Gstr1HsnRow, Gstr1Item } from "@/lib/reports/types";

// The month's GSTR-1 (product.md §11) in the GST portal's own JSON, over the documents ISSUED in
// an India month (not the orders placed in it), so the offline tool or the portal takes it as it is:
// - b2b (table 4A): each tax invoice whose order named a buyer's GSTIN, one by one under it;
// - cdnr (table 9B): each credit note against such an invoice, issued this month, under that GSTIN
//   (a registered buyer's credit note is reported on its own, as the buyer's ITC follows it);
// - b2cs (table 7): the other tax invoices, less the credit notes issued this month against them,
//   by place of supply and rate (a consumer's credit note only reduces the month's B2CS);
// - hsn (table 12): SAC 996331, B2B and B2C apart, net of the month's credit notes; a service has no
//   unit of quantity (`uqc` "NA", `qty` 0);
// - doc_issue (table 13): the invoices and the credit notes, one row per number prefix.
// So b2b − cdnr + b2cs = hsn_b2b + hsn_b2c = the month's rows of the sales CSV by invoice.
//
// The place of supply of restaurant service is the kitchen's state (IGST Act s.12(4)), so every
// supply is intra-state (CGST + SGST, never IGST): `pos` is the state code the invoice's seller
// carried, the kitchen's.
//
// Only tax invoices are in it. GSTR-1 is the return of a regular taxpayer: a kitchen under
// composition files CMP-08 and GSTR-4 (its bills of supply charge no tax and have no GSTR-1 row),
// and an unregistered one files nothing (its receipts are no supply under GST). An accountant
// filing for a month in which the kitchen changed regime reports only what it issued as a regular
// taxpayer, so bills of supply, receipts and the credit notes against them are left out of every
// table here, documents issued too; the sales CSV still lists them, with their zero tax.
//
// Sums are bigints in SQL; each reaches JavaScript only as an exact Number (bigintToNumber). Paise
// become rupees only in the result (paise / 100), with two decimals once serialised (gstr1Json).

// The kitchen's state code on the bill, as issued; the business's own when a bill lacks it.
const POS = `COALESCE(NULLIF(i.document->'seller'->>'stateCode', ''), $3)`;
const IDT = (column: string) => `to_char(${column} AT TIME ZONE 'UTC' AT TIME ZONE $4, 'DD-MM-YYYY')`;

// Every tax invoice and credit note against one, issued in the month: one row each for B2B (they
// are listed one by one, as issued: by time and serial, since "FB/26-27/10" sorts before
// "FB/26-27/9" as text), one row per place for B2C (they are summed).
const DOCS_SQL = {
  name: "reports-gstr1-docs",
  text: `
WITH month_docs AS (
  SELECT 'invoice' AS doc, i.number, i.serial, i.issued_at, i.buyer_gstin, ${POS} AS pos,
         i.total::bigint AS total, i.taxable_value::bigint AS taxable, i.cgst::bigint AS cgst, i.sgst::bigint AS sgst
  FROM invoices i
  WHERE i.kind = 'tax_invoice' AND i.issued_at >= $1::timestamp(3) AND i.issued_at < $2::timestamp(3)
  UNION ALL
  SELECT 'credit_note', c.number, c.serial, c.issued_at, i.buyer_gstin, ${POS},
         c.amount::bigint, c.taxable_value::bigint, c.cgst::bigint, c.sgst::bigint
  FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id
  WHERE i.kind = 'tax_invoice' AND c.issued_at >= $1::timestamp(3) AND c.issued_at < $2::timestamp(3)
)
SELECT doc, buyer_gstin AS ctin, number, ${IDT("issued_at")} AS date, pos, total, taxable, cgst, sgst, 1::bigint AS count,
       issued_at, serial
FROM month_docs WHERE buyer_gstin IS NOT NULL
UNION ALL
SELECT doc, NULL, NULL, NULL, pos, sum(total), sum(taxable), sum(cgst), sum(sgst), count(*), NULL, NULL
FROM month_docs WHERE buyer_gstin IS NULL GROUP BY doc, pos
ORDER BY ctin NULLS LAST, issued_at, serial, doc, pos`,
};

type DocRow = {
  doc: "invoice" | "credit_note";
  ctin: string | null;
  number: string | null;
  date: string | null;
  pos: string;
  total: string;
  taxable: string;
  cgst: string;
  sgst: string;
  count: string;
};

// Table 13: each prefix's first and last number of the month. Within a month (one financial year)
// a series' serials only grow, so the lowest and highest serial are the first and last issued; the
// prefixes follow in the order they were first used (a prefix changed mid-month comes second).
const seriesSql = (table: "invoices" | "credit_notes", name: string, kindJoin: string) => ({
  name,
  text: `
WITH month_docs AS (
  SELECT d.number, d.serial, split_part(d.number, '/', 1) AS prefix
  FROM ${table} d ${kindJoin}
  WHERE i.kind = 'tax_invoice' AND d.issued_at >= $1::timestamp(3) AND d.issued_at < $2::timestamp(3)
)
SELECT prefix, count(*)::bigint AS count,
       (array_agg(number ORDER BY serial))[1] AS first, (array_agg(number ORDER BY serial DESC))[1] AS last
FROM month_docs GROUP BY prefix ORDER BY min(serial), prefix`,
});
const INVOICE_SERIES_SQL = seriesSql("invoices", "reports-gstr1-invoice-series", "JOIN invoices i ON i.id = d.id");
const NOTE_SERIES_SQL = seriesSql("credit_notes", "reports-gstr1-note-series", "JOIN invoices i ON i.id = d.invoice_id");

type SeriesRow = { prefix: string; count: string; first: string; last: string };

/** Paise as the portal's rupees. */
const rupees = (paise: number) => paise / 100;

type Sums = { total: number; taxable: number; cgst: number; sgst: number };

const sumsOf = (row: DocRow): Sums => ({
  total: bigintToNumber(row.total),
  taxable: bigintToNumber(row.taxable),
  cgst: bigintToNumber(row.cgst),
  sgst: bigintToNumber(row.sgst),
});

const taxOf = (s: Sums) => ({ txval: rupees(s.taxable), iamt: 0, camt: rupees(s.cgst), samt: rupees(s.sgst), csamt: 0 });

const itemsOf = (s: Sums): Gstr1Item[] => [{ num: 1, itm_det: { rt: GST_RATE_PERCENT, ...taxOf(s) } }];

const hsnRow = (s: Sums): Gstr1HsnRow => ({
  num: 1,
  hsn_sc: RESTAURANT_SAC,
  desc: RESTAURANT_SAC_DESCRIPTION,
  uqc: "NA",
  qty: 0,
  rt: GST_RATE_PERCENT,
  ...taxOf(s),
});

const docRows = (rows: SeriesRow[]): Gstr1DocRow[] =>
  rows.map((row, n) => {
    const count = bigintToNumber(row.count);
    return { num: n + 1, from: row.first, to: row.last, totnum: count, cancel: 0, net_issue: count };
  });

/** Adds `s` (negated for a credit note) to `into`. */
function add(into: Sums, s: Sums, sign: 1 | -1) {
  into.total += sign * s.total;
  into.taxable += sign * s.taxable;
  into.cgst += sign * s.cgst;
  into.sgst += sign * s.sgst;
}

const zero = (): Sums => ({ total: 0, taxable: 0, cgst: 0, sgst: 0 });

/** "122026" for "2026-12". */
const returnPeriod = (month: string) => `${month.slice(5, 7)}${month.slice(0, 4)}`;

/** The GSTR-1 of an India month (YYYY-MM, checked by parseMonth); admins only. */
export async function gstr1Figures(viewer: SessionUser, month: string): Promise<Gstr1> {
  assertAdmin(viewer);
  const business = await readBusiness();
  const kitchenCode = matchState(business.state)?.code ?? "";
  const { start, end } = monthSpan(month);
  const span = [sqlTimestamp(start), sqlTimestamp(end)];
  const [docs, invoiceSeries, noteSeries] = await Promise.all([
    pool().query<DocRow>({ ...DOCS_SQL, values: [...span, kitchenCode, INDIA_TIME_ZONE] }),
    pool().query<SeriesRow>({ ...INVOICE_SERIES_SQL, values: span }),
    pool().query<SeriesRow>({ ...NOTE_SERIES_SQL, values: span }),
  ]);

  const b2b = new Map<string, Gstr1["b2b"][number]>();
  const cdnr = new Map<string, NonNullable<Gstr1["cdnr"]>[number]>();
  const b2cs = new Map<string, Sums>();
  const hsnB2b = { sums: zero(), docs: 0 };
  const hsnB2c = { sums: zero(), docs: 0 };
  for (const row of docs.rows) {
    const s = sumsOf(row);
    const sign = row.doc === "invoice" ? 1 : -1;
    if (row.ctin === null) {
      const place = b2cs.get(row.pos) ?? zero();
      add(place, s, sign);
      b2cs.set(row.pos, place);
      add(hsnB2c.sums, s, sign);
      hsnB2c.docs += bigintToNumber(row.count);
      continue;
    }
    add(hsnB2b.sums, s, sign);
    hsnB2b.docs += 1;
    const common = { val: rupees(s.total), pos: row.pos, rchrg: "N" as const, inv_typ: "R" as const, itms: itemsOf(s) };
    if (row.doc === "invoice") {
      const buyer = b2b.get(row.ctin) ?? { ctin: row.ctin, inv: [] };
      buyer.inv.push({ inum: row.number!, idt: row.date!, ...common });
      b2b.set(row.ctin, buyer);
    } else {
      const buyer = cdnr.get(row.ctin) ?? { ctin: row.ctin, nt: [] };
      buyer.nt.push({ ntty: "C", nt_num: row.number!, nt_dt: row.date!, ...common });
      cdnr.set(row.ctin, buyer);
    }
  }
  const b2csRows: Gstr1B2csRow[] = [...b2cs.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([pos, s]) => ({ sply_ty: "INTRA", pos, typ: "OE", rt: GST_RATE_PERCENT, ...taxOf(s) }));
  const docDet: Gstr1["doc_issue"]["doc_det"] = [
    { doc_num: 1, doc_typ: "Invoices for outward supply", docs: docRows(invoiceSeries.rows) },
    { doc_num: 5, doc_typ: "Credit Note", docs: docRows(noteSeries.rows) },
  ];
  return {
    gstin: business.gstin ?? "",
    fp: returnPeriod(month),
    b2b: [...b2b.values()],
    ...(cdnr.size > 0 ? { cdnr: [...cdnr.values()] } : {}),
    b2cs: b2csRows,
    hsn: {
      hsn_b2b: hsnB2b.docs > 0 ? [hsnRow(hsnB2b.sums)] : [],
      hsn_b2c: hsnB2c.docs > 0 ? [hsnRow(hsnB2c.sums)] : [],
    },
    doc_issue: { doc_det: docDet.filter((d) => d.docs.length > 0) },
  };
}

const AMOUNT_KEYS = new Set(["val", "txval", "iamt", "camt", "samt", "csamt"]);
const MARK = "\u0000rupees:";

/**
 * The return as the file the portal takes: every amount written with two decimals (951.43, 100.00,
 * -0.95), as numbers; JSON.stringify alone would write 100 and 2.5.
 */
export function gstr1Json(figures: Gstr1): string {
  const text = JSON.stringify(figures, (key, value: unknown) =>
    AMOUNT_KEYS.has(key) && typeof value === "number" ? `${MARK}${(Math.round(value * 100) / 100).toFixed(2)}` : value,
  );
  return text.replace(/"\\u0000rupees:(-?\d+\.\d{2})"/g, "$1");
}
