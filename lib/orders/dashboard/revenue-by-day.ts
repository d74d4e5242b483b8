import "server-only";
import { pool } from "@/lib/db";
import { bigintToNumber } from "@/lib/db/bigint";
import type { SessionUser } from "@/lib/auth/session";
import { assertAdmin } from "@/lib/auth/authorize";
import { fillDays, recentDays } from "@/lib/orders/dashboard/days";
import { sqlTimestamp } from "@/lib/db/timestamp";
import type { DayRevenue } from "@/lib/orders/dashboard/types";
import { INDIA_TIME_ZONE } from "@/lib/time";

/** The chart's span (product.md §7). */
const REVENUE_DAYS = 14;

// Grouped by India's date in PostgreSQL (created_at is UTC wall-clock time), over the range the
// created_at index finds; the days without orders are filled in by fillDays.
const REVENUE_BY_DAY = {
  name: "dashboard-revenue-by-day",
  text: `
SELECT to_char(created_at AT TIME ZONE 'UTC' AT TIME ZONE $3, 'YYYY-MM-DD') AS date,
       count(*)::int AS orders, sum(total)::bigint AS revenue
FROM orders
WHERE created_at >= $1::timestamp(3) AND created_at < $2::timestamp(3) AND status NOT IN ('cancelled', 'awaiting_payment')
GROUP BY 1`,
};

/** A day's sum is a bigint, which `pg` gives as a string: 14 days of large orders pass an int's 2^31 rupees. */
type Row = { date: string; orders: number; revenue: string };

/** Revenue and orders per India day for the last 14 days, today last; cancelled orders not counted; admins only. */
export async function revenueByDay(viewer: SessionUser, now: Date = new Date()): Promise<DayRevenue[]> {
  assertAdmin(viewer);
  const { dates, start, end } = recentDays(now, REVENUE_DAYS);
  const { rows } = await pool().query<Row>({ ...REVENUE_BY_DAY, values: [sqlTimestamp(start), sqlTimestamp(end), INDIA_TIME_ZONE] });
  return fillDays(
    dates,
    rows.map((row) => ({ ...row, revenue: bigintToNumber(row.revenue) })),
  );
}
