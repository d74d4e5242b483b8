import "server-only";
import { db } from "@/lib/db";
import { moveOrders } from "@/lib/orders/status-changes";

// An order placed to be paid online waits 15 minutes for its payment (product.md §10); then it is
// cancelled by the system, which frees its slot and its place among the customer's open orders.
// Placing queues EXPIRE_TASK with run_at = created_at + 15 min in the order's own transaction.

export const EXPIRE_TASK = "expire_unpaid_order";
export const PAYMENT_WINDOW_MS = 15 * 60_000;

/** SQL (for `pg`, params $1 = order id, $2 = run_at) queuing the expiry job in the placing transaction. */
export const QUEUE_EXPIRY_SQL = `SELECT graphile_worker.add_job('${EXPIRE_TASK}', json_build_object('orderId', $1::text), run_at => $2::timestamptz, max_attempts => 25)`;

/**
 * Cancels `orderId` when, at `now`, it still awaits payment and its 15 minutes are over; true when
 * it did. A payment landing later finds it cancelled and is refunded (settle.ts).
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
