// The shapes of the reports (product.md §11) that the API, the page and the tests share
// (client-safe, plain types only). GSTR-1 is the GST portal's own JSON, its names and its units:
// amounts in rupees (two decimals; the route writes them so), dates "DD-MM-YYYY", the period
// "MMYYYY", a state by its two-digit code.

/** A rate and its taxable value and tax heads, as every GSTR-1 table gives them. */
type Gstr1TaxCells = { rt: number; txval: number; iamt: number; camt: number; samt: number; csamt: number };

/** One rate's line of an invoice or note: restaurant service has only 5 %. */
export type Gstr1Item = { num: number; itm_det: Gstr1TaxCells };

/** What an invoice and a note to a registered buyer both carry. */
type Gstr1DocumentValue = { val: number; pos: string; rchrg: "N"; inv_typ: "R"; itms: Gstr1Item[] };

/** Table 4A: a tax invoice to a registered buyer. */
type Gstr1B2bInvoice = { inum: string; idt: string } & Gstr1DocumentValue;

/** Table 9B: a credit note against a tax invoice to a registered buyer. */
type Gstr1CreditNote = { ntty: "C"; nt_num: string; nt_dt: string } & Gstr1DocumentValue;

/** Table 7: supplies to consumers, by place of supply and rate, net of their credit notes. */
export type Gstr1B2csRow = { sply_ty: "INTRA"; pos: string; typ: "OE" } & Gstr1TaxCells;

/** Table 12: the SAC summary, net of credit notes. */
export type Gstr1HsnRow = { num: number; hsn_sc: string; desc: string; uqc: "NA"; qty: number } & Gstr1TaxCells;

/** Table 13: one row per number prefix. */
export type Gstr1DocRow = { num: number; from: string; to: string; totnum: number; cancel: number; net_issue: number };

/** GET /api/reports/gstr1?month=YYYY-MM. */
export type Gstr1 = {
  gstin: string;
  fp: string;
  b2b: { ctin: string; inv: Gstr1B2bInvoice[] }[];
  /** Present only in a month with credit notes to registered buyers. */
  cdnr?: { ctin: string; nt: Gstr1CreditNote[] }[];
  b2cs: Gstr1B2csRow[];
  hsn: { hsn_b2b: Gstr1HsnRow[]; hsn_b2c: Gstr1HsnRow[] };
  doc_issue: { doc_det: { doc_num: number; doc_typ: string; docs: Gstr1DocRow[] }[] };
};
