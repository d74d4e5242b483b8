import "server-only";
import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/db/schema";
import { beforeDate, olderThan } from "@/lib/db/keyset";
import { Invalid, NotFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Address, OrderListQuery } from "@/lib/orders/schema";
import type { ApiOrderWithHistory, CarriedOrder } from "@/lib/orders/types";
import {
  addressColumns,
  addressOf,
  asCarried,
  orderInclude,
  ORDER_NOT_FOUND,
  toApiOrder,
  visibleTo,
  withHandoverCode,
} from "@/lib/orders/rows";

// Reading orders for the pages and the API (placing one is placement.ts; moving one along its
// lifecycle is status-changes.ts). Every read takes the viewer and shows only what they may see,
// and every order is read with orderInclude and shaped by toApiOrder (rows.ts).

/**
 * The order if `viewer` owns it or is an admin, with its handover code (product.md §12);
 * otherwise null (pages show "not found").
 */
export async function findOrderFor(viewer: SessionUser, id: string): Promise<ApiOrderWithHistory | null> {
  if (!looksLikeRowId(id)) return null;
  const row = await db().order.findFirst({ where: { id, ...visibleTo(viewer) }, include: orderInclude });
  return row ? withHandoverCode(row) : null;
}

/** The same, 404 when there is none: the replies of the owner's and the admins' changes. */
export async function getOrderFor(viewer: SessionUser, id: string): Promise<ApiOrderWithHistory> {
  const order = await findOrderFor(viewer, id);
  if (!order) throw new NotFound(ORDER_NOT_FOUND);
  return order;
}

/**
 * GET /api/orders/{id} and a rider's replies: getOrderFor, and for a rider also the orders
 * assigned to them, as they are carried (asCarried). Pages keep to getOrderFor's orders.
 */
export async function readOrderFor(viewer: SessionUser, id: string): Promise<ApiOrderWithHistory | CarriedOrder> {
  if (viewer.role !== "rider") return getOrderFor(viewer, id);
  const mine = { OR: [{ userId: viewer.id }, { riderId: viewer.id }] };
  const row = looksLikeRowId(id) ? await db().order.findFirst({ where: { id, ...mine }, include: orderInclude }) : null;
  if (!row) throw new NotFound(ORDER_NOT_FOUND);
  return row.userId === viewer.id ? withHandoverCode(row) : asCarried(toApiOrder(row));
}

async function beforeCursor(viewer: SessionUser, before: string): Promise<Prisma.OrderWhereInput> {
  const date = beforeDate(before, "before must be an ISO date or an order id");
  if (date) return date;
  const cursor = looksLikeRowId(before)
    ? await db().order.findFirst({ where: { id: before, ...visibleTo(viewer) }, select: { id: true, createdAt: true } })
    : null;
  if (!cursor) throw new Invalid("before must be an ISO date or the id of one of your orders", "before");
  return olderThan(cursor);
}

/**
 * Newest first. Admins get every order unless `ownOnly` (the "My orders" page); everyone else
 * only their own.
 */
export async function listOrders(
  viewer: SessionUser,
  query: OrderListQuery,
  options: { ownOnly?: boolean } = {},
): Promise<ApiOrderWithHistory[]> {
  const where: Prisma.OrderWhereInput[] = [options.ownOnly ? { userId: viewer.id } : visibleTo(viewer)];
  if (query.status) where.push({ status: query.status });
  if (query.before) where.push(await beforeCursor(viewer, query.before));
  const rows = await db().order.findMany({
    where: { AND: where },
    include: orderInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit,
  });
  return rows.map(toApiOrder);
}

/** The delivery address of the user's latest order, to prefill the next checkout. */
export async function lastAddressOf(userId: string): Promise<Address | null> {
  const row = await db().order.findFirst({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: addressColumns,
  });
  return row ? addressOf(row) : null;
}
