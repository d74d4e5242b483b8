// How the reports page names a month; its amounts are lib/money.ts's formatPaise. Client-safe.

// A month key is already India's month: read at UTC midnight of its 1st it names the same month
// anywhere (as lib/time.ts reads day keys).
const monthYear = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", month: "long", year: "numeric" });

/** "November 2026" for "2026-11". */
export const monthName = (month: string): string => monthYear.format(new Date(`${month}-01T00:00:00Z`));
