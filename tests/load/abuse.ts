// The abusive account (issue 22): one customer, from one address of its own, posting orders as
// fast as it can, `abuseConnections` at once, each a new order with a new Idempotency-Key, never
// waiting for Retry-After. It gets 201 while its allowances last, then 409 (too many open
// orders) and 429 (too many orders): those refusals are the limits at work, not failures of the
// run. What it did get stored is held against the limits in the database afterwards (limits.ts).
import { randomUUID } from "node:crypto";
import type { LoadConfig } from "./config";
import type { Customer } from "./customers";
import { orderBody, orderHeaders, type MenuRow } from "./order-body";
import { send, sleep } from "./requests";

export type Abuse = {
  /** Replies by status ("no reply" for none). */
  replies: Map<string, number>;
  stop: () => void;
  done: Promise<void>;
};

/** A connection refused while an instance is down comes back at once: without a pause the loop would only spin. */
const NO_REPLY_PAUSE_MS = 100;

export function startAbuse(
  abuser: Customer,
  bases: string[],
  menu: MenuRow[],
  deliveryFee: number,
  config: LoadConfig,
  onAck: (orderId: string) => void,
): Abuse {
  const replies = new Map<string, number>();
  let stopping = false;
  let turn = 0;

  async function flood(): Promise<void> {
    while (!stopping) {
      const { body } = orderBody(abuser, menu, deliveryFee);
      const instance = turn++ % bases.length;
      const { outcome, json } = await send("abuse", instance, `${bases[instance]}/api/orders`, {
        headers: orderHeaders(abuser, randomUUID()),
        body,
        timeoutMs: config.timeoutMs,
      });
      const label = outcome.status === null ? "no reply" : String(outcome.status);
      replies.set(label, (replies.get(label) ?? 0) + 1);
      const order = (json as { order?: { id?: unknown } } | undefined)?.order;
      if (outcome.status === 201 && typeof order?.id === "string") onAck(order.id);
      if (outcome.status === null) await sleep(NO_REPLY_PAUSE_MS);
    }
  }

  const done = Promise.all(Array.from({ length: config.abuseConnections }, flood)).then(() => undefined);
  return { replies, stop: () => void (stopping = true), done };
}
