import { toPaise } from "@/lib/money";
import { amountCell, csvLine, textCell } from "@/lib/reports/csv";
import { paymentMethodLabel, type PaymentMethodKey } from "@/lib/orders/schema";
import { orderNumber } from "@/lib/orders/status";

// One order of the sales CSV (product.md §11), in the columns the contract lists and in its
// order. Amounts are rupees with two decimals (the header says `_inr`): the order's own amounts
// are whole rupees (".00"); the invoice's taxable value and taxes are paise, so they carry them.
// The tax columns are empty until the order has an invoice (it is issued on delivery).

export const SALES_HEADER = [
  "date",
  "code",
  "invoice_number",
  "status",
  "payment_method",
  "payment_status",
  "subtotal_inr",
  "discount_inr",
  "packaging_inr",
  "delivery_fee_inr",
  "taxable_value_inr",
  "cgst_inr",
  "sgst_inr",
  "total_inr",
] as const;

/** An order as sales.ts reads it: rupees from the order, paise from its invoice (null before one). */
export type SalesRow = {
  id: string;
  /** The India date it was placed, YYYY-MM-DD. */
  day: string;
  status: string;
  paymentMethod: PaymentMethodKey;
  paymentStatus: string;
  subtotal: number;
  discount: number;
  packagingCharge: number;
  deliveryFee: number;
  total: number;
  invoiceNumber: string | null;
  taxableValue: number | null;
  cgst: number | null;
  sgst: number | null;
};

const rupees = (amount: number) => amountCell(toPaise(amount));

export const salesHeaderLine = (): string => csvLine(SALES_HEADER);

/** The order's line of the CSV. */
export function salesLine(row: SalesRow): string {
  return csvLine([
    textCell(row.day),
    textCell(orderNumber(row.id)),
    textCell(row.invoiceNumber),
    textCell(row.status),
    textCell(paymentMethodLabel(row.paymentMethod)),
    textCell(row.paymentStatus),
    rupees(row.subtotal),
    rupees(row.discount),
    rupees(row.packagingCharge),
    rupees(row.deliveryFee),
    amountCell(row.taxableValue),
    amountCell(row.cgst),
    amountCell(row.sgst),
    rupees(row.total),
  ]);
}
