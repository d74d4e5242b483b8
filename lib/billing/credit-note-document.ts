import { z } from "zod";
import type { CreditNoteDocument } from "@/lib/billing/credit-note-types";
import type { DocumentKind, TaxSplit } from "@/lib/billing/types";
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

// Read leniently: a field missing or of another type reads as empty ("" or null), never throws.
const text = z.string().catch("");
const textOrNull = z.string().min(1).nullable().catch(null);
const orEmpty = <T extends z.ZodObject>(schema: T) => schema.catch(() => schema.parse({}));

const storedSeller = z.object({
  legalName: text,
  tradeName: text,
  address: text,
  state: text,
  stateCode: text,
  gstin: textOrNull,
  fssai: textOrNull,
});
const storedBuyer = z.object({
  name: text,
  phone: text,
  address: text,
  state: text,
  stateCode: textOrNull,
  gstin: textOrNull,
  legalName: textOrNull,
});
/** What a note takes from its invoice's stored document. */
const storedInvoice = orEmpty(z.object({ seller: orEmpty(storedSeller), buyer: orEmpty(storedBuyer), sac: text }));

/** The note `facts` against `invoice`. */
export function creditNoteDocument(invoice: CorrectedInvoice, facts: NoteFacts): CreditNoteDocument {
  const { seller, buyer, sac } = storedInvoice.parse(invoice.document);
  return {
    number: facts.number,
    issuedAt: facts.issuedAt.toISOString(),
    invoiceKind: invoice.kind,
    seller,
    // The invoice row's own buyer details win: they are what the bill was issued to.
    buyer: { ...buyer, gstin: invoice.buyerGstin ?? buyer.gstin, legalName: invoice.buyerLegalName ?? buyer.legalName },
    invoice: { number: invoice.number, issuedAt: invoice.issuedAt.toISOString() },
    placeOfSupply: { state: seller.state, code: seller.stateCode },
    sac: sac || RESTAURANT_SAC,
    reason: facts.reason,
    amount: facts.amount,
    taxableValue: facts.taxableValue,
    cgst: facts.cgst,
    sgst: facts.sgst,
    currency: "INR",
    unit: "paise",
  };
}
