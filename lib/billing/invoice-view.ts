import type { Invoice } from "@/lib/billing/invoice-types";
import { formatPaise } from "@/lib/money";
import {
  BILL_LABELS,
  CGST_LABEL,
  COMPOSITION_HEADING,
  DOCUMENT_TITLES,
  fssaiLine,
  RESTAURANT_SERVICE,
  SGST_LABEL,
} from "@/lib/billing/words";
import { PORTIONS } from "@/lib/portions";
import { formatIndiaDate, formatIndiaTime } from "@/lib/time";

// One invoice as the printable page and the PDF both lay it out (product.md §11): every word and
// every amount decided here once, so the page and the PDF cannot tell different stories. Pure
// and client-safe; `money` says how an amount is written (₹ on the page, "Rs." in the PDF, whose
// standard fonts have no ₹).

export type LabelledValue = { label: string; value: string };

type InvoiceViewLine = { description: string; details: string; quantity: string; unitPrice: string; amount: string };

type InvoiceViewCreditNote = { number: string; date: string; amount: string; tax: LabelledValue[] };

export type InvoiceView = {
  title: string;
  /** The composition heading on a bill of supply; null otherwise. */
  heading: string | null;
  seller: { tradeName: string; legalName: string; addressLines: string[]; registrations: string[] };
  meta: LabelledValue[];
  buyer: { name: string; addressLines: string[] };
  lines: InvoiceViewLine[];
  /** Subtotal of the lines, packaging, delivery; then the tax lines on a tax invoice; then the total. */
  amounts: LabelledValue[];
  total: LabelledValue;
  /** Under the total: that the menu's prices include the tax (a tax invoice only). */
  note: string | null;
  creditNotes: InvoiceViewCreditNote[];
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

const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** "Karnataka (State code 29)", or the state alone when it has no code. */
const stateText = (state: string, code: string | null) => (code ? `${state} (State code ${code})` : state);

export function invoiceView(invoice: Invoice, money: (paise: number) => string = formatPaise): InvoiceView {
  const taxed = invoice.kind === "tax_invoice";
  const subtotal = invoice.lines.reduce((sum, l) => sum + l.amount, 0);
  const { seller, buyer } = invoice;
  const taxLines = (split: { taxableValue: number; cgst: number; sgst: number }): LabelledValue[] =>
    taxed
      ? [
          { label: BILL_LABELS.taxableValue, value: money(split.taxableValue) },
          { label: CGST_LABEL, value: money(split.cgst) },
          { label: SGST_LABEL, value: money(split.sgst) },
        ]
      : [];
  return {
    title: DOCUMENT_TITLES[invoice.kind],
    heading: invoice.kind === "bill_of_supply" ? COMPOSITION_HEADING : null,
    seller: {
      tradeName: seller.tradeName,
      legalName: seller.legalName,
      addressLines: [...linesOf(seller.address), stateText(seller.state, seller.stateCode)],
      registrations: [
        ...(seller.gstin ? [`${BILL_LABELS.gstin}: ${seller.gstin}`] : []),
        ...(seller.fssai ? [fssaiLine(seller.fssai)] : []),
      ],
    },
    meta: [
      { label: NUMBER_LABELS[invoice.kind], value: invoice.number },
      { label: "Date", value: `${formatIndiaDate(invoice.issuedAt)}, ${formatIndiaTime(invoice.issuedAt)} (India time)` },
      { label: BILL_LABELS.placeOfSupply, value: invoice.placeOfSupply },
      { label: BILL_LABELS.sac, value: `${invoice.sac} (${RESTAURANT_SERVICE})` },
    ],
    buyer: {
      name: buyer.name,
      addressLines: [...linesOf(buyer.address), stateText(buyer.state, buyer.stateCode), ...(buyer.phone ? [`Phone ${buyer.phone}`] : [])],
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
      { label: BILL_LABELS.packaging, value: money(invoice.packaging) },
      { label: BILL_LABELS.delivery, value: money(invoice.delivery) },
      ...taxLines(invoice),
    ],
    total: { label: BILL_LABELS.total, value: money(invoice.total) },
    note: taxed ? "Menu prices include GST: the tax above is part of the total, not added to it." : null,
    creditNotes: invoice.creditNotes.map((c) => ({
      number: c.number,
      date: formatIndiaDate(c.issuedAt),
      amount: money(c.amount),
      tax: taxLines(c),
    })),
  };
}

/** "FB-26-27-1.pdf": the download's file name, the number's slashes made dashes. */
export const invoiceFileName = (number: string) => `${number.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`;
