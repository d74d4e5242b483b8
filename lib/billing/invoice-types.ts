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

export type Invoice = TaxSplit & {
  number: string;
  issuedAt: string;
  kind: DocumentKind;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  /** "29-Karnataka". */
  placeOfSupply: string;
  sac: string;
  lines: InvoiceLine[];
  packaging: number;
  delivery: number;
  total: number;
  currency: "INR";
  unit: "paise";
  /** The credit notes issued against it since, oldest first (credit-note-types.ts). */
  creditNotes: CreditNoteSummary[];
};
