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
import { enqueueMail, orderStatusMailJob } from "@/lib/email/queue";

/**
 * The move, its history row and the customer's mail (out for delivery, delivered, cancelled:
 * product.md §7) in one transaction. The update applies only while the order still has the
 * status it was checked against, so of two admins clicking at once one wins and the other
 * writes no history and queues no mail. The orders table's trigger announces the change on
 * commit (lib/realtime/).
 */
async function moveOrder(id: string, from: OrderStatus, to: OrderStatus, by: OrderActor): Promise<boolean> {
  const at = new Date();
  return db().$transaction(async (tx) => {
    const { count } = await tx.order.updateMany({ where: { id, status: from }, data: { status: to, updatedAt: at } });
    if (count !== 1) return false;
    await tx.orderStatusChange.create({ data: { orderId: id, status: to, actor: by, createdAt: at } });
    const job = orderStatusMailJob(id, to, by, at);
    if (job) await enqueueMail(tx, job);
    return true;
  });
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
