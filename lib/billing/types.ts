// The shapes of product.md §11 that the bill, the API and the pages share (client-safe, plain
// types and constants only).

/** How the kitchen is registered for GST; it decides which document a delivered order gets. */
export const REGIMES = ["regular", "composition", "unregistered"] as const;
export type Regime = (typeof REGIMES)[number];

/** The document each regime issues: `kind` in GET /api/orders/{id}/invoice. */
export type DocumentKind = "tax_invoice" | "bill_of_supply" | "receipt";

/** An amount in paise split into the value of the supply and the two halves of the tax. */
export type TaxSplit = {
  /** Paise; with `cgst` and `sgst` it adds up to the total, to the paisa. */
  taxableValue: number;
  cgst: number;
  sgst: number;
};

/** The seller as it stood when the bill was issued (later edits never change a bill); a credit note names the one its bill did. */
export type DocumentSeller = {
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

/** The buyer as the bill names them; a credit note names them as the bill it corrects did. */
export type DocumentBuyer = {
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

/** Who answers customers' complaints (Consumer Protection (E-Commerce) Rules, 2020), named in the footer. */
export type GrievanceOfficer = {
  name: string;
  /** Their post ("Customer Care Head"), shown with the name as rule 4(4) asks. */
  designation: string;
  email: string;
  phone: string;
};

/**
 * The business details as stored and shown (product.md §11). `fssai` and `grievanceOfficer` are
 * null only on a fresh install, before an admin first saves the details (the API requires both).
 */
export type BusinessDetails = {
  legalName: string;
  tradeName: string;
  address: string;
  /** A state's name as GSTN writes it ("Karnataka"); its code is stateCodeOf(state). */
  state: string;
  gstin: string | null;
  fssai: string | null;
  regime: Regime;
  invoicePrefix: string;
  /** Whole rupees per order, 0–100. */
  packagingCharge: number;
  grievanceOfficer: GrievanceOfficer | null;
};
