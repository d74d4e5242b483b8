import type { DocumentKind, TaxSplit } from "@/lib/billing/types";
import type { CreditNoteSummary } from "@/lib/billing/credit-note-types";

// GET /api/orders/{id}/invoice (product.md §11), shared by the API, the printable page, the PDF
// and the reports. Amounts are integer paise (`unit: "paise"`); dates ISO instants.

/** The seller as it stood when the document was issued (later edits never change a bill). */
export type InvoiceSeller = {
  legalName: string;
  tradeName: string;
  address: string;
  state: string;
  /** GST state code, "29" for Karnataka. */
  stateCode: string;
  /** null on a receipt of an unregistered kitchen. */
  gstin: string | null;
  fssai: string | null;
};

export type InvoiceBuyer = {
  name: string;
  /** A business buyer's GSTIN and legal name when the customer gave them; null otherwise. */
  gstin: string | null;
  legalName: string | null;
  phone: string;
  /** The delivery address as the customer gave it, on one or more lines. */
  address: string;
  state: string;
  stateCode: string | null;
};

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
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
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
