import type { CreditNoteDocument } from "@/lib/billing/credit-note-types";
import type { DocumentBuyer, DocumentKind, DocumentSeller, TaxSplit } from "@/lib/billing/types";
import { RESTAURANT_SAC } from "@/lib/billing/words";

// The credit note as issued (product.md §11), worked out from the invoice it corrects. Pure:
// credit-notes.ts stores the result as the note's `document`, never written again. The seller and
// the buyer are the invoice's own (a note corrects that supply between those two), read from the
// invoice's stored document field by field, so a bill issued before or after a change of the
// invoice's shape gives the same note.

/** The invoice a note corrects, as its row holds it. */
export type CorrectedInvoice = {
  number: string;
  issuedAt: Date;
  kind: DocumentKind;
  buyerGstin: string | null;
  buyerLegalName: string | null;
  /** invoices.document: the bill as issued. */
  document: unknown;
};

export type NoteFacts = TaxSplit & { number: string; issuedAt: Date; reason: string; amount: number };

type Json = Record<string, unknown>;

const objectOf = (value: unknown): Json => (value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {});
const text = (value: unknown): string => (typeof value === "string" ? value : "");
const textOrNull = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

function sellerOf(document: Json): DocumentSeller {
  const s = objectOf(document.seller);
  return {
    legalName: text(s.legalName),
    tradeName: text(s.tradeName),
    address: text(s.address),
    state: text(s.state),
    stateCode: text(s.stateCode),
    gstin: textOrNull(s.gstin),
    fssai: textOrNull(s.fssai),
  };
}

function buyerOf(document: Json, invoice: CorrectedInvoice): DocumentBuyer {
  const b = objectOf(document.buyer);
  return {
    name: text(b.name),
    phone: text(b.phone),
    address: text(b.address),
    state: text(b.state),
    stateCode: textOrNull(b.stateCode),
    gstin: invoice.buyerGstin ?? textOrNull(b.gstin),
    legalName: invoice.buyerLegalName ?? textOrNull(b.legalName),
  };
}

/** The note `facts` against `invoice`. */
export function creditNoteDocument(invoice: CorrectedInvoice, facts: NoteFacts): CreditNoteDocument {
  const document = objectOf(invoice.document);
  const seller = sellerOf(document);
  return {
    number: facts.number,
    issuedAt: facts.issuedAt.toISOString(),
    invoiceKind: invoice.kind,
    seller,
    buyer: buyerOf(document, invoice),
    invoice: { number: invoice.number, issuedAt: invoice.issuedAt.toISOString() },
    placeOfSupply: { state: seller.state, code: seller.stateCode },
    sac: text(document.sac) || RESTAURANT_SAC,
    reason: facts.reason,
    amount: facts.amount,
    taxableValue: facts.taxableValue,
    cgst: facts.cgst,
    sgst: facts.sgst,
    currency: "INR",
    unit: "paise",
  };
}
