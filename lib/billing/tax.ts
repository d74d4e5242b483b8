import type { DocumentKind, Regime, TaxSplit } from "@/lib/billing/types";

// GST on a restaurant bill (product.md §11), worked out on the total the customer pays: menu
// prices include the tax, so the tax is taken out of the total, never added to it. Integer paise
// in, integer paise out: a float like 95.238… never exists, so no sum can be a paisa out.

/** GST on restaurant service: 5 %, half central (CGST) and half state (SGST). */
export const GST_RATE_PERCENT = 5;
export const CGST_RATE_PERCENT = 2.5;
export const SGST_RATE_PERCENT = 2.5;

/**
 * The largest total taken. 200 × total + 105 below stays within Number.MAX_SAFE_INTEGER (2^53 − 1),
 * where every integer and every sum below is exact: about ₹450 billion, far past any order.
 */
export const MAX_TAXABLE_TOTAL = Math.floor((Number.MAX_SAFE_INTEGER - 105) / 200);

/** ⌊a / b⌋ for a ≥ 0, b > 0 safe integers, exactly: a % b is exact, and so is a multiple of b divided by b. */
const quotient = (a: number, b: number) => (a - (a % b)) / b;

function assertPaise(total: number): number {
  if (!Number.isSafeInteger(total) || total < 0 || total > MAX_TAXABLE_TOTAL) {
    throw new RangeError(`Not a total in paise from 0 to ${MAX_TAXABLE_TOTAL}: ${total}`);
  }
  return total;
}

/**
 * A total (paise, GST included) split as §11 says: taxable value = total × 100/105 rounded to the
 * nearest paisa, a half paisa up; tax = total − taxable value; CGST = half the tax rounded to the
 * paisa, a half paisa up; SGST = the rest.
 *
 * Rounding half up is ⌊x + ½⌋; with x = 100·total/105 that is ⌊(200·total + 105) / 210⌋, integers
 * only. (x is 20·total/21, never a whole and a half, so no taxable value ever sits on the half: the
 * rule matters for CGST, where an odd tax in paise gives CGST the extra paisa.)
 */
export function gstSplit(totalPaise: number): TaxSplit {
  const total = assertPaise(totalPaise);
  const taxableValue = quotient(200 * total + 105, 210);
  const tax = total - taxableValue;
  const cgst = quotient(tax + 1, 2);
  return { taxableValue, cgst, sgst: tax - cgst };
}

/** Whether the regime's document lists taxable value, CGST and SGST (only a tax invoice does). */
export const chargesTax = (regime: Regime): boolean => regime === "regular";

/**
 * The split a document of `regime` carries. Under composition (a bill of supply) and unregistered
 * (a receipt) no tax is charged: the whole total is the value of the supply and both taxes are 0,
 * so taxableValue + cgst + sgst = total holds for every regime and every consumer can rely on it.
 */
export function taxOf(regime: Regime, totalPaise: number): TaxSplit {
  if (chargesTax(regime)) return gstSplit(totalPaise);
  return { taxableValue: assertPaise(totalPaise), cgst: 0, sgst: 0 };
}

const KINDS: Record<Regime, DocumentKind> = { regular: "tax_invoice", composition: "bill_of_supply", unregistered: "receipt" };

/** The document a delivered order gets under `regime`. */
export const documentKindOf = (regime: Regime): DocumentKind => KINDS[regime];

/**
 * The split of a credit note of `amountPaise` against a bill of `kind` that earlier notes have
 * credited `creditedBeforePaise` of: the split of everything credited so far less the split of what
 * was credited before (product.md §11). Each note split on its own could round the same way every
 * time and credit a paisa more tax than the bill charged (₹2 then ₹997 of ₹999: SGST 0.05 + 23.74 =
 * 23.79 against 23.78); cumulatively the notes' sums are gstSplit of their total, and every field of
 * gstSplit grows with the total, so they never pass the bill's own, field by field.
 */
export function creditNoteSplit(kind: DocumentKind, creditedBeforePaise: number, amountPaise: number): TaxSplit {
  if (kind !== "tax_invoice") return { taxableValue: assertPaise(amountPaise), cgst: 0, sgst: 0 };
  const before = gstSplit(creditedBeforePaise);
  const after = gstSplit(creditedBeforePaise + amountPaise);
  return { taxableValue: after.taxableValue - before.taxableValue, cgst: after.cgst - before.cgst, sgst: after.sgst - before.sgst };
}
