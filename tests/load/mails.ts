// The confirmation mails: each stored order's must reach the provider (a stand-in here) in the
// end, however the instances and PostgreSQL fared, and nothing may stay locked in the queue.
import { Client } from "pg";
import { orderNumber } from "@/lib/orders/status";
import type { MailCapture } from "@/tests/support/mail-capture";
import { sleep } from "./requests";

/** Mail jobs still in graphile-worker's queue: held by a worker (locked) or waiting to run. */
export async function mailJobsLeft(url: string): Promise<{ locked: number; waiting: number }> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: number; waiting: number }>(
      `SELECT count(*) FILTER (WHERE locked_at IS NOT NULL)::int AS locked, count(*) FILTER (WHERE locked_at IS NULL)::int AS waiting FROM graphile_worker.jobs`,
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

/**
 * Of `orderIds`, how many had their confirmation delivered, waiting up to `timeoutMs` for the
 * last. Delivery is at least once, so one order's mail may come twice; the kitchen's moves send
 * other mails about the same orders (out for delivery, delivered), which are not counted.
 */
export async function confirmationsDelivered(capture: MailCapture, orderIds: string[], timeoutMs: number): Promise<number> {
  const expected = new Set(orderIds.map((id) => `order #${orderNumber(id)} is placed`));
  const count = () => {
    const seen = new Set<string>();
    for (const m of capture.mails) {
      const placed = m.subject.match(/order #\w+ is placed/)?.[0];
      if (placed && expected.has(placed)) seen.add(placed);
    }
    return seen.size;
  };
  const deadline = Date.now() + timeoutMs;
  while (count() < expected.size && Date.now() < deadline) await sleep(250);
  return count();
}
