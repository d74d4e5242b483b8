// The abusive account's orders as the database holds them, held against product.md §5's limits:
// no more in any 10 minutes than its account (and its address, which only it uses) may place,
// and never more open at once than a customer may hold. An order is open from its creation until
// its first move out of the open statuses (order_status_changes).
import { Client } from "pg";
import { env } from "@/lib/env";
import { OPEN_ORDER_STATUSES } from "@/lib/orders/status";

const WINDOW_MS = 10 * 60 * 1000;

export type AbuserOrders = {
  stored: number;
  /** The most stored within any 10 minutes, and what the limits allow. */
  mostInWindow: number;
  allowedInWindow: number;
  /** The most open at one moment, and what the limit allows. */
  mostOpen: number;
  allowedOpen: number;
};

type Row = { createdAt: Date; closedAt: Date | null };

function mostInAnyWindow(created: number[]): number {
  let most = 0;
  for (let first = 0, last = 0; last < created.length; last++) {
    while (created[last] - created[first] >= WINDOW_MS) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

function mostOpenAtOnce(rows: Row[]): number {
  // A close at the very moment of an opening comes first: that order no longer counted.
  const events = rows.flatMap((r) => [
    { at: r.createdAt.getTime(), delta: 1 },
    ...(r.closedAt ? [{ at: r.closedAt.getTime(), delta: -1 }] : []),
  ]);
  events.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let open = 0;
  let most = 0;
  for (const e of events) most = Math.max(most, (open += e.delta));
  return most;
}

export async function readAbuserOrders(databaseUrl: string, userId: string): Promise<AbuserOrders> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<Row>(
      `SELECT o.created_at AS "createdAt",
              (SELECT min(c.created_at) FROM order_status_changes c
                WHERE c.order_id = o.id AND c.status <> ALL($2::"OrderStatus"[])) AS "closedAt"
         FROM orders o WHERE o.user_id = $1 ORDER BY o.created_at`,
      [userId, [...OPEN_ORDER_STATUSES]],
    );
    const limits = env();
    return {
      stored: rows.length,
      mostInWindow: mostInAnyWindow(rows.map((r) => r.createdAt.getTime())),
      allowedInWindow: Math.min(limits.ORDER_LIMIT_PER_ACCOUNT, limits.ORDER_LIMIT_PER_IP),
      mostOpen: mostOpenAtOnce(rows),
      allowedOpen: limits.OPEN_ORDERS_PER_CUSTOMER,
    };
  } finally {
    await client.end();
  }
}
