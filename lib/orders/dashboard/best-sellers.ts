import "server-only";
import { pool } from "@/lib/db";
import { bigintToNumber } from "@/lib/db/bigint";
import type { SessionUser } from "@/lib/auth/session";
import { assertAdmin } from "@/lib/auth/authorize";
import { recentDays } from "@/lib/orders/dashboard/days";
import type { BestSeller } from "@/lib/orders/dashboard/types";

const BEST_SELLER_DAYS = 7;
const BEST_SELLERS = 5;

// A bowl is its menu item, shown under its name on the menu now (renamed since or not); lines
// of a deleted item (menu_item_id set to null) count by the name they were sold under. Portions
// are counted together: the kitchen makes the bowl either way. Ties go to the bigger revenue,
// then the name, so the list does not shuffle between refreshes. Read from the day totals per bowl
// the database keeps (order_day_items, kept exact by triggers in the write's own transaction:
// migration 20261201210000): a week is 7 days × the bowls sold, whatever the orders number.
// menu_item_id is '' there for the lines of a deleted item, and name '' for the lines of an item.
const BEST_SELLERS_SQL = {
  name: "dashboard-best-sellers",
  text: `
SELECT coalesce(m.name, d.name) AS name, sum(d.quantity)::bigint AS quantity, sum(d.revenue)::bigint AS revenue
FROM order_day_items d
LEFT JOIN menu_items m ON m.id = d.menu_item_id
WHERE d.day >= $1::date AND d.day <= $2::date
GROUP BY d.menu_item_id, coalesce(m.name, d.name)
HAVING sum(d.quantity) > 0
ORDER BY quantity DESC, revenue DESC, name
LIMIT $3`,
};

/** Sums are bigints, which `pg` gives as strings: a week of large orders passes an int's 2^31. */
type Row = { name: string; quantity: string; revenue: string };

/** The bowls sold most (portions, cancelled orders not counted) over the last 7 India days, today included; admins only. */
export async function bestSellers(viewer: SessionUser, now: Date = new Date()): Promise<BestSeller[]> {
  assertAdmin(viewer);
  const { dates } = recentDays(now, BEST_SELLER_DAYS);
  const { rows } = await pool().query<Row>({ ...BEST_SELLERS_SQL, values: [dates[0], dates[dates.length - 1], BEST_SELLERS] });
  return rows.map((row) => ({ name: row.name, quantity: bigintToNumber(row.quantity), revenue: bigintToNumber(row.revenue) }));
}
