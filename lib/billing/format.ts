// Amounts on a bill are integer paise (product.md §11) and are shown to the paisa: "₹279.00",
// "₹12,345.67" in the Indian grouping. Integer arithmetic only: rupees and paise are split with
// % and division of integers, never by dividing by 100 into a float. Client-safe.

const rupees = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

/** "12,345.67" for 1234567 paise; a minus sign in front of a negative amount. */
export function formatPaiseNumber(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not an amount in paise: ${paise}`);
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  const whole = (abs - (abs % 100)) / 100;
  return `${sign}${rupees.format(whole)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "₹279.00" for 27900 paise; "-₹5.00" for a negative amount. */
export function formatPaise(paise: number): string {
  const text = formatPaiseNumber(paise);
  return text.startsWith("-") ? `-₹${text.slice(1)}` : `₹${text}`;
}
