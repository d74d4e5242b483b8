// Names of the dashboard's days. A date arrives as `YYYY-MM-DD` (an India day, already
// bucketed); formatting it at UTC midnight keeps it that same date wherever this runs.

const at = (date: string) => new Date(`${date}T00:00:00Z`);

const long = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" });
const short = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", day: "numeric", month: "short" });
const month = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", month: "short" });

/** "Mon, 9 Nov": a table's row. */
export const dayName = (date: string) => long.format(at(date));

/** "9 Nov": in a sentence. */
export const dayShort = (date: string) => short.format(at(date));

/** "9": under a bar. */
export const dayOfMonth = (date: string) => String(at(date).getUTCDate());

/** "Nov": under the first bar and where a month begins. */
export const monthOf = (date: string) => month.format(at(date));
