// Money is whole rupees, integers only.

const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** ₹1,234 in the Indian grouping style. */
export function formatRupees(amount: number): string {
  return inr.format(amount);
}

export function assertRupees(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`Not a whole rupee amount: ${amount}`);
  return amount;
}

export function lineTotal(unitPrice: number, quantity: number): number {
  return assertRupees(unitPrice) * assertRupees(quantity);
}

export function sum(amounts: number[]): number {
  return amounts.reduce((total, a) => total + assertRupees(a), 0);
}

// Bills, reports and payment gateways count in paise (product.md §10, §11): the conversion and
// the way an amount in paise is shown are written here, once.

/** Paise in `rupees` (whole rupees, as orders keep them). */
export function toPaise(rupees: number): number {
  if (!Number.isSafeInteger(rupees)) throw new RangeError(`Not a whole rupee amount: ${rupees}`);
  return rupees * 100;
}

const wholeRupees = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

/**
 * "12,345.67" for 1234567 paise, in the Indian grouping; "-5.00" for -500. Integer arithmetic
 * only: rupees and paise are split with % and integer division, never through a float.
 */
export function formatPaiseNumber(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not an amount in paise: ${paise}`);
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  const whole = (abs - (abs % 100)) / 100;
  return `${sign}${wholeRupees.format(whole)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "₹279.00" for 27900 paise; "-₹5.00" for a negative amount, as formatRupees writes one. */
export function formatPaise(paise: number): string {
  const text = formatPaiseNumber(paise);
  return text.startsWith("-") ? `-₹${text.slice(1)}` : `₹${text}`;
}
