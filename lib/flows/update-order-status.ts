import "server-only";
import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/db/schema";
import { Conflict, Forbidden, NotFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { checkTransition, statusLabel, type OrderStatus } from "@/lib/orders/status";
import type { ApiOrderWithHistory } from "@/lib/orders/types";
import { ORDER_NOT_FOUND, visibleTo } from "@/lib/orders/rows";
import { getOrderFor } from "@/lib/orders/queries";
import { actorOf } from "@/lib/orders/history";
import { moveOrders } from "@/lib/flows/move-orders";

/**
 * PATCH /api/orders/[id]: moves one order along its lifecycle. Who may ask for which move is
 * lib/orders/status.ts's rule (an admin moves it on, its owner may only cancel it while pending);
 * the move and what it implies are moveOrders', in a transaction of its own.
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
      { status: current.status },
      "status_conflict",
    );
  }

  const moved = await db().$transaction((tx) => moveOrders(tx, { id, status: current.status }, to, actorOf(viewer)));
  if (moved.length !== 1) {
    throw new Conflict("This order's status changed meanwhile. Please reload and try again.", {}, "status_conflict");
  }
  return getOrderFor(viewer, id);
}
