import type { TaxSplit } from "@/lib/billing/types";
import type { Gstr1 } from "@/lib/reports/types";

// Adding up the books as an accountant does (product.md §11): taxable value and tax in paise,
// from the GSTR-1 (rupees with two decimals) and the sales CSV, so a test can put the two beside
// each other and beside what the bills and notes say.

export const none: TaxSplit = { taxableValue: 0, cgst: 0, sgst: 0 };

/** `a` plus `b` (or minus, with `sign` -1), field by field. */
export const plus = (a: TaxSplit, b: TaxSplit, sign = 1): TaxSplit => ({
  taxableValue: a.taxableValue + sign * b.taxableValue,
  cgst: a.cgst + sign * b.cgst,
  sgst: a.sgst + sign * b.sgst,
});

export const sum = (splits: TaxSplit[]): TaxSplit => splits.reduce((s, x) => plus(s, x), none);

/** Rupees as the reports write them, in paise. */
export const paise = (rupees: number) => Math.round(rupees * 100);

/** A portal row's taxable value and tax, in paise. */
export const fromPortal = (row: { txval: number; camt: number; samt: number }): TaxSplit => ({
  taxableValue: paise(row.txval),
  cgst: paise(row.camt),
  sgst: paise(row.samt),
});

/** What the month's return reports: B2B invoices less their credit notes, plus B2CS. */
export function returnTotal(g: Gstr1): TaxSplit {
  const b2b = g.b2b.flatMap((b) => b.inv.flatMap((i) => i.itms.map((t) => fromPortal(t.itm_det))));
  const cdnr = (g.cdnr ?? []).flatMap((b) => b.nt.flatMap((n) => n.itms.map((t) => fromPortal(t.itm_det))));
  return plus(sum([...b2b, ...g.b2cs.map(fromPortal)]), sum(cdnr), -1);
}

/** The CSV rows' taxable value, CGST and SGST columns (by invoice: the 14th to the 16th), in paise. */
export const csvTotal = (rows: string[][]): TaxSplit =>
  sum(rows.map((r) => ({ taxableValue: paise(+r[13]), cgst: paise(+r[14]), sgst: paise(+r[15]) })));
