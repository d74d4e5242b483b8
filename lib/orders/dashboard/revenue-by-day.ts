import "server-only";
import { pool } from "@/lib/db";
import { bigintToNumber } from "@/lib/db/bigint";
import { namedStatement } from "@/lib/db/named-sql";
import type { SessionUser } from "@/lib/auth/session";
import { assertAdmin } from "@/lib/auth/authorize";
import { fillDays, recentDays } from "@/lib/orders/dashboard/days";
import { WINDOW_HOURS } from "@/lib/orders/dashboard/hours";
import { sqlTimestamp } from "@/lib/db/timestamp";
import type { DayRevenue } from "@/lib/orders/dashboard/types";
import { INDIA_TIME_ZONE } from "@/lib/time";

/** The chart's span (product.md §7). */
export const REVENUE_DAYS = 14;

// Each hour of the window from what is kept, or else from its orders (lib/orders/dashboard/hours.ts),
// summed per India date; the days without orders are filled in by fillDays.
const REVENUE_BY_DAY = namedStatement(
  "dashboard-revenue-by-day",
  `
WITH ${WINDOW_HOURS}
SELECT to_char(h.hour AT TIME ZONE 'UTC' AT TIME ZONE :zone, 'YYYY-MM-DD') AS date,
       sum(f.orders)::int AS orders, sum(f.revenue)::bigint AS revenue
FROM hours h
CROSS JOIN LATERAL (
  SELECT h.orders, h.revenue WHERE h.kept
  UNION ALL
  SELECT c.orders, c.revenue FROM dashboard_hour_totals(h.hour) c WHERE NOT h.kept
) f
GROUP BY 1
HAVING sum(f.orders) > 0`,
);

/** A day's sum is a bigint, which `pg` gives as a string: 14 days of large orders pass an int's 2^31 rupees. */
type Row = { date: string; orders: number; revenue: string };

/** Revenue and orders per India day for the last 14 days, today last; cancelled orders not counted; admins only. */
export async function revenueByDay(viewer: SessionUser, now: Date = new Date()): Promise<DayRevenue[]> {
  assertAdmin(viewer);
  const { dates, start, end } = recentDays(now, REVENUE_DAYS);
  const { rows } = await pool().query<Row>(REVENUE_BY_DAY({ from: sqlTimestamp(start), to: sqlTimestamp(end), zone: INDIA_TIME_ZONE }));
  return fillDays(
    dates,
    rows.map((row) => ({ ...row, revenue: bigintToNumber(row.revenue) })),
  );
}
