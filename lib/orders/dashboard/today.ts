import "server-only";
import { pool } from "@/lib/db";
import { bigintToNumber } from "@/lib/db/bigint";
import type { SessionUser } from "@/lib/auth/session";
import { assertAdmin } from "@/lib/auth/authorize";
import { sqlTimestamp } from "@/lib/db/timestamp";
import { indiaDay } from "@/lib/time";
import type { TodayFigures } from "@/lib/orders/dashboard/types";

// Today's figures in one statement, each read bounded to today (what counts as revenue is the
// database's dashboard_counts, as for the kept hours): today's orders through the
// created_at index, and today's deliveries through the history's (status, created_at) index.
// "Delivered" is the time the history recorded the move to delivered (the first such step,
// lib/orders/status-changes.ts), on time when that is no later than the order's promise
// (product.md §9, moved later if the kitchen said so). An order placed today was delivered no
// earlier than today began (its steps come after its placing), so its deliveries are among
// those recorded since then, and the orders delivered today but placed before are left out by
// the join. Per-order lookups in the history grew with the day's orders (16,000 of them on a
// busy day: EXPLAIN ANALYZE at a million orders, issue 37); this reads one index range.
const TODAY = {
  name: "dashboard-today",
  text: `
WITH deliveries AS (
  SELECT order_id, min(created_at) AS at FROM order_status_changes
  WHERE status = 'delivered' AND created_at >= $1::timestamp(3)
  GROUP BY order_id
),
today AS (
  SELECT o.status, o.total, o.created_at, o.promised_by, d.at AS delivered_at
  FROM orders o LEFT JOIN deliveries d ON d.order_id = o.id
  WHERE o.created_at >= $1::timestamp(3) AND o.created_at < $2::timestamp(3)
)
SELECT
  count(*)::int AS today_orders,
  coalesce(sum(total) FILTER (WHERE dashboard_counts(status)), 0)::bigint AS today_revenue,
  (SELECT count(*) FROM orders WHERE status = 'pending')::int AS pending_orders,
  count(delivered_at)::int AS delivered_orders,
  count(*) FILTER (WHERE delivered_at <= promised_by)::int AS delivered_on_time,
  (avg(extract(epoch FROM delivered_at - created_at)) / 60)::float8 AS average_minutes
FROM today`,
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
