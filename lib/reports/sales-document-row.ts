import { amountCell, csvLine, textCell } from "@/lib/reports/csv";
import { orderNumber } from "@/lib/orders/status";
import { ORDER_COLUMNS, TAX_COLUMNS, orderAmountCells, paymentCells, type OrderFigures } from "@/lib/reports/sales-row";

// One bill or credit note of the sales CSV by invoice (product.md §11), by its own date, in the
// columns the contract lists and in its order. Amounts are rupees with two decimals; a credit
// note's are negative, so the file's sum over a month is what the month's GSTR-1 reports (its
// B2B, less its B2B credit notes, plus its B2CS). The order's own amounts (subtotal, its coupon's
// discount, packaging, delivery fee) stand on its bill's row only: a credit note is of an amount,
// not of lines.

const SALES_BY_INVOICE_HEADER = [
  "date",
  "code",
  "document_number",
  "document_kind",
  "invoice_date",
  "place_of_supply",
  ...ORDER_COLUMNS,
  ...TAX_COLUMNS,
  "refunded_inr",
  "credit_note_numbers",
] as const;

/** A document as sales-documents.ts reads it: paise from the document, rupees from the order. */
export type SalesDocumentRow = OrderFigures & {
  orderId: string;
  doc: "invoice" | "credit_note";
  /** The India date the document was issued, YYYY-MM-DD. */
  day: string;
  number: string;
  /** tax_invoice, bill_of_supply, receipt; credit_note for a note. */
  kind: string;
  /** The India date of the bill (of the bill the note corrects). */
  invoiceDay: string;
  placeOfSupply: string;
  /** Paise, as on the document (positive; a note's are negated here). */
  taxableValue: number;
  cgst: number;
  sgst: number;
  total: number;
  /** Paise credited against the bill so far (its row only). */
  credited: number;
  /** The bill's credit notes so far, space-separated (its row only). */
  creditNotes: string | null;
};

export const salesByInvoiceHeaderLine = (): string => csvLine(SALES_BY_INVOICE_HEADER);

export function salesDocumentLine(row: SalesDocumentRow): string {
  const bill = row.doc === "invoice";
  const sign = bill ? 1 : -1;
  return csvLine([
    textCell(row.day),
    textCell(orderNumber(row.orderId)),
    textCell(row.number),
    textCell(row.kind),
    textCell(row.invoiceDay),
    textCell(row.placeOfSupply),
    ...paymentCells(row),
    ...(bill ? orderAmountCells(row) : ["", "", "", ""]),
    amountCell(sign * row.taxableValue),
    amountCell(sign * row.cgst),
    amountCell(sign * row.sgst),
    amountCell(sign * row.total),
    bill ? amountCell(row.credited) : "",
    bill ? textCell(row.creditNotes) : "",
  ]);
}
