// A customer's look at their own orders (GET /api/orders, what the orders page shows) before
// ordering more than they may hold open at once (product.md §5: 3): one who still has that many
// waiting for the kitchen orders again once one of them is being prepared, and is never refused
// for it. The kitchen (kitchen.ts) is what moves them on.
import { env } from "@/lib/env";
import { OPEN_ORDER_STATUSES } from "@/lib/orders/status";
import type { LoadConfig } from "./config";
import type { Customer } from "./customers";
import { backoffMs, retryable, send, sleep } from "./requests";

/** How often a waiting customer looks again, as the orders page polls when it cannot stream. */
const LOOK_AGAIN_MS = 1_000;

const openIn = (json: unknown): number | undefined =>
  Array.isArray(json)
    ? json.filter((o: { status?: unknown }) => (OPEN_ORDER_STATUSES as readonly unknown[]).includes(o.status)).length
    : undefined;

/**
 * Resolves once `customer` holds fewer open orders than allowed (or `stopping()`): how long they
 * waited for the kitchen (ms), 0 when the first look showed room.
 */
export async function roomForAnOrder(customer: Customer, bases: string[], config: LoadConfig, stopping: () => boolean): Promise<number> {
  const limit = env().OPEN_ORDERS_PER_CUSTOMER;
  const started = Date.now();
  const headers = { authorization: `Bearer ${customer.token}`, "x-forwarded-for": customer.ip };
  for (let attempt = 0, instance = customer.index % bases.length; !stopping(); attempt++) {
    const { outcome, json } = await send("tracker", instance, `${bases[instance]}/api/orders?limit=${limit}`, {
      method: "GET",
      headers,
      timeoutMs: config.timeoutMs,
    });
    const open = outcome.status === 200 ? openIn(json) : undefined;
    if (open !== undefined && open < limit) return attempt === 0 ? 0 : Date.now() - started;
    if (outcome.status !== 200 && !retryable(outcome)) throw new Error(`${customer.email} could not read their orders: ${outcome.status}`);
    await sleep(open === undefined ? backoffMs(outcome, attempt) : LOOK_AGAIN_MS);
    instance = (instance + 1) % bases.length;
  }
  return Date.now() - started;
}
