import { CGST_RATE_PERCENT, SGST_RATE_PERCENT } from "@/lib/billing/tax";
import type { DocumentKind, GrievanceOfficer } from "@/lib/billing/types";

// The fixed words of the bill and the labelling rules (product.md §11), once, for the invoice
// page, its PDF, the API, the mails, the footer and the menu. Client-safe. Several are required
// wording (the composition heading by CGST rule 5(1)(g), the energy line by the FSSAI
// Labelling and Display Regulations 2020): they are copied exactly, not paraphrased.

/** The title a document of each kind carries. */
export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  tax_invoice: "Tax Invoice",
  bill_of_supply: "Bill of Supply",
  receipt: "Receipt",
};

/** Printed at the head of a bill of supply under the composition scheme. */
export const COMPOSITION_HEADING = "Composition taxable person, not eligible to collect tax on supplies";

/** Said in place of the FSSAI number before an admin has entered it (product.md §11 "Ready to trade"). */
const FSSAI_NOT_ENTERED = "FSSAI Lic. No.: not yet entered";

/**
 * "FSSAI Lic. No. 12345678901234": the footer of every page, every bill and every order mail. A
 * number starting with 2 is a registration (a small business's), not a licence, and says so.
 */
export const fssaiLine = (number: string | null) =>
  number ? `${number.startsWith("2") ? "FSSAI Reg. No." : "FSSAI Lic. No."} ${number}` : FSSAI_NOT_ENTERED;

/** Rule 46(p): whether tax is payable on reverse charge; a restaurant's never is. */
export const REVERSE_CHARGE_LINE = "Reverse charge: No";

/** Under every bill: no signature is needed on a document the shop's computer issues. */
export const COMPUTER_GENERATED_LINE = "Computer-generated invoice; no signature required.";

/** A credit note's title (product.md §11) and its own closing line, as the bill's above. */
export const CREDIT_NOTE_TITLE = "Credit Note";
export const COMPUTER_GENERATED_NOTE_LINE = "Computer-generated credit note; no signature required.";

/** Near the menu's nutrition facts. */
export const ENERGY_NEEDS_NOTE = "An average active adult requires 2,000 kcal energy per day, however, calorie needs may vary.";

/** Under a total the customer pays under the regular regime: menu prices include the tax. */
export const INCL_GST = "incl. GST";

/** The Services Accounting Code of restaurant service, on every tax invoice and in GSTR-1's SAC summary. */
export const RESTAURANT_SAC = "996331";

/** SAC 996331's heading in CBIC's scheme of classification of services: GSTR-1's `description`. */
export const RESTAURANT_SAC_DESCRIPTION =
  "Services provided by Restaurants, Cafes and similar eating facilities including takeaway services, Room services and door delivery of food";

/** The short name of the supply, beside the SAC on a bill. */
export const RESTAURANT_SERVICE = "Restaurant service";

/** "CGST @ 2.5%" and "SGST @ 2.5%", the bill's tax lines. */
export const CGST_LABEL = `CGST @ ${CGST_RATE_PERCENT}%`;
export const SGST_LABEL = `SGST @ ${SGST_RATE_PERCENT}%`;

/** Labels of the amounts a bill lists, in the order it lists them. */
export const BILL_LABELS = {
  subtotal: "Subtotal",
  packaging: "Packaging",
  delivery: "Delivery fee",
  discount: "Discount",
  taxableValue: "Taxable value",
  total: "Total",
  /** A tax invoice's total, the tax it holds listed under it. */
  totalInclTax: "Total (incl. GST)",
  unitPrice: "Unit price",
  placeOfSupply: "Place of supply",
  gstin: "GSTIN",
  sac: "SAC",
} as const;

/** The footer's grievance officer line, as the e-commerce rules want it named with a contact. */
export const grievanceOfficerLine = (officer: GrievanceOfficer) =>
  `Grievance officer: ${officer.name} (${officer.designation}), ${officer.email}, ${officer.phone}`;
