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
