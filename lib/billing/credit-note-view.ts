import type { CreditNoteDocument } from "@/lib/billing/credit-note-types";
import type { LabelledValue } from "@/lib/billing/invoice-view";
import { BILL_LABELS, CGST_LABEL, fssaiLine, RESTAURANT_SERVICE, SGST_LABEL } from "@/lib/billing/words";
import { formatPaise } from "@/lib/money";
import { formatIndiaDate, formatIndiaTime } from "@/lib/time";

// One credit note as its printable page and its PDF both lay it out (product.md §11): a document
// of its own, titled `Credit Note`, naming the invoice it corrects by number and date. Every word
// and amount decided here once, so page and PDF cannot tell different stories. Pure, client-safe;
// `money` writes an amount (₹ on the page and in the PDF's DejaVu font alike).

const CREDIT_NOTE_TITLE = "Credit Note";

export type CreditNoteView = {
  title: string;
  seller: { tradeName: string; legalName: string; addressLines: string[]; registrations: string[] };
  meta: LabelledValue[];
  buyer: { name: string; addressLines: string[] };
  reason: LabelledValue;
  /** The taxable value and the two taxes on a note against a tax invoice; none otherwise. */
  amounts: LabelledValue[];
  total: LabelledValue;
  /** The fixed lines at the foot: reverse charge and that no signature is needed. */
  footer: string[];
};

const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

const stateText = (state: string, code: string | null) => (code ? `${state} (State code ${code})` : state);

const when = (iso: string) => `${formatIndiaDate(iso)}, ${formatIndiaTime(iso)} (India time)`;

export function creditNoteView(note: CreditNoteDocument, money: (paise: number) => string = formatPaise): CreditNoteView {
  const taxed = note.invoiceKind === "tax_invoice";
  const { seller, buyer } = note;
  return {
    title: CREDIT_NOTE_TITLE,
    seller: {
      tradeName: seller.tradeName,
      legalName: seller.legalName,
      addressLines: [...linesOf(seller.address), ...(seller.state ? [stateText(seller.state, seller.stateCode || null)] : [])],
      registrations: [
        ...(seller.gstin ? [`${BILL_LABELS.gstin}: ${seller.gstin}`] : []),
        seller.fssai ? fssaiLine(seller.fssai) : "FSSAI Lic. No.: not yet entered",
      ],
    },
    meta: [
      { label: "Credit Note No.", value: note.number },
      { label: "Date", value: when(note.issuedAt) },
      { label: "Against invoice No.", value: note.invoice.number },
      { label: "Invoice date", value: when(note.invoice.issuedAt) },
      ...(note.invoiceKind === "receipt"
        ? []
        : [
            { label: BILL_LABELS.placeOfSupply, value: stateText(note.placeOfSupply.state, note.placeOfSupply.code || null) },
            { label: BILL_LABELS.sac, value: `${note.sac} (${RESTAURANT_SERVICE})` },
          ]),
    ],
    buyer: {
      name: buyer.legalName ?? buyer.name,
      addressLines: [
        ...(buyer.legalName && buyer.legalName !== buyer.name ? [`Attn. ${buyer.name}`] : []),
        ...linesOf(buyer.address),
        ...(buyer.state ? [stateText(buyer.state, buyer.stateCode)] : []),
        ...(buyer.gstin ? [`${BILL_LABELS.gstin}: ${buyer.gstin}`] : []),
        ...(buyer.phone ? [`Phone ${buyer.phone}`] : []),
      ],
    },
    reason: { label: "Reason", value: note.reason },
    amounts: taxed
      ? [
          { label: BILL_LABELS.taxableValue, value: money(note.taxableValue) },
          { label: CGST_LABEL, value: money(note.cgst) },
          { label: SGST_LABEL, value: money(note.sgst) },
        ]
      : [],
    total: { label: taxed ? "Amount credited (incl. GST)" : "Amount credited", value: money(note.amount) },
    footer: [...(taxed ? ["Reverse charge: No"] : []), "Computer-generated credit note; no signature required."],
  };
}
