import "server-only";
import { pool } from "@/lib/db";
import { bigintToNumber } from "@/lib/db/bigint";
import type { SessionUser } from "@/lib/auth/session";
import { assertAdmin } from "@/lib/auth/authorize";
import { fillDays, recentDays } from "@/lib/orders/dashboard/days";
import type { DayRevenue } from "@/lib/orders/dashboard/types";

/** The chart's span (product.md §7). */
const REVENUE_DAYS = 14;

// The day totals the database keeps per India day of placing (order_day_totals, kept exact by
// triggers in the write's own transaction: migration 20261201210000): 14 days of 32 rows each,
// however many orders the days hold. A day without orders has no row (or a row of zeros once its orders were
// cancelled); fillDays fills in the missing ones.
const REVENUE_BY_DAY = {
  name: "dashboard-revenue-by-day",
  text: `
SELECT to_char(day, 'YYYY-MM-DD') AS date, sum(orders)::int AS orders, sum(revenue)::bigint AS revenue
FROM order_day_totals
WHERE day >= $1::date AND day <= $2::date
GROUP BY day`,
};

/** A day's sum is a bigint, which `pg` gives as a string: 14 days of large orders pass an int's 2^31 rupees. */
type Row = { date: string; orders: number; revenue: string };

/** Revenue and orders per India day for the last 14 days, today last; cancelled orders not counted; admins only. */
export async function revenueByDay(viewer: SessionUser, now: Date = new Date()): Promise<DayRevenue[]> {
  assertAdmin(viewer);
  const { dates } = recentDays(now, REVENUE_DAYS);
  const { rows } = await pool().query<Row>({ ...REVENUE_BY_DAY, values: [dates[0], dates[dates.length - 1]] });
  return fillDays(
    dates,
    rows.map((row) => ({ ...row, revenue: bigintToNumber(row.revenue) })),
  );
}
