import "server-only";
import { createHash } from "node:crypto";
import type { PoolClient } from "pg";
import { namedStatement } from "@/lib/db/named-sql";
import { env } from "@/lib/env";
import { Conflict, RateLimited } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { PAYMENT_WINDOW_MS } from "@/lib/payments/payment-window";

// An order to be paid online holds its delivery slot while it waits for payment, up to 15 minutes
// (product.md §10), and costs nothing until paid: a few accounts from one address could keep the
// next slots full and push every real customer later (issue 32, M2). So, while it waits, a
// customer holds at most one such order, and one client address (lib/client-ip.ts, as the other
// per-IP limits key it) at most UNPAID_ORDERS_PER_IP. Both are counted inside the order's
// transaction, the customer's row locked (order-limits.ts) and the address's advisory lock held,
// so however many orders arrive at once, across instances, none gets past either count.

/** Namespace of the advisory locks taken here (pg_advisory_xact_lock(int, int)). */
const LOCK_SPACE = 3_202_032;

const LOCK_ADDRESS = namedStatement("unpaid-holds-lock", `SELECT pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(:key))`);

/** The customer's and the address's orders still awaiting payment, and seconds until the address's oldest one ends. */
const COUNT_HOLDS = namedStatement(
  "unpaid-holds-count",
  `SELECT (SELECT count(*)::int FROM orders WHERE user_id = :userId AND status = 'awaiting_payment') AS mine,
       h.here, LEAST(:windowSeconds::int, GREATEST(1, CEIL(EXTRACT(EPOCH FROM
         (h.oldest + make_interval(secs => :windowSeconds::int) - (clock_timestamp() AT TIME ZONE 'UTC'))))))::int AS "retryAfter"
FROM (SELECT count(*)::int AS here, min(o.created_at) AS oldest FROM unpaid_holds u JOIN orders o ON o.id = u.order_id
      WHERE u.client_key = :key AND o.status = 'awaiting_payment') h`,
);

/** The new order's hold (its order is written later in the transaction), and the address's ended ones gone. */
const WRITE_HOLD = namedStatement(
  "unpaid-holds-write",
  `WITH ended AS (
  DELETE FROM unpaid_holds u WHERE u.client_key = :key
    AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = u.order_id AND o.status = 'awaiting_payment')
)
INSERT INTO unpaid_holds (order_id, client_key) VALUES (:orderId, :key)`,
);

const UNPAID_ORDER_EXISTS =
  "You already have an order waiting for payment. Pay for it, or choose Pay on delivery for it, before placing another.";
const TOO_MANY_UNPAID = "Too many orders are waiting for payment from your network. Please pay for one, or try again in a few minutes.";

/** Refusal codes a second request with the same Idempotency-Key may meet after the first one's order (place-order.ts). */
export const UNPAID_RACE_CODES = ["unpaid_order_exists"] as const;

const addressHash = (ip: string) => createHash("sha256").update(ip, "utf8").digest("base64url");

/**
 * Inside the order's transaction, after holdRoomForOpenOrder locked the customer's row and
 * before order `orderId` is written: 409 `unpaid_order_exists` when the customer already has an
 * order awaiting payment, 429 `too_many_unpaid_orders` (Retry-After: until the address's oldest
 * hold ends) when address `ip` holds UNPAID_ORDERS_PER_IP; else the hold is written. Admins
 * (phone orders) are not limited.
 */
export async function holdUnpaidPlace(client: PoolClient, user: SessionUser, ip: string, orderId: string): Promise<void> {
  if (user.role === "admin") return;
  const key = addressHash(ip);
  const [, { rows }] = await Promise.all([
    client.query(LOCK_ADDRESS({ key })),
    client.query<{ mine: number; here: number; retryAfter: number | null }>(
      COUNT_HOLDS({ key, userId: user.id, windowSeconds: PAYMENT_WINDOW_MS / 1000 }),
    ),
  ]);
  const { mine, here, retryAfter } = rows[0];
  if (mine > 0) throw new Conflict(UNPAID_ORDER_EXISTS, {}, "unpaid_order_exists");
  if (here >= env().UNPAID_ORDERS_PER_IP) throw new RateLimited(retryAfter ?? 1, TOO_MANY_UNPAID, "too_many_unpaid_orders");
  await client.query(WRITE_HOLD({ key, orderId }));
}
