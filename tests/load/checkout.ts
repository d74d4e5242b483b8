// Customers checking out: each places one order after another, every order with three lines and
// its own Idempotency-Key. A request that gets no reply, a 5xx or a timeout is sent again with
// the SAME key and body after a backoff, to the other instance (as a load balancer would), until
// it is acknowledged (201, or 200 when an earlier try had already placed it).
import { randomUUID } from "node:crypto";
import type { LoadConfig } from "./config";
import type { Customer } from "./customers";
import { backoffMs, retryable, send, sleep } from "./requests";

export type MenuRow = { id: string; priceSmall: number; priceMedium: number; priceLarge: number };
type Line = { menuItemId: string; portion: "small" | "medium" | "large"; quantity: number; unitPrice: number };

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

const PORTIONS = ["small", "medium", "large"] as const;
const PAYMENT = ["Cash on Delivery", "UPI", "Card"] as const;

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)];
}

function threeLines(menu: MenuRow[]): Line[] {
  const chosen = [...menu].sort(() => Math.random() - 0.5).slice(0, 3);
  return chosen.map((item) => {
    const portion = pick(PORTIONS);
    const unitPrice = portion === "small" ? item.priceSmall : portion === "medium" ? item.priceMedium : item.priceLarge;
    return { menuItemId: item.id, portion, quantity: 1 + Math.floor(Math.random() * 3), unitPrice };
  });
}

export type LoadRun = { checkouts: Checkout[]; stop: () => void; done: Promise<void> };

/** Starts every customer's checkout loop; `stop()` lets each finish the order it is placing. */
export function startCheckouts(customers: Customer[], bases: string[], menu: MenuRow[], deliveryFee: number, config: LoadConfig): LoadRun {
  const checkouts: Checkout[] = [];
  let stopping = false;
  let turn = 0;

  async function placeOne(customer: Customer): Promise<void> {
    const lines = threeLines(menu);
    const expectedTotal = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0) + deliveryFee;
    const checkout: Checkout = { customerId: customer.id, key: randomUUID(), lines, expectedTotal, firstSentAt: Date.now(), attempts: 0 };
    checkouts.push(checkout);
    const body = JSON.stringify({
      items: lines.map((l) => ({ menuItemId: l.menuItemId, portion: l.portion, quantity: l.quantity })),
      address: {
        name: customer.name,
        phone: "9876543210",
        street: `${customer.index} Load Street`,
        city: "Bengaluru",
        state: "Karnataka",
        zip: "560001",
      },
      paymentMethod: pick(PAYMENT),
      total: expectedTotal,
    });
    const headers = { authorization: `Bearer ${customer.token}`, "idempotency-key": checkout.key, "x-forwarded-for": customer.ip };
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

  async function customerLoop(customer: Customer): Promise<void> {
    // Spread the first checkouts over a moment, as real customers would not all click at once.
    await sleep(Math.random() * 200);
    for (let placed = 0; !stopping && placed < config.ordersPerCustomer; placed++) {
      await placeOne(customer);
      await sleep(config.thinkMs * (0.5 + Math.random()));
    }
  }

  const done = Promise.all(customers.map(customerLoop)).then(() => undefined);
  return { checkouts, stop: () => void (stopping = true), done };
}
