// The kitchen: an admin moving every acknowledged order on through its lifecycle with
// PATCH /api/orders/{id} (pending → confirmed → preparing → out for delivery → delivered), oldest
// ticket first, as the kitchen's staff would. Once an order is preparing it is no longer open, so
// its customer may place another (product.md §5): taking new orders in comes before sending
// cooked ones out, or a busy kitchen would keep customers waiting to order again. A step that
// gets no reply or a 5xx is tried again on the other instance; a 409 says where the order already
// is (an earlier try went through but its reply was lost), and the kitchen carries on from there.
// Its requests go where the fewest of them are waiting, as a least-outstanding-requests load
// balancer sends them: an instance that has just restarted and answers slowly while it warms up
// does not hold the kitchen back, nor the customers waiting for it.
import { OPEN_ORDER_STATUSES, ORDER_FLOW, isFinalStatus, isOrderStatus, type OrderStatus } from "@/lib/orders/status";
import type { LoadConfig } from "./config";
import { backoffMs, retryable, send, sleep } from "./requests";

type Ticket = { id: string; status: OrderStatus; busy: boolean };

export type Kitchen = {
  /** A new order for the kitchen (the customer was told it is placed). */
  take: (orderId: string) => void;
  stats: { taken: number; moves: number; delivered: number; refused: Array<{ orderId: string; status: number; body: unknown }> };
  stop: () => void;
  done: Promise<void>;
};

const IDLE_MS = 20;
/**
 * The kitchen is the shop's own staff: it tries again within this however long the server asks
 * others to wait, so the orders waiting for it move as soon as the shop is back.
 */
const MAX_PAUSE_MS = 500;

/** Signs the shop's admin in through POST /api/login (one sign-in: its hashing costs nothing worth counting). */
export async function signInAdmin(bases: string[], email: string, password: string, config: LoadConfig): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const instance = attempt % bases.length;
    const { outcome, json } = await send("login", instance, `${bases[instance]}/api/login`, {
      headers: { "x-forwarded-for": "10.255.255.254" },
      body: JSON.stringify({ email, password }),
      timeoutMs: config.timeoutMs,
    });
    const token = (json as { token?: unknown } | undefined)?.token;
    if (outcome.status === 200 && typeof token === "string") return token;
    if (!retryable(outcome) || attempt >= 20)
      throw new Error(`the admin could not sign in: ${outcome.status ?? outcome.error} ${JSON.stringify(json)}`);
    await sleep(backoffMs(outcome, attempt));
  }
}

const isOpen = (status: OrderStatus) => (OPEN_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

const statusIn = (json: unknown): OrderStatus | undefined => {
  const status = (json as { status?: unknown } | undefined)?.status;
  return isOrderStatus(status) ? status : undefined;
};

export function startKitchen(token: string, bases: string[], config: LoadConfig): Kitchen {
  // In the order they were taken: the first one not in a worker's hands is the oldest.
  const tickets: Ticket[] = [];
  const stats: Kitchen["stats"] = { taken: 0, moves: 0, delivered: 0, refused: [] };
  let stopping = false;
  let turn = 0;
  const headers = { authorization: `Bearer ${token}`, "x-forwarded-for": "10.255.255.254" };
  const waiting = bases.map(() => 0);
  const leastBusy = () => {
    const fewest = Math.min(...waiting);
    const candidates = waiting.flatMap((n, i) => (n === fewest ? [i] : []));
    return candidates[turn++ % candidates.length];
  };
  const moveTo = async (ticket: Ticket, instance: number, to: OrderStatus) => {
    waiting[instance]++;
    try {
      return await send("kitchen", instance, `${bases[instance]}/api/orders/${ticket.id}`, {
        method: "PATCH",
        headers,
        body: JSON.stringify({ status: to }),
        timeoutMs: config.timeoutMs,
      });
    } finally {
      waiting[instance]--;
    }
  };

  const close = (ticket: Ticket) => void tickets.splice(tickets.indexOf(ticket), 1);

  async function learnStatus(ticket: Ticket, instance: number): Promise<OrderStatus | undefined> {
    const { json } = await send("kitchen", instance, `${bases[instance]}/api/orders/${ticket.id}`, {
      method: "GET",
      headers,
      timeoutMs: config.timeoutMs,
    });
    return statusIn(json);
  }

  async function step(ticket: Ticket): Promise<void> {
    const to = ORDER_FLOW[ORDER_FLOW.indexOf(ticket.status as (typeof ORDER_FLOW)[number]) + 1];
    let instance = leastBusy();
    for (let attempt = 0; !stopping; attempt++) {
      const { outcome, json } = await moveTo(ticket, instance, to);
      if (outcome.status === 200) {
        stats.moves++;
        ticket.status = to;
        break;
      }
      if (outcome.status === 409) {
        ticket.status = statusIn(json) ?? (await learnStatus(ticket, instance)) ?? ticket.status;
        break;
      }
      if (!retryable(outcome)) {
        stats.refused.push({ orderId: ticket.id, status: outcome.status!, body: json });
        return close(ticket);
      }
      // As a load balancer would: the other instance at once, then both in turn after a pause.
      if (attempt > 0) await sleep(Math.min(backoffMs(outcome, attempt - 1), MAX_PAUSE_MS));
      instance = (instance + 1) % bases.length;
    }
    if (isFinalStatus(ticket.status)) {
      if (ticket.status === "delivered") stats.delivered++;
      close(ticket);
    }
  }

  async function worker(): Promise<void> {
    while (!stopping) {
      const ticket = tickets.find((t) => !t.busy && isOpen(t.status)) ?? tickets.find((t) => !t.busy);
      if (!ticket) {
        await sleep(IDLE_MS);
        continue;
      }
      ticket.busy = true;
      await step(ticket);
      ticket.busy = false;
    }
  }

  const done = Promise.all(Array.from({ length: config.kitchenWorkers }, worker)).then(() => undefined);
  return {
    take: (id) => {
      stats.taken++;
      tickets.push({ id, status: "pending", busy: false });
    },
    stats,
    stop: () => void (stopping = true),
    done,
  };
}
