import "server-only";
import { pool } from "@/lib/db";
import { bigintToNumber } from "@/lib/db/bigint";
import { namedStatement } from "@/lib/db/named-sql";
import type { SessionUser } from "@/lib/auth/session";
import { assertAdmin } from "@/lib/auth/authorize";
import { recentDays } from "@/lib/orders/dashboard/days";
import { WINDOW_HOURS } from "@/lib/orders/dashboard/hours";
import { sqlTimestamp } from "@/lib/db/timestamp";
import type { BestSeller } from "@/lib/orders/dashboard/types";

const BEST_SELLER_DAYS = 7;
const BEST_SELLERS = 5;

// A bowl is its menu item, shown under its name on the menu now (renamed since or not); lines
// of a deleted item count by the name they were sold under. Portions are counted together: the
// kitchen makes the bowl either way. Ties go to the bigger revenue, then the name, so the list
// does not shuffle between refreshes. Each hour of the window comes from what is kept, or else
// from its orders (lib/orders/dashboard/hours.ts).
const BEST_SELLERS_SQL = namedStatement(
  "dashboard-best-sellers",
  `
WITH ${WINDOW_HOURS},
lines AS (
  SELECT i.menu_item_id, i.name, i.quantity, i.revenue
  FROM hours h JOIN order_hour_items i ON i.hour = h.hour
  WHERE h.kept
  UNION ALL
  SELECT c.menu_item_id, c.name, c.quantity, c.revenue
  FROM hours h CROSS JOIN LATERAL (SELECT * FROM dashboard_hour_items(h.hour) WHERE NOT h.kept) c
)
SELECT coalesce(m.name, l.name) AS name, sum(l.quantity)::bigint AS quantity, sum(l.revenue)::bigint AS revenue
FROM lines l
LEFT JOIN menu_items m ON m.id = l.menu_item_id
GROUP BY m.id, coalesce(m.name, l.name)
ORDER BY quantity DESC, revenue DESC, name
LIMIT :limit`,
);

/** Sums are bigints, which `pg` gives as strings: a week of large orders passes an int's 2^31. */
type Row = { name: string; quantity: string; revenue: string };

/** The bowls sold most (portions, cancelled orders not counted) over the last 7 India days, today included; admins only. */
export async function bestSellers(viewer: SessionUser, now: Date = new Date()): Promise<BestSeller[]> {
  assertAdmin(viewer);
  const { start, end } = recentDays(now, BEST_SELLER_DAYS);
  const { rows } = await pool().query<Row>(BEST_SELLERS_SQL({ from: sqlTimestamp(start), to: sqlTimestamp(end), limit: BEST_SELLERS }));
  return rows.map((row) => ({ name: row.name, quantity: bigintToNumber(row.quantity), revenue: bigintToNumber(row.revenue) }));
}
