import "server-only";
import { pool } from "@/lib/db";
import { namedStatement } from "@/lib/db/named-sql";
import { sqlTimestamp } from "@/lib/db/timestamp";

// The dashboard's figures over a window of India days (revenue per day, best sellers) come from
// the hours the database keeps (order_hour_totals, order_hour_items; migration
// 20261202000000_dashboard_hours), and each hour not kept is counted from its orders, by the
// same SQL functions that keep it. So the figures are those of a plain count over the orders at
// every moment, and a read touches at most the orders of the hours not kept: the open hour, the
// one that ended less than ten minutes ago, and any a change has forgotten since.
//
// A read first keeps the hours of its window that are over and not kept yet (nothing to do on
// almost every read; an hour's worth of orders once an hour). Keeping never waits on a lock, so
// it cannot hold up the order path or take part in a deadlock.

const KEEP_HOURS = namedStatement("dashboard-keep-hours", `SELECT keep_dashboard_hours(:from::timestamp(3), :to::timestamp(3)) AS kept`);

/** Keeps the hours of [start, end) that are over and not kept yet; how many it kept. */
export async function keepDashboardHours(start: Date, end: Date): Promise<number> {
  const { rows } = await pool().query<{ kept: number }>(KEEP_HOURS({ from: sqlTimestamp(start), to: sqlTimestamp(end) }));
  return rows[0]?.kept ?? 0;
}

/**
 * The hours of [:from, :to), each with whether it is kept and, if so, its kept totals: the start
 * of a statement over the window, written once for the readers.
 */
export const WINDOW_HOURS = `
hours AS (
  SELECT g AS hour, t.hour IS NOT NULL AS kept, t.orders, t.revenue
  FROM generate_series(:from::timestamp(3), :to::timestamp(3) - interval '1 hour', interval '1 hour') g
  LEFT JOIN order_hour_totals t ON t.hour = g
)`;
