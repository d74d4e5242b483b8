import "server-only";
import { pool } from "@/lib/db";
import { bigintToNumber } from "@/lib/db/bigint";
import type { SessionUser } from "@/lib/auth/session";
import { assertAdmin } from "@/lib/auth/authorize";
import { sqlTimestamp } from "@/lib/db/timestamp";
import { indiaDay } from "@/lib/time";
import type { Takings } from "@/lib/orders/dashboard/types";

// The money that came in today (product.md §10), by the way it came:
// - online: what the gateway captured today (an order's paid_at, set only when the gateway's
//   payment was checked; orders from before payments went online have no gateway);
// - cash: Cash on Delivery orders handed over today, at the time the history recorded the move to
//   delivered (an order delivered today may have been placed days before for a later slot);
// each less what was paid back today the same way. An unpaid or failed order has no paid_at and
// is never delivered, so it counts nowhere.
// A refund counts on the day it was processed, on the side its money went back by (its method).
// Each sum reads only today: payments through the paid_at index, refunds through processed_at,
// cash deliveries through the history's (status, created_at) index (the orders delivered
// today, looked up by id, whose first delivery, found through the history's (order_id,
// created_at) index, was today). As a plain join the planner chose to read every delivered
// cash order and hash them (a second at a million orders, EXPLAIN ANALYZE): the id list keeps
// it to today's. Reading delivered orders by status grew with the whole history
// (issue 37: a second at a million orders).
const TAKINGS = {
  name: "dashboard-takings",
  text: `
WITH refunded AS (
  SELECT amount, method = 'gateway' AS online
  FROM refunds
  WHERE status = 'processed' AND processed_at >= $1::timestamp(3) AND processed_at < $2::timestamp(3)
),
delivered_today AS (
  SELECT DISTINCT c.order_id FROM order_status_changes c
  WHERE c.status = 'delivered' AND c.created_at >= $1::timestamp(3) AND c.created_at < $2::timestamp(3)
),
cash_delivered AS (
  SELECT o.total
  FROM orders o
  CROSS JOIN LATERAL (
    SELECT min(c.created_at) AS at FROM order_status_changes c WHERE c.order_id = o.id AND c.status = 'delivered'
  ) first
  WHERE o.id = ANY (ARRAY(SELECT order_id FROM delivered_today))
    AND o.status = 'delivered' AND o.payment_method = 'cash_on_delivery' AND first.at >= $1::timestamp(3)
)
SELECT
  (SELECT coalesce(sum(total), 0) FROM orders
     WHERE gateway IS NOT NULL AND paid_at >= $1::timestamp(3) AND paid_at < $2::timestamp(3))::bigint AS captured,
  (SELECT coalesce(sum(amount), 0) FROM refunded WHERE online)::bigint AS online_refunded,
  (SELECT coalesce(sum(total), 0) FROM cash_delivered)::bigint AS cash_in,
  (SELECT coalesce(sum(amount), 0) FROM refunded WHERE NOT online)::bigint AS cash_refunded`,
};

/** Sums are bigints, which `pg` gives as strings: a busy day's totals may pass an int's 2^31 rupees. */
type Row = { captured: string; online_refunded: string; cash_in: string; cash_refunded: string };

/** Today's takings (India day), online and in cash, each net of today's refunds; admins only. */
export async function takingsToday(viewer: SessionUser, now: Date = new Date()): Promise<Takings> {
  assertAdmin(viewer);
  const { start, end } = indiaDay(now);
  const { rows } = await pool().query<Row>({ ...TAKINGS, values: [sqlTimestamp(start), sqlTimestamp(end)] });
  const row = rows[0];
  const captured = BigInt(row.captured);
  const onlineRefunded = BigInt(row.online_refunded);
  const cashIn = BigInt(row.cash_in);
  const cashRefunded = BigInt(row.cash_refunded);
  // Subtracted as bigints, so only the figures shown must fit a Number exactly.
  const online = captured - onlineRefunded;
  const cash = cashIn - cashRefunded;
  return {
    online: bigintToNumber(online.toString()),
    onlineRefunded: bigintToNumber(row.online_refunded),
    cash: bigintToNumber(cash.toString()),
    cashRefunded: bigintToNumber(row.cash_refunded),
    total: bigintToNumber((online + cash).toString()),
  };
}
