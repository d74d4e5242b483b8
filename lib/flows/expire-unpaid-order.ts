import "server-only";
import type { Task } from "graphile-worker";
import { z } from "zod";
import { db } from "@/lib/db";
import { queueJobSql } from "@/lib/jobs/queue";
import { PAYMENT_WINDOW_MS } from "@/lib/payments/payment-window";
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
 * Cancels `orderId` when, at `now`, it still awaits payment and its 15 minutes are over; true when
 * it did. A payment landing later finds it cancelled and is refunded (lib/payments/settle.ts).
 */
export async function expireUnpaidOrder(orderId: string, now: Date = new Date()): Promise<boolean> {
  const moved = await db().$transaction((tx) =>
    moveOrders(
      tx,
      { id: orderId, status: "awaiting_payment", createdAt: { lte: new Date(now.getTime() - PAYMENT_WINDOW_MS) } },
      "cancelled",
      "system",
    ),
  );
  return moved.length === 1;
}

const expiryJobSchema = z.object({ orderId: z.string() });

const expireOrder: Task = async (payload, helpers) => {
  const job = expiryJobSchema.safeParse(payload);
  if (!job.success) return helpers.logger.error(`Dropped ${EXPIRE_TASK} job ${helpers.job.id}: malformed payload`);
  await expireUnpaidOrder(job.data.orderId);
};

export const expiryTasks = { [EXPIRE_TASK]: expireOrder };
