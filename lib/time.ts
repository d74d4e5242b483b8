// India time, once (client-safe): the shop cooks and delivers in Asia/Kolkata, so every time a
// page, a mail or the dashboard shows is India's, whatever the server's or browser's zone.

/** The IANA name, for Intl here and for PostgreSQL's AT TIME ZONE. */
export const INDIA_TIME_ZONE = "Asia/Kolkata";

/** India has kept UTC+05:30 all year since 1945 (no daylight saving), so the offset is fixed. */
const INDIA_OFFSET_MS = 330 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

const clock = { hour: "numeric", minute: "2-digit", hour12: true } as const;
const calendar = { day: "numeric", month: "short", year: "numeric" } as const;
const time = new Intl.DateTimeFormat("en-IN", { timeZone: INDIA_TIME_ZONE, ...clock });
const date = new Intl.DateTimeFormat("en-IN", { timeZone: INDIA_TIME_ZONE, ...calendar });
const dateTime = new Intl.DateTimeFormat("en-IN", { timeZone: INDIA_TIME_ZONE, ...calendar, ...clock });
const dateTimeSeconds = new Intl.DateTimeFormat("en-IN", { timeZone: INDIA_TIME_ZONE, ...calendar, ...clock, second: "2-digit" });

/** "7:45 pm" in India's time. */
export function formatIndiaTime(at: Date | string): string {
  return time.format(new Date(at));
}

/** "22 Nov 2026" in India's time. */
export function formatIndiaDate(at: Date | string): string {
  return date.format(new Date(at));
}

/** "22 Nov 2026, 7:45 pm" in India's time; with `seconds`, "7:45:09 pm". */
export function formatIndiaDateTime(at: Date | string, { seconds = false }: { seconds?: boolean } = {}): string {
  return (seconds ? dateTimeSeconds : dateTime).format(new Date(at));
}

/** The India day that contains `now`, as [start, end) instants. */
export function indiaDay(now: Date): { start: Date; end: Date } {
  const start = Math.floor((now.getTime() + INDIA_OFFSET_MS) / DAY_MS) * DAY_MS - INDIA_OFFSET_MS;
  return { start: new Date(start), end: new Date(start + DAY_MS) };
}

/** The India date of an instant as `YYYY-MM-DD`, the key days are grouped by. */
export function indiaDayKey(instant: Date): string {
  return new Date(instant.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

// Names of a day key (`YYYY-MM-DD`, an India day already): read at UTC midnight, it stays that
// same date wherever this runs.
const atKey = (key: string) => new Date(`${key}T00:00:00Z`);
const keyLong = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" });
const keyShort = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", day: "numeric", month: "short" });
const keyMonth = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", month: "short" });

/** "Mon, 9 Nov": a table's row. */
export const dayName = (key: string) => keyLong.format(atKey(key));

/** "9 Nov": in a sentence. */
export const dayShort = (key: string) => keyShort.format(atKey(key));

/** "9": under a bar. */
export const dayOfMonth = (key: string) => String(atKey(key).getUTCDate());

/** "Nov": under the first bar and where a month begins. */
export const monthOf = (key: string) => keyMonth.format(atKey(key));

// ---- India wall-clock arithmetic (product.md §9): hours, slots and closed dates are India's ----

const weekdayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

/** The India date (`YYYY-MM-DD`) and minute of that day (0–1439) of an instant. */
export function indiaWallClock(instant: Date): { dateKey: string; minute: number } {
  const shifted = instant.getTime() + INDIA_OFFSET_MS;
  const dayStart = Math.floor(shifted / DAY_MS) * DAY_MS;
  return { dateKey: new Date(dayStart).toISOString().slice(0, 10), minute: Math.floor((shifted - dayStart) / 60_000) };
}

/** The instant of `minute` minutes after midnight of the India date `dateKey` (1440 is the next midnight). */
export function indiaInstant(dateKey: string, minute: number): Date {
  return new Date(Date.parse(`${dateKey}T00:00:00Z`) - INDIA_OFFSET_MS + minute * 60_000);
}

/** The date key `days` days after `dateKey` (negative: before), across month and year ends. */
export function addDays(dateKey: string, days: number): string {
  return new Date(Date.parse(`${dateKey}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (date keys). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The weekday of a date key: `mon`…`sun`. */
export function weekdayOf(dateKey: string): (typeof weekdayNames)[number] {
  return weekdayNames[atKey(dateKey).getUTCDay()];
}

/** Whether `value` is a real calendar date written `YYYY-MM-DD` (no 31 Nov, no 29 Feb 2027). */
export function isDateKey(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === value;
}

const weekdayShort = new Intl.DateTimeFormat("en-IN", { timeZone: INDIA_TIME_ZONE, weekday: "short", day: "numeric", month: "short" });

/** "Fri 27 Nov" in India's time. */
export function formatIndiaDay(at: Date | string): string {
  return weekdayShort.format(new Date(at)).replace(",", "");
}

/** "12:30–1:00 pm" (or "11:30 am–12:00 pm") in India's time: a slot's span. */
export function formatIndiaSpan(start: Date | string, end: Date | string): string {
  const [from, to] = [formatIndiaTime(start), formatIndiaTime(end)];
  const [fromClock, fromHalf] = from.split(" ");
  return fromHalf === to.split(" ")[1] ? `${fromClock}–${to}` : `${from}–${to}`;
}

/** "today", "tomorrow" or "on Fri 27 Nov": the India day of `at` seen from `now`. */
export function relativeIndiaDay(at: Date | string, now: Date): string {
  const days = daysBetween(indiaWallClock(now).dateKey, indiaWallClock(new Date(at)).dateKey);
  if (days === 0) return "today";
  if (days === 1) return "tomorrow";
  return `on ${formatIndiaDay(at)}`;
}
