import type { Invoice } from "@/lib/billing/invoice-types";
import { formatPaise } from "@/lib/money";
import { BILL_LABELS, COMPOSITION_HEADING, COMPUTER_GENERATED_LINE, DOCUMENT_TITLES, REVERSE_CHARGE_LINE } from "@/lib/billing/words";
import { addressLines, issuedWhen, sellerView, supplyLines, taxLines } from "@/lib/billing/document-view";
import type { LabelledValue, SellerView } from "@/lib/billing/document-view";
import { PORTIONS } from "@/lib/portions";

// One invoice as the printable page and the PDF both lay it out (product.md §11): every word and
// every amount decided here once, so the page and the PDF cannot tell different stories. Pure
// and client-safe; `money` says how an amount is written (₹ on the page, "Rs." in the PDF, whose
// standard fonts have no ₹).

export type { LabelledValue } from "@/lib/billing/document-view";

type InvoiceViewLine = { description: string; details: string; quantity: string; unitPrice: string; amount: string };

export type InvoiceView = {
  title: string;
  /** The composition heading on a bill of supply; null otherwise. */
  heading: string | null;
  seller: SellerView;
  meta: LabelledValue[];
  /** A business buyer's legal name and GSTIN first when given, then the customer and the address. */
  buyer: { registrations: string[]; name: string; addressLines: string[] };
  lines: InvoiceViewLine[];
  /** Subtotal of the lines, any discount, packaging, delivery. */
  amounts: LabelledValue[];
  total: LabelledValue;
  /** Under the total on a tax invoice: the taxable value and the tax it holds. */
  tax: LabelledValue[];
  /** Under the total: that the menu's prices include the tax (a tax invoice only). */
  note: string | null;
  /** The closing lines: reverse charge (a tax invoice), and that no signature is needed. */
  closing: string[];
};

const NUMBER_LABELS: Record<Invoice["kind"], string> = {
  tax_invoice: "Invoice No.",
  bill_of_supply: "Bill No.",
  receipt: "Receipt No.",
};

/** "Small 250g" for a portion key; anything else as it came. */
function portionText(portion: string): string {
  const known = PORTIONS.find((p) => p.key === portion);
  return known ? `${known.label} ${known.grams}g` : portion;
}

/** A bill as issued: the credit notes issued since are documents of their own. */
type IssuedBill = Omit<Invoice, "creditNotes">;

export function invoiceView(invoice: IssuedBill, money: (paise: number) => string = formatPaise): InvoiceView {
  const taxed = invoice.kind === "tax_invoice";
  const subtotal = invoice.lines.reduce((sum, l) => sum + l.amount, 0);
  const { seller, buyer } = invoice;
  // A receipt of an unregistered kitchen makes no supply under GST: no SAC, no place of supply.
  const underGst = invoice.kind !== "receipt";
  return {
    title: DOCUMENT_TITLES[invoice.kind],
    heading: invoice.kind === "bill_of_supply" ? COMPOSITION_HEADING : null,
    seller: sellerView(seller),
    meta: [
      { label: NUMBER_LABELS[invoice.kind], value: invoice.number },
      { label: "Date", value: issuedWhen(invoice.issuedAt) },
      ...(underGst ? supplyLines(invoice.placeOfSupply, invoice.sac) : []),
    ],
    buyer: {
      registrations: [...(buyer.legalName ? [buyer.legalName] : []), ...(buyer.gstin ? [`${BILL_LABELS.gstin}: ${buyer.gstin}`] : [])],
      name: buyer.name,
      addressLines: addressLines(buyer),
    },
    lines: invoice.lines.map((l) => ({
      description: `${l.name} (${portionText(l.portion)})`,
      details: l.details,
      quantity: String(l.quantity),
      unitPrice: money(l.unitPrice),
      amount: money(l.amount),
    })),
    amounts: [
      { label: BILL_LABELS.subtotal, value: money(subtotal) },
      ...(invoice.discount > 0 ? [{ label: BILL_LABELS.discount, value: money(-invoice.discount) }] : []),
      { label: BILL_LABELS.packaging, value: money(invoice.packaging) },
      { label: BILL_LABELS.delivery, value: money(invoice.delivery) },
    ],
    total: { label: taxed ? BILL_LABELS.totalInclTax : BILL_LABELS.total, value: money(invoice.total) },
    tax: taxed ? taxLines(invoice, money) : [],
    note: taxed ? "Menu prices include GST: the tax is part of the total, not added to it." : null,
    closing: [...(taxed ? [REVERSE_CHARGE_LINE] : []), COMPUTER_GENERATED_LINE],
  };
}

/** "FB-26-27-1.pdf": the download's file name, the number's slashes made dashes. */
export const invoiceFileName = (number: string) => `${number.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`;
