// Real customers checking out: `customers` of them shop at once, each placing a few orders with a
// pause between them, then leaving for a new customer to take their place, so every account stays
// within the order limits the shop applies (product.md §5); before a fourth order a customer looks
// at their orders and waits for the kitchen to take one in (tracker.ts). Every order has three
// lines and its own Idempotency-Key. A request that gets no reply, a 5xx or a timeout is sent
// again with the SAME key and body after a backoff, to the other instance (as a load balancer
// would), until it is acknowledged (201, or 200 when an earlier try had already placed it). A 4xx
// is a refusal: for a real customer, a failure of the run.
import { randomUUID } from "node:crypto";
import { env } from "@/lib/env";
import type { LoadConfig } from "./config";
import type { AccountPool, Customer } from "./customers";
import { orderBody, orderHeaders, type Line, type MenuRow } from "./order-body";
import { backoffMs, retryable, send, sleep } from "./requests";
import { roomForAnOrder } from "./tracker";

export type Checkout = {
  customerId: string;
  key: string;
  lines: Line[];
  expectedTotal: number;
  firstSentAt: number;
  attempts: number;
  /** The order id of the acknowledging reply. */
  orderId?: string;
  ackStatus?: number;
  /** A final 4xx (the run expects none), with its body. */
  rejected?: { status: number; body: unknown };
  gaveUp?: boolean;
};

export type LoadRun = {
  checkouts: Checkout[];
  /** Customers who came to shop. */
  served: () => number;
  /** Times a customer waited for the kitchen before ordering again, and the longest wait (ms). */
  waits: { count: number; longestMs: number };
  stop: () => void;
  done: Promise<void>;
};

/**
 * Starts the customers; `stop()` lets each finish the order they are placing. Each comes with a
 * new account from `accounts`; `onAck` hears of every acknowledged order (the kitchen).
 */
export function startCheckouts(
  accounts: AccountPool,
  bases: string[],
  menu: MenuRow[],
  deliveryFee: number,
  config: LoadConfig,
  onAck: (orderId: string) => void,
): LoadRun {
  const checkouts: Checkout[] = [];
  let stopping = false;
  let turn = 0;
  let served = 0;
  const waits = { count: 0, longestMs: 0 };
  const openLimit = env().OPEN_ORDERS_PER_CUSTOMER;
  const think = () => sleep(config.thinkMs * (0.5 + Math.random()));

  async function placeOne(customer: Customer): Promise<void> {
    const { lines, expectedTotal, body } = orderBody(customer, menu, deliveryFee);
    const checkout: Checkout = { customerId: customer.id, key: randomUUID(), lines, expectedTotal, firstSentAt: Date.now(), attempts: 0 };
    checkouts.push(checkout);
    const headers = orderHeaders(customer, checkout.key);
    // Requests alternate between the instances; a retry goes to the other one.
    let instance = turn++ % bases.length;
    for (let attempt = 0; ; attempt++) {
      checkout.attempts++;
      const { outcome, json } = await send("order", instance, `${bases[instance]}/api/orders`, {
        headers,
        body,
        timeoutMs: config.timeoutMs,
      });
      const order = (json as { order?: { id?: unknown } } | undefined)?.order;
      if ((outcome.status === 201 || outcome.status === 200) && typeof order?.id === "string") {
        checkout.orderId = order.id;
        checkout.ackStatus = outcome.status;
        onAck(order.id);
        return;
      }
      if (!retryable(outcome)) {
        checkout.rejected = { status: outcome.status!, body: json };
        return;
      }
      if (Date.now() - checkout.firstSentAt > config.giveUpSeconds * 1000) {
        checkout.gaveUp = true;
        return;
      }
      await sleep(backoffMs(outcome, attempt));
      instance = (instance + 1) % bases.length;
    }
  }

  async function shopper(): Promise<void> {
    // The first customers arrive spread over a pause, as real ones would not all click at once.
    await sleep(Math.random() * config.thinkMs);
    while (!stopping) {
      const customer = await accounts.take();
      served++;
      for (let placed = 0; !stopping && placed < config.ordersPerCustomer; placed++) {
        if (placed >= openLimit) {
          const waited = await roomForAnOrder(customer, bases, config, () => stopping);
          if (waited > 0) waits.count++;
          waits.longestMs = Math.max(waits.longestMs, waited);
          if (stopping) break;
        }
        await placeOne(customer);
        await think();
      }
    }
  }

  const done = Promise.all(Array.from({ length: config.customers }, shopper)).then(() => undefined);
  return {
    checkouts,
    served: () => served,
    waits,
    stop: () => void (stopping = true),
    done,
  };
}
