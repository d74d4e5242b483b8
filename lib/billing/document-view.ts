import type { DocumentSeller } from "@/lib/billing/types";
import type { TaxSplit } from "@/lib/billing/types";
import { BILL_LABELS, CGST_LABEL, fssaiLine, RESTAURANT_SERVICE, SGST_LABEL } from "@/lib/billing/words";
import { formatIndiaDate, formatIndiaTime } from "@/lib/time";

// What a bill and its credit notes say alike (product.md §11), for the printable pages and the
// PDFs of both: the seller's block, dates, the place of supply and SAC, and the tax lines. Written
// once, so a note names its seller exactly as the bill it corrects did. Pure and client-safe.

export type LabelledValue = { label: string; value: string };

/** The seller's block at the head of a document. */
export type SellerView = { tradeName: string; legalName: string; addressLines: string[]; registrations: string[] };

/** The non-empty lines of an address as typed. */
const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** "Karnataka (State code 29)", or the state alone when it has no code. */
const stateText = (state: string, code: string | null) => (code ? `${state} (State code ${code})` : state);

/** "3 Jul 2034, 6:00 PM (India time)": when a document was issued. */
export const issuedWhen = (iso: string) => `${formatIndiaDate(iso)}, ${formatIndiaTime(iso)} (India time)`;

/**
 * An address's lines, then its state with its code, `extra` (a GSTIN) and a phone: a state or a
 * phone a document lacks (a note issued before notes kept their own document) leaves no line.
 */
export function addressLines(
  where: { address: string; state: string; stateCode: string | null; phone?: string },
  extra: string[] = [],
): string[] {
  return [
    ...linesOf(where.address),
    ...(where.state ? [stateText(where.state, where.stateCode || null)] : []),
    ...extra,
    ...(where.phone ? [`Phone ${where.phone}`] : []),
  ];
}

/** The seller's names, address with its state and code, GSTIN when registered and the FSSAI line (a note's seller is its bill's). */
export function sellerView(seller: DocumentSeller): SellerView {
  return {
    tradeName: seller.tradeName,
    legalName: seller.legalName,
    addressLines: addressLines(seller),
    registrations: [...(seller.gstin ? [`${BILL_LABELS.gstin}: ${seller.gstin}`] : []), fssaiLine(seller.fssai)],
  };
}

/** The place of supply (the kitchen's state) and the SAC, on every document under GST. */
export function supplyLines(placeOfSupply: { state: string; code: string }, sac: string): LabelledValue[] {
  return [
    { label: BILL_LABELS.placeOfSupply, value: stateText(placeOfSupply.state, placeOfSupply.code || null) },
    { label: BILL_LABELS.sac, value: `${sac} (${RESTAURANT_SERVICE})` },
  ];
}

/** The taxable value, CGST and SGST of an amount, as a tax invoice or a credit note lists them. */
export function taxLines(split: TaxSplit, money: (paise: number) => string): LabelledValue[] {
  return [
    { label: BILL_LABELS.taxableValue, value: money(split.taxableValue) },
    { label: CGST_LABEL, value: money(split.cgst) },
    { label: SGST_LABEL, value: money(split.sgst) },
  ];
}
