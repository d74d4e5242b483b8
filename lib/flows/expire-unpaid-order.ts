import "server-only";
import type { Task } from "graphile-worker";
import { z } from "zod";
import { db } from "@/lib/db";
import { queueJobSql } from "@/lib/jobs/queue";
import { PAYMENT_WINDOW_MS } from "@/lib/payments/payment-window";
import { settleLatePayment } from "@/lib/payments/late-payment";
import { moveOrders } from "@/lib/flows/move-orders";

// An order placed to be paid online waits 15 minutes for its payment (product.md §10); then it is
// cancelled by the system, which frees its slot and its place among the customer's open orders.
// Placing queues EXPIRE_TASK to run when the window closes, in the order's own transaction.

const EXPIRE_TASK = "expire_unpaid_order";

/**
 * For the placing statement: an SQL expression queuing the expiry of the order whose id is the
 * SQL expression `orderIdSql`, to run `PAYMENT_WINDOW_MS` after the timestamptz expression `placedAtSql`.
 */
export function expiryJobSql(orderIdSql: string, placedAtSql: string): string {
  return queueJobSql(EXPIRE_TASK, `json_build_object('orderId', ${orderIdSql})`, {
    runAtSql: `(${placedAtSql}) + make_interval(secs => ${PAYMENT_WINDOW_MS / 1000})`,
  });
}

/**
 * The job's tries that ask the gateway first: while it cannot be reached the job is retried (about
 * 4 minutes in all, graphile-worker's backoff), then the order is cancelled without it, so a
 * gateway outage does not keep slots held; a payment landing later is refunded as below.
 */
const GATEWAY_TRIES = 5;

/**
 * Cancels `orderId` when, at `now`, it still awaits payment and its 15 minutes are over; true when
 * it did. The gateway is asked first (unless `askGateway` is false): a payment it reports for the
 * order in full pays the order instead (lib/payments/late-payment.ts). A payment landing later
 * finds it cancelled and is refunded (lib/payments/settle.ts).
 */
export async function expireUnpaidOrder(orderId: string, now: Date = new Date(), { askGateway = true } = {}): Promise<boolean> {
  const due = { id: orderId, status: "awaiting_payment" as const, createdAt: { lte: new Date(now.getTime() - PAYMENT_WINDOW_MS) } };
  if (askGateway && (await db().order.count({ where: due })) === 0) return false;
  if (askGateway && (await settleLatePayment(orderId))) return false;
  const moved = await db().$transaction((tx) => moveOrders(tx, due, "cancelled", "system"));
  return moved.length === 1;
}

const expiryJobSchema = z.object({ orderId: z.string() });

const expireOrder: Task = async (payload, helpers) => {
  const job = expiryJobSchema.safeParse(payload);
  if (!job.success) return helpers.logger.error(`Dropped ${EXPIRE_TASK} job ${helpers.job.id}: malformed payload`);
  await expireUnpaidOrder(job.data.orderId, new Date(), { askGateway: helpers.job.attempts < GATEWAY_TRIES });
};

export const expiryTasks = { [EXPIRE_TASK]: expireOrder };
