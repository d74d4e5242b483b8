// The shapes of the reports (product.md §11) that the API, the page and the tests share
// (client-safe, plain types only). Amounts are integer paise, as on the bills.

/** GSTR-1 table 7 (B2C others): one row per place of supply, net of the month's credit notes. */
export type B2csRow = {
  /** "29-Karnataka". */
  placeOfSupply: string;
  rate: 5;
  taxableValue: number;
  cgst: number;
  sgst: number;
};

/** GSTR-1 table 12 (HSN/SAC summary): restaurant service only. */
export type HsnRow = {
  sac: string;
  description: string;
  /** The tax invoices issued in the month (a service has no unit of quantity: one supply each). */
  quantity: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
};

/** GSTR-1 table 13 (documents issued): one series over the month. */
export type DocumentSeries = {
  /** The first and last number issued in the month; null when none was. */
  from: string | null;
  to: string | null;
  count: number;
  /** Always 0: an invoice is never cancelled (a delivered order is final; a refund gets a credit note). */
  cancelled: number;
};

/** GET /api/reports/gstr1?month=YYYY-MM. */
export type Gstr1 = {
  b2cs: B2csRow[];
  hsn: HsnRow[];
  documents: { invoices: DocumentSeries; creditNotes: DocumentSeries };
};
