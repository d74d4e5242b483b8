import "server-only";
import { createHash } from "node:crypto";
import type { PoolClient } from "pg";
import { namedStatement } from "@/lib/db/named-sql";
import { widerNetworks } from "@/lib/client-ip";
import { env } from "@/lib/env";
import { Conflict, RateLimited } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { PAYMENT_WINDOW_MS } from "@/lib/payments/payment-window";

// An order to be paid online holds its delivery slot while it waits for payment, up to 15 minutes
// (product.md §10), and costs nothing until paid: a few accounts from one address could keep the
// next slots full and push every real customer later (issue 32, M2). So, while it waits, a
// customer holds at most one such order, and one client address (lib/client-ip.ts, as the other
// per-IP limits key it; an IPv6 /64 counts against its /56 and /48 too) at most UNPAID_ORDERS_PER_IP. Both are counted inside the order's
// transaction, the customer's row locked (order-limits.ts) and the address's advisory lock held,
// so however many orders arrive at once, across instances, none gets past either count.

/** Namespace of the advisory locks taken here (pg_advisory_xact_lock(int, int)). */
const LOCK_SPACE = 3_202_032;

/** The addresses' locks, narrowest first: every order takes them in the same order, so none waits on another in a circle. */
const LOCK_ADDRESSES = namedStatement(
  "unpaid-holds-lock",
  `SELECT pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(t.k)) FROM unnest(:keys::text[]) WITH ORDINALITY AS t(k, i) ORDER BY t.i`,
);

const COUNT_MINE = namedStatement(
  "unpaid-holds-count-mine",
  `SELECT count(*)::int AS mine FROM orders WHERE user_id = :userId AND status = 'awaiting_payment'`,
);

/** Per address key: its orders still awaiting payment, and seconds until the oldest of them ends. */
const COUNT_HOLDS = namedStatement(
  "unpaid-holds-count",
  `SELECT h.here, LEAST(:windowSeconds::int, GREATEST(1, CEIL(EXTRACT(EPOCH FROM
         (h.oldest + make_interval(secs => :windowSeconds::int) - (clock_timestamp() AT TIME ZONE 'UTC'))))))::int AS "retryAfter"
FROM unnest(:keys::text[]) WITH ORDINALITY AS t(k, i)
CROSS JOIN LATERAL (SELECT count(*)::int AS here, min(o.created_at) AS oldest FROM unpaid_holds u JOIN orders o ON o.id = u.order_id
      WHERE u.client_key = t.k AND o.status = 'awaiting_payment') h
ORDER BY t.i`,
);

/** The new order's holds (its order is written later in the transaction), and the addresses' ended ones gone. */
const WRITE_HOLDS = namedStatement(
  "unpaid-holds-write",
  `WITH ended AS (
  DELETE FROM unpaid_holds u WHERE u.client_key = ANY(:keys::text[])
    AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = u.order_id AND o.status = 'awaiting_payment')
)
INSERT INTO unpaid_holds (order_id, client_key) SELECT :orderId, k FROM unnest(:keys::text[]) AS k`,
);

/**
 * An IPv6 client is one /64 (lib/client-ip.ts), but a network may hold 256 (/56) or 65,536 (/48)
 * of those: it counts against its /56 and /48 too, with 4 and 16 times the allowance, as the
 * rate limits do (lib/rate-limit.ts).
 */
const WIDER_ALLOWANCE = { 56: 4, 48: 16 } as const;

const UNPAID_ORDER_EXISTS =
  "You already have an order waiting for payment. Pay for it, or choose Pay on delivery for it, before placing another.";
const TOO_MANY_UNPAID = "Too many orders are waiting for payment from your network. Please pay for one, or try again in a few minutes.";

/** Refusal codes a second request with the same Idempotency-Key may meet after the first one's order (place-order.ts). */
export const UNPAID_RACE_CODES = ["unpaid_order_exists"] as const;

const addressHash = (key: string) => createHash("sha256").update(key, "utf8").digest("base64url");

/**
 * Inside the order's transaction, after holdRoomForOpenOrder locked the customer's row and
 * before order `orderId` is written, for an order paid online (`payOnline`): 409
 * `unpaid_order_exists` when the customer already has an order awaiting payment, 429
 * `too_many_unpaid_orders` (Retry-After: until the oldest hold in the way ends) when address
 * `ip`, or its wider IPv6 network, holds its allowance (UNPAID_ORDERS_PER_IP); else the holds are
 * written. Admins (phone orders) and cash orders are not limited. Returns `orderId`.
 */
export async function holdUnpaidPlace(
  client: PoolClient,
  user: SessionUser,
  { payOnline, ip, orderId }: { payOnline: boolean; ip: string; orderId: string },
): Promise<string> {
  if (!payOnline || user.role === "admin") return orderId;
  const perAddress = env().UNPAID_ORDERS_PER_IP;
  const networks = [
    { key: ip, allowance: perAddress },
    ...widerNetworks(ip).map((n) => ({ key: n.key, allowance: perAddress * WIDER_ALLOWANCE[n.prefix] })),
  ];
  const keys = networks.map((n) => addressHash(n.key));
  const [{ rows: mine }, , { rows: holds }] = await Promise.all([
    client.query<{ mine: number }>(COUNT_MINE({ userId: user.id })),
    client.query(LOCK_ADDRESSES({ keys })),
    client.query<{ here: number; retryAfter: number | null }>(COUNT_HOLDS({ keys, windowSeconds: PAYMENT_WINDOW_MS / 1000 })),
  ]);
  if (mine[0].mine > 0) throw new Conflict(UNPAID_ORDER_EXISTS, {}, "unpaid_order_exists");
  const full = holds.find((h, i) => h.here >= networks[i].allowance);
  if (full) throw new RateLimited(full.retryAfter ?? 1, TOO_MANY_UNPAID, "too_many_unpaid_orders");
  await client.query(WRITE_HOLDS({ keys, orderId }));
  return orderId;
}
