import type { DocumentBuyer, DocumentKind, DocumentSeller, TaxSplit } from "@/lib/billing/types";
import type { CreditNoteSummary } from "@/lib/billing/credit-note-types";

// GET /api/orders/{id}/invoice (product.md §11), shared by the API, the printable page, the PDF
// and the reports. Amounts are integer paise (`unit: "paise"`); dates ISO instants.

export type InvoiceLine = {
  name: string;
  portion: string;
  /** The bowl's options and note, as the order shows them; empty when none. */
  details: string;
  quantity: number;
  unitPrice: number;
  amount: number;
};

/** Where the supply is made: for restaurant service the kitchen's state (IGST Act s.12(4)). */
export type PlaceOfSupply = { state: string; code: string };

export type Invoice = TaxSplit & {
  number: string;
  issuedAt: string;
  kind: DocumentKind;
  seller: DocumentSeller;
  buyer: DocumentBuyer;
  placeOfSupply: PlaceOfSupply;
  sac: string;
  lines: InvoiceLine[];
  /** Paise off the lines (an offer, product.md §13); the tax is on what was paid. */
  discount: number;
  packaging: number;
  delivery: number;
  total: number;
  reverseCharge: false;
  currency: "INR";
  unit: "paise";
  /** The credit notes issued against it since, oldest first (credit-note-types.ts). */
  creditNotes: CreditNoteSummary[];
};
