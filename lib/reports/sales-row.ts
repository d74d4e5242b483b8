import { toPaise } from "@/lib/money";
import { amountCell, csvLine, textCell } from "@/lib/reports/csv";
import { paymentMethodLabel, type PaymentMethodKey } from "@/lib/orders/schema";
import { orderNumber } from "@/lib/orders/status";

// One order of the sales CSV (product.md §11), in the columns the contract lists and in its
// order. Amounts are rupees with two decimals (the header says `_inr`): the order's own amounts
// are whole rupees (".00"); the invoice's taxable value and taxes are paise, so they carry them.
// The tax columns are empty until the order has an invoice (it is issued on delivery).

/** The order's own columns, on the sales CSV and on the one by invoice alike. */
export const ORDER_COLUMNS = [
  "status",
  "payment_method",
  "payment_status",
  "subtotal_inr",
  "discount_inr",
  "packaging_inr",
  "delivery_fee_inr",
] as const;

/** The tax and the total, after the order's own columns on both CSVs. */
export const TAX_COLUMNS = ["taxable_value_inr", "cgst_inr", "sgst_inr", "total_inr"] as const;

export const SALES_HEADER = ["date", "code", "invoice_number", ...ORDER_COLUMNS, ...TAX_COLUMNS] as const;

/** What both CSVs take from the order itself, in rupees. */
export type OrderFigures = {
  status: string;
  paymentMethod: PaymentMethodKey;
  paymentStatus: string;
  subtotal: number;
  discount: number;
  packagingCharge: number;
  deliveryFee: number;
};

/** An order as sales.ts reads it: rupees from the order, paise from its invoice (null before one). */
export type SalesRow = OrderFigures & {
  id: string;
  /** The India date it was placed, YYYY-MM-DD. */
  day: string;
  total: number;
  invoiceNumber: string | null;
  taxableValue: number | null;
  cgst: number | null;
  sgst: number | null;
};

const rupees = (amount: number) => amountCell(toPaise(amount));

/** The order's state and how it was paid: the first of ORDER_COLUMNS. */
export const paymentCells = (row: OrderFigures) => [
  textCell(row.status),
  textCell(paymentMethodLabel(row.paymentMethod)),
  textCell(row.paymentStatus),
];

/** The order's rupee amounts: the rest of ORDER_COLUMNS. */
export const orderAmountCells = (row: OrderFigures) => [
  rupees(row.subtotal),
  rupees(row.discount),
  rupees(row.packagingCharge),
  rupees(row.deliveryFee),
];

export const salesHeaderLine = (): string => csvLine(SALES_HEADER);

/** The order's line of the CSV. */
export function salesLine(row: SalesRow): string {
  return csvLine([
    textCell(row.day),
    textCell(orderNumber(row.id)),
    textCell(row.invoiceNumber),
    ...paymentCells(row),
    ...orderAmountCells(row),
    amountCell(row.taxableValue),
    amountCell(row.cgst),
    amountCell(row.sgst),
    rupees(row.total),
  ]);
}
