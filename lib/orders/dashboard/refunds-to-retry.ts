import "server-only";
import { pool } from "@/lib/db";
import { bigintToNumber } from "@/lib/db/bigint";
import type { SessionUser } from "@/lib/auth/session";
import { assertAdmin } from "@/lib/auth/authorize";
import type { RefundToRetry } from "@/lib/orders/dashboard/types";

// Refunds the gateway turned down wait for an admin (product.md §10: "shown to admins to retry,
// never lost"): the orders holding one, oldest failure first, whenever it happened. Few at any
// time, so the refunds table is read whole.
const FAILED = {
  name: "dashboard-refunds-to-retry",
  text: `
SELECT r.order_id AS order_id, count(*)::int AS refunds, sum(r.amount)::bigint AS amount, min(r.updated_at) AS since
FROM refunds r
WHERE r.status = 'failed'
GROUP BY r.order_id
ORDER BY since, r.order_id
LIMIT $1`,
};

/** Enough to act on from the dashboard; the orders list badges every one. */
const SHOWN = 20;

type Row = { order_id: string; refunds: number; amount: string };

/** The orders with a failed refund, oldest failure first; admins only. */
export async function refundsToRetry(viewer: SessionUser): Promise<RefundToRetry[]> {
  assertAdmin(viewer);
  const { rows } = await pool().query<Row>({ ...FAILED, values: [SHOWN] });
  return rows.map((row) => ({ orderId: row.order_id, refunds: row.refunds, amount: bigintToNumber(row.amount) }));
}
