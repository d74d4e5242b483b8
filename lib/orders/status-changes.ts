import "server-only";
import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/db/schema";
import { Conflict, Forbidden, NotFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { checkTransition, statusLabel, type OrderStatus } from "@/lib/orders/status";
import type { ApiOrderWithHistory, OrderActor } from "@/lib/orders/types";
import { ORDER_NOT_FOUND, visibleTo } from "@/lib/orders/rows";
import { getOrderFor } from "@/lib/orders/queries";
import { actorOf } from "@/lib/orders/history";
import { enqueueMails, orderStatusMailJob } from "@/lib/email/queue";
import type { Transaction } from "@/lib/db/types";
import type { Prisma } from "@/lib/generated/prisma/client";
import { refundCancelledPayments } from "@/lib/payments/cancel-refunds";
import { issueInvoices } from "@/lib/billing/invoice-issue";

/**
 * Moves every order `where` selects to `to`, with a history row each and each customer's mail
 * (out for delivery, delivered, cancelled: product.md §7), on the caller's transaction; the ids
 * moved. `where` names the status each order is moved from: the update applies only to orders
 * that still have it, so of two admins clicking at once one wins and the other writes no history
 * and queues no mail. The orders table's trigger announces each change on commit (lib/realtime/).
 * One admin's click and the cancelling of all of a customer's open orders (bulk-cancel.ts) both
 * move orders here. Cancelling an order paid online refunds it in full in the same transaction
 * (product.md §10); delivering a cash order marks it paid, and every delivered order gets its bill
 * (product.md §11), last, as the bill's counter is held from then until the transaction ends.
 * `at` is now, but for tests of the financial year's turn.
 */
export async function moveOrders(
  tx: Transaction,
  where: Prisma.OrderWhereInput,
  to: OrderStatus,
  by: OrderActor,
  at: Date = new Date(),
): Promise<string[]> {
  const moved = await tx.order.updateManyAndReturn({ where, data: { status: to, updatedAt: at }, select: { id: true } });
  if (moved.length === 0) return [];
  await tx.orderStatusChange.createMany({ data: moved.map(({ id }) => ({ orderId: id, status: to, actor: by, createdAt: at })) });
  const ids = moved.map(({ id }) => id);
  if (to === "cancelled") await refundCancelledPayments(tx, ids, at);
  if (to === "delivered") {
    await tx.order.updateMany({
      where: { id: { in: ids }, paymentStatus: "due_on_delivery" },
      data: { paymentStatus: "paid", paidAt: at, updatedAt: at },
    });
  }
  await enqueueMails(
    tx,
    moved.flatMap(({ id }) => orderStatusMailJob(id, to, by, at) ?? []),
  );
  if (to === "delivered") await issueInvoices(tx, ids, at);
  return ids;
}

/** One order from `from` to `to`, in a transaction of its own; false when it had moved meanwhile. */
async function moveOrder(id: string, from: OrderStatus, to: OrderStatus, by: OrderActor): Promise<boolean> {
  const moved = await db().$transaction((tx) => moveOrders(tx, { id, status: from }, to, by));
  return moved.length === 1;
}

/**
 * Moves an order along its lifecycle; who may ask for which move is lib/orders/status.ts's rule
 * (an admin moves it on, its owner may only cancel it while pending).
 */
export async function updateOrderStatus(viewer: SessionUser, id: string, to: OrderStatus): Promise<ApiOrderWithHistory> {
  if (!looksLikeRowId(id)) throw new NotFound(ORDER_NOT_FOUND);
  const current = await db().order.findFirst({ where: { id, ...visibleTo(viewer) }, select: { id: true, status: true } });
  if (!current) throw new NotFound(ORDER_NOT_FOUND);

  const check = checkTransition(current.status, to, viewer.role === "admin" ? "admin" : "owner");
  if (check === "forbidden") throw new Forbidden("You can only cancel your own order, and only while it is pending.");
  if (check === "invalid") {
    throw new Conflict(
      `A ${statusLabel(current.status).toLowerCase()} order cannot be changed to ${statusLabel(to).toLowerCase()}.`,
      {
        status: current.status,
      },
      "status_conflict",
    );
  }

  if (!(await moveOrder(id, current.status, to, actorOf(viewer)))) {
    throw new Conflict("This order's status changed meanwhile. Please reload and try again.", {}, "status_conflict");
  }
  return getOrderFor(viewer, id);
}
