import "server-only";
import { pool } from "@/lib/db";
import { bigintToNumber } from "@/lib/db/bigint";
import type { SessionUser } from "@/lib/auth/session";
import { assertAdmin } from "@/lib/auth/authorize";
import { sqlTimestamp } from "@/lib/db/timestamp";
import { indiaDay } from "@/lib/time";
import type { TodayFigures } from "@/lib/orders/dashboard/types";

// Today's figures in one statement: today's orders are found through the created_at index, and
// each one's delivery through the history's (order_id, created_at) index. "Delivered" is the
// time the history recorded the move to delivered (lib/orders/status-changes.ts), on time when
// that is no later than the order's promise (product.md §9, moved later if the kitchen said so). The lateral
// lookup keeps the cost to today's orders: a plain join let the planner scan the whole history
// (EXPLAIN ANALYZE with 100,000 orders).
const TODAY = {
  name: "dashboard-today",
  text: `
WITH today AS (
  SELECT id, status, total, created_at, promised_by FROM orders WHERE created_at >= $1::timestamp(3) AND created_at < $2::timestamp(3)
),
delivered AS (
  SELECT d.at - t.created_at AS took, d.at <= t.promised_by AS on_time
  FROM today t
  CROSS JOIN LATERAL (
    SELECT min(c.created_at) AS at FROM order_status_changes c WHERE c.order_id = t.id AND c.status = 'delivered'
  ) d
  WHERE d.at IS NOT NULL
)
SELECT
  (SELECT count(*) FROM today)::int AS today_orders,
  (SELECT coalesce(sum(total), 0) FROM today WHERE status NOT IN ('cancelled', 'awaiting_payment'))::bigint AS today_revenue,
  (SELECT count(*) FROM orders WHERE status = 'pending')::int AS pending_orders,
  (SELECT count(*) FROM delivered)::int AS delivered_orders,
  (SELECT count(*) FROM delivered WHERE on_time)::int AS delivered_on_time,
  (SELECT avg(extract(epoch FROM took)) / 60 FROM delivered)::float8 AS average_minutes`,
};

type Row = {
  today_orders: number;
  /** A bigint, as `pg` gives it: a day's totals pass an int's 2^31 rupees after a few thousand large orders. */
  today_revenue: string;
  pending_orders: number;
  delivered_orders: number;
  delivered_on_time: number;
  average_minutes: number | null;
};

/**
 * Today's orders (Asia/Kolkata) and their revenue (cancelled ones not counted), the orders
 * waiting for the kitchen whenever placed, and how fast today's orders were delivered; admins only.
 */
export async function dashboardStats(viewer: SessionUser, now: Date = new Date()): Promise<TodayFigures> {
  assertAdmin(viewer);
  const { start, end } = indiaDay(now);
  const { rows } = await pool().query<Row>({ ...TODAY, values: [sqlTimestamp(start), sqlTimestamp(end)] });
  const row = rows[0];
  return {
    todayOrders: row.today_orders,
    todayRevenue: bigintToNumber(row.today_revenue),
    pendingOrders: row.pending_orders,
    deliveredOrders: row.delivered_orders,
    deliveredOnTime: row.delivered_on_time,
    averageDeliveryMinutes: row.average_minutes,
  };
}
