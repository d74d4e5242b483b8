import "server-only";
import type { PoolClient } from "pg";
import { namedStatement } from "@/lib/db/named-sql";
import { env } from "@/lib/env";
import { Conflict, RateLimited } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { consume } from "@/lib/rate-limit";
import { OPEN_ORDER_STATUSES } from "@/lib/orders/status";

// How many orders a customer may place (product.md §5): so many per account and per client
// address in a window (lib/rate-limit.ts, in PostgreSQL), and so many open at once. Admins enter
// phone orders for others and are never limited. The numbers are settings (lib/env.ts).

const TOO_MANY_ORDERS = "Too many orders in a short time. Please try again in a few minutes.";

/**
 * Spends one order from the account's and the address's allowance before any work is done (one
 * atomic upsert each, so a burst gets no more than the allowance); 429 with Retry-After once
 * either is used up. The account's first: an account already refused does not also use up what
 * its network shares with others.
 */
export async function spendOrderAllowance(user: SessionUser, ip: string): Promise<void> {
  if (user.role === "admin") return;
  try {
    await consume("orderAccount", user.id);
    await consume("orderIp", ip);
  } catch (error) {
    if (error instanceof RateLimited) throw new RateLimited(error.retryAfterSeconds, TOO_MANY_ORDERS);
    throw error;
  }
}

/** The customer's row, held until the order's transaction ends: their orders are placed one at a time. */
const LOCK_CUSTOMER = namedStatement("order-lock-customer", `SELECT 1 FROM users WHERE id = :userId FOR NO KEY UPDATE`);

const OPEN_ORDERS = namedStatement(
  "order-count-open",
  `SELECT count(*)::int AS open FROM orders WHERE user_id = :userId AND status = ANY(:statuses::"OrderStatus"[])`,
);

function tooManyOpenOrders(limit: number): string {
  return `You already have ${limit} open ${limit === 1 ? "order" : "orders"}.`;
}

/**
 * Inside the order's transaction, before it is written: 409 when the customer already holds as
 * many open orders as allowed. The customer's row is locked first, so however many of their
 * orders arrive at once, each counts after the one before it committed or rolled back. The count
 * is its own statement: one that waited for a lock still reads other rows as they were before.
 * FOR NO KEY UPDATE leaves other writes that only reference the row (sessions, tokens) unblocked.
 */
export async function holdRoomForOpenOrder(client: PoolClient, user: SessionUser): Promise<void> {
  if (user.role === "admin") return;
  await client.query(LOCK_CUSTOMER({ userId: user.id }));
  const { rows } = await client.query<{ open: number }>(OPEN_ORDERS({ userId: user.id, statuses: [...OPEN_ORDER_STATUSES] }));
  const limit = env().OPEN_ORDERS_PER_CUSTOMER;
  if ((rows[0]?.open ?? 0) >= limit) throw new Conflict(tooManyOpenOrders(limit), {}, "too_many_open_orders");
}
