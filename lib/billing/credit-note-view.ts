import type { CreditNoteDocument } from "@/lib/billing/credit-note-types";
import { addressLines, issuedWhen, sellerView, supplyLines, taxLines } from "@/lib/billing/document-view";
import type { LabelledValue, SellerView } from "@/lib/billing/document-view";
import { BILL_LABELS, COMPUTER_GENERATED_NOTE_LINE, CREDIT_NOTE_TITLE, REVERSE_CHARGE_LINE } from "@/lib/billing/words";
import { formatPaise } from "@/lib/money";

// One credit note as its printable page and its PDF both lay it out (product.md §11): a document
// of its own, titled `Credit Note`, naming the invoice it corrects by number and date. Every word
// and amount decided here once, so page and PDF cannot tell different stories; what it says as the
// bill does (the seller, dates, place of supply, tax lines) comes from document-view.ts. Pure,
// client-safe; `money` writes an amount (₹ on the page and in the PDF's DejaVu font alike).

export type CreditNoteView = {
  title: string;
  seller: SellerView;
  meta: LabelledValue[];
  buyer: { name: string; addressLines: string[] };
  reason: LabelledValue;
  /** The taxable value and the two taxes on a note against a tax invoice; none otherwise. */
  amounts: LabelledValue[];
  total: LabelledValue;
  /** The fixed lines at the foot: reverse charge and that no signature is needed. */
  footer: string[];
};

export function creditNoteView(note: CreditNoteDocument, money: (paise: number) => string = formatPaise): CreditNoteView {
  const taxed = note.invoiceKind === "tax_invoice";
  const { buyer } = note;
  return {
    title: CREDIT_NOTE_TITLE,
    seller: sellerView(note.seller),
    meta: [
      { label: "Credit Note No.", value: note.number },
      { label: "Date", value: issuedWhen(note.issuedAt) },
      { label: "Against invoice No.", value: note.invoice.number },
      { label: "Invoice date", value: issuedWhen(note.invoice.issuedAt) },
      ...(note.invoiceKind === "receipt" ? [] : supplyLines(note.placeOfSupply, note.sac)),
    ],
    buyer: {
      name: buyer.legalName ?? buyer.name,
      addressLines: [
        ...(buyer.legalName && buyer.legalName !== buyer.name ? [`Attn. ${buyer.name}`] : []),
        ...addressLines(buyer, buyer.gstin ? [`${BILL_LABELS.gstin}: ${buyer.gstin}`] : []),
      ],
    },
    reason: { label: "Reason", value: note.reason },
    amounts: taxed ? taxLines(note, money) : [],
    total: { label: taxed ? "Amount credited (incl. GST)" : "Amount credited", value: money(note.amount) },
    footer: [...(taxed ? [REVERSE_CHARGE_LINE] : []), COMPUTER_GENERATED_NOTE_LINE],
  };
}
