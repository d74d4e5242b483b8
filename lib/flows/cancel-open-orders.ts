import "server-only";
import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/db/schema";
import { NotFound } from "@/lib/errors";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import { USER_NOT_FOUND } from "@/lib/users/writes";
import { actorOf } from "@/lib/orders/history";
import { orderInclude, toApiOrder } from "@/lib/orders/rows";
import { moveOrders } from "@/lib/flows/move-orders";
import { OPEN_ORDER_STATUSES } from "@/lib/orders/status";
import type { CancelledOrders } from "@/lib/orders/types";

/**
 * Cancels every open order of one account at once (product.md §5: a flood of orders, or a
 * customer who asks), in one transaction, each exactly as one admin's cancel would (history by
 * admin, the customer's mail, the live notice). An order the kitchen moves on meanwhile is left
 * as it is. Admins only; 404 for an unknown account.
 */
export async function cancelOpenOrdersOf(admin: SessionUser, userId: string): Promise<CancelledOrders> {
  assertAdmin(admin);
  if (!looksLikeRowId(userId)) throw new NotFound(USER_NOT_FOUND);
  const ids = await db().$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { id: true } });
    if (!user) throw new NotFound(USER_NOT_FOUND);
    return moveOrders(tx, { userId, status: { in: [...OPEN_ORDER_STATUSES] } }, "cancelled", actorOf(admin));
  });
  const rows =
    ids.length === 0
      ? []
      : await db().order.findMany({ where: { id: { in: ids } }, include: orderInclude, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return { cancelled: ids.length, orders: rows.map(toApiOrder) };
}
