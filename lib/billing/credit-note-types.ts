import type { DocumentBuyer, DocumentKind, DocumentSeller, TaxSplit } from "@/lib/billing/types";

// A credit note as a document of its own (product.md §11), shared by the API, the printable page,
// the PDF, the mail and the reports. Client-safe, plain types and the note's address only.
// Amounts are integer paise; dates ISO instants.

/** What `credit_notes.document` holds: the note as issued, never rewritten. */
export type CreditNoteDocument = TaxSplit & {
  number: string;
  issuedAt: string;
  /** The kind of the bill it corrects: only a note against a tax invoice carries tax. */
  invoiceKind: DocumentKind;
  /** The seller and the buyer as the corrected invoice named them: the note corrects that supply, between those two. */
  seller: DocumentSeller;
  buyer: DocumentBuyer;
  /** The original invoice's number and date (CGST rule 53(1A)(c)). */
  invoice: { number: string; issuedAt: string };
  /** The kitchen's state, as for the invoice (IGST Act s.12(4)). */
  placeOfSupply: { state: string; code: string };
  sac: string;
  /** The refund's reason ("Order cancelled" for a cancellation's). */
  reason: string;
  /** Paise credited, tax included. */
  amount: number;
  currency: "INR";
  unit: "paise";
};

/** One note as GET /api/orders/{id}/invoice lists it under `creditNotes`. */
export type CreditNoteSummary = TaxSplit & {
  number: string;
  issuedAt: string;
  reason: string;
  amount: number;
};

/** "/orders/<id>/credit-notes/CN%2F26-27%2F1": the note's printable page. */
export const creditNotePath = (orderId: string, number: string) =>
  `/orders/${encodeURIComponent(orderId)}/credit-notes/${encodeURIComponent(number)}`;

/** The note's PDF: GET /api/orders/<id>/credit-notes/CN%2F26-27%2F1.pdf, as the invoice's is invoice.pdf. */
export const creditNotePdfPath = (orderId: string, number: string) =>
  `/api/orders/${encodeURIComponent(orderId)}/credit-notes/${encodeURIComponent(number)}.pdf`;

/** "CN-26-27-1.pdf". */
export const creditNoteFileName = (number: string) => `${number.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`;
