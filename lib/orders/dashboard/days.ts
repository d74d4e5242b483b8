import type { DayRevenue } from "@/lib/orders/dashboard/types";
import { indiaDay, indiaDayKey } from "@/lib/time";

// The kitchen's calendar: days are India's (Asia/Kolkata), whatever the server's time zone.
// Pure, so the bucketing is unit-tested without a database.

const DAY_MS = 24 * 60 * 60_000;

/** The last `count` India days up to and including today: their dates, oldest first, and the [start, end) they cover. */
export function recentDays(now: Date, count: number): { dates: string[]; start: Date; end: Date } {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`count must be a positive integer, got ${count}`);
  const { end } = indiaDay(now);
  const start = new Date(end.getTime() - count * DAY_MS);
  const dates = Array.from({ length: count }, (_, i) => indiaDayKey(new Date(start.getTime() + i * DAY_MS)));
  return { dates, start, end };
}

/** One entry per date, oldest first: the days without a row (no orders) count as zero. */
export function fillDays(dates: readonly string[], rows: readonly DayRevenue[]): DayRevenue[] {
  const byDate = new Map(rows.map((row) => [row.date, row]));
  return dates.map((date) => byDate.get(date) ?? { date, orders: 0, revenue: 0 });
}
