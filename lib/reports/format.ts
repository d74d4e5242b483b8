// Amounts in paise as the reports page shows them: "₹1,23,456.78" in the Indian grouping, to the
// paisa. Made from the integer (whole rupees grouped by Intl, paise appended), so no float ever
// rounds a figure an accountant checks. Client-safe.

const wholeRupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });

/** "₹1,234.50"; "−₹12.05" for a negative amount (a month credited more than it sold). */
export function formatPaise(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not an amount in paise: ${paise}`);
  const abs = Math.abs(paise);
  const text = `${wholeRupees.format(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, "0")}`;
  return paise < 0 ? `−${text}` : text;
}

// A month key is already India's month: read at UTC midnight of its 1st it names the same month
// anywhere (as lib/time.ts reads day keys).
const monthYear = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", month: "long", year: "numeric" });

/** "November 2026" for "2026-11". */
export const monthName = (month: string): string => monthYear.format(new Date(`${month}-01T00:00:00Z`));
