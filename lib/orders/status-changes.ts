import "server-only";
import type { OrderStatus } from "@/lib/orders/status";
import type { OrderActor } from "@/lib/orders/types";
import type { Transaction } from "@/lib/db/types";
import type { Prisma } from "@/lib/generated/prisma/client";
import { namedStatement, runIn } from "@/lib/db/named-sql";
import { sqlTimestamp } from "@/lib/db/timestamp";

/**
 * A cash order delivered is paid, and its cash is with the rider who carried it (product.md §12:
 * their cash-up counts it), whoever marked it delivered.
 */
const PAID_AT_THE_DOOR = namedStatement(
  "orders-paid-at-the-door",
  `UPDATE orders SET payment_status = 'paid', paid_at = :at::timestamp(3), updated_at = :at::timestamp(3), collected_by_id = rider_id
   WHERE id = ANY(:ids::text[]) AND payment_status = 'due_on_delivery'`,
);

/**
 * The orders domain's part of a move (lib/flows/move-orders.ts composes the rest): every order
 * `where` selects goes to `to`, with a history row each, on the caller's transaction; the ids
 * moved. `where` names the status each order is moved from: the update applies only to orders
 * that still have it, so of two admins clicking at once one wins and the other writes no
 * history. A cash order delivered is paid (PAID_AT_THE_DOOR). The orders table's trigger announces each change on
 * commit (lib/realtime/).
 */
export async function recordMoves(
  tx: Transaction,
  where: Prisma.OrderWhereInput,
  to: OrderStatus,
  by: OrderActor,
  at: Date,
): Promise<string[]> {
  const moved = await tx.order.updateManyAndReturn({ where, data: { status: to, updatedAt: at }, select: { id: true } });
  if (moved.length === 0) return [];
  await tx.orderStatusChange.createMany({ data: moved.map(({ id }) => ({ orderId: id, status: to, actor: by, createdAt: at })) });
  const ids = moved.map(({ id }) => id);
  if (to === "delivered") await runIn(tx, PAID_AT_THE_DOOR({ ids, at: sqlTimestamp(at) }));
  return ids;
}
