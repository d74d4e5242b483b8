import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/schemas";
import { Conflict, Forbidden, Invalid, NotFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { Prisma } from "@/lib/generated/prisma/client";
import { checkTransition, statusLabel, type OrderStatus } from "@/lib/order-status";
import {
  paymentMethodLabel,
  type Address,
  type OrderListQuery,
  type PaymentMethodLabel,
} from "@/lib/order-schemas";
import type { PortionKey } from "@/lib/portions";

// Orders: reading them and moving them along their lifecycle (placing one, the hot path, is
// lib/order-placement.ts). Customers see their own orders; admins see all. An order someone may not see is "not found",
// so ids of other people's orders are never confirmed to exist.

export type ApiOrderLine = {
  menuItemId: string | null;
  name: string;
  portion: PortionKey;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
};

/** The contract's Order shape (product.md §4); dates are ISO strings so pages can hand it to the client. */
export type ApiOrder = {
  id: string;
  _id: string;
  items: ApiOrderLine[];
  address: Address;
  paymentMethod: PaymentMethodLabel;
  subtotal: number;
  deliveryFee: number;
  total: number;
  status: OrderStatus;
  createdAt: string;
  updatedAt: string;
  user: { id: string; _id: string; name: string; email: string };
};

export const ORDER_NOT_FOUND = "Order not found.";

const orderInclude = {
  lines: { orderBy: { position: "asc" } },
  user: { select: { id: true, name: true, email: true } },
} satisfies Prisma.OrderInclude;

type OrderRow = Prisma.OrderGetPayload<{ include: typeof orderInclude }>;

export function toApiOrder(row: OrderRow): ApiOrder {
  return {
    id: row.id,
    _id: row.id,
    items: row.lines.map((l) => ({
      menuItemId: l.menuItemId,
      name: l.name,
      portion: l.portion,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      lineTotal: l.lineTotal,
    })),
    address: addressOf(row),
    paymentMethod: paymentMethodLabel(row.paymentMethod),
    subtotal: row.subtotal,
    deliveryFee: row.deliveryFee,
    total: row.total,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user: { id: row.user.id, _id: row.user.id, name: row.user.name, email: row.user.email },
  };
}

type AddressColumns = { addressName: string; addressPhone: string; addressStreet: string; addressCity: string; addressState: string; addressZip: string };

function addressOf(row: AddressColumns): Address {
  return { name: row.addressName, phone: row.addressPhone, street: row.addressStreet, city: row.addressCity, state: row.addressState, zip: row.addressZip };
}

/** Any order by id, for its confirmation mail (lib/email/compose.ts); the mail job carries only the id. */
export async function orderForMail(orderId: string): Promise<ApiOrder | null> {
  const row = await db().order.findUnique({ where: { id: orderId }, include: orderInclude });
  return row ? toApiOrder(row) : null;
}

function visibleTo(viewer: SessionUser): Prisma.OrderWhereInput {
  return viewer.role === "admin" ? {} : { userId: viewer.id };
}

/** The order if `viewer` owns it or is an admin; otherwise null (pages show "not found"). */
export async function findOrderFor(viewer: SessionUser, id: string): Promise<ApiOrder | null> {
  if (!looksLikeRowId(id)) return null;
  const row = await db().order.findFirst({ where: { id, ...visibleTo(viewer) }, include: orderInclude });
  return row ? toApiOrder(row) : null;
}

export async function getOrderFor(viewer: SessionUser, id: string): Promise<ApiOrder> {
  const order = await findOrderFor(viewer, id);
  if (!order) throw new NotFound(ORDER_NOT_FOUND);
  return order;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

async function beforeCursor(viewer: SessionUser, before: string): Promise<Prisma.OrderWhereInput> {
  if (ISO_DATE.test(before)) {
    const date = new Date(before);
    if (Number.isNaN(date.getTime())) throw new Invalid("before must be an ISO date or an order id", "before");
    return { createdAt: { lt: date } };
  }
  const cursor = looksLikeRowId(before)
    ? await db().order.findFirst({ where: { id: before, ...visibleTo(viewer) }, select: { id: true, createdAt: true } })
    : null;
  if (!cursor) throw new Invalid("before must be an ISO date or the id of one of your orders", "before");
  // Orders created in the same millisecond are told apart by id, the list's second sort key.
  return { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] };
}

/**
 * Newest first. Admins get every order unless `ownOnly` (the "My orders" page); everyone else
 * only their own.
 */
export async function listOrders(viewer: SessionUser, query: OrderListQuery, options: { ownOnly?: boolean } = {}): Promise<ApiOrder[]> {
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

/**
 * Moves an order along its lifecycle. The update only applies while the order still has the
 * status it was checked against, so two admins clicking at once cannot both win.
 */
export async function updateOrderStatus(viewer: SessionUser, id: string, to: OrderStatus): Promise<ApiOrder> {
  if (!looksLikeRowId(id)) throw new NotFound(ORDER_NOT_FOUND);
  const current = await db().order.findFirst({ where: { id, ...visibleTo(viewer) }, select: { id: true, status: true } });
  if (!current) throw new NotFound(ORDER_NOT_FOUND);

  const check = checkTransition(current.status, to, viewer.role === "admin" ? "admin" : "owner");
  if (check === "forbidden") throw new Forbidden("You can only cancel your own order, and only while it is pending.");
  if (check === "invalid") {
    throw new Conflict(`A ${statusLabel(current.status).toLowerCase()} order cannot be changed to ${statusLabel(to).toLowerCase()}.`, {
      status: current.status,
    }, "status_conflict");
  }

  const { count } = await db().order.updateMany({ where: { id, status: current.status }, data: { status: to } });
  if (count === 0) throw new Conflict("This order's status changed meanwhile. Please reload and try again.", {}, "status_conflict");
  return getOrderFor(viewer, id);
}

/** The delivery address of the user's latest order, to prefill the next checkout. */
export async function lastAddressOf(userId: string): Promise<Address | null> {
  const row = await db().order.findFirst({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { addressName: true, addressPhone: true, addressStreet: true, addressCity: true, addressState: true, addressZip: true },
  });
  return row ? addressOf(row) : null;
}

/** Portions sold per menu item over all orders that were not cancelled (for "popular bowls"). */
export async function unitsSoldByItem(): Promise<Record<string, number>> {
  const rows = await db().orderLine.groupBy({
    by: ["menuItemId"],
    where: { menuItemId: { not: null }, order: { status: { not: "cancelled" } } },
    _sum: { quantity: true },
  });
  return Object.fromEntries(rows.filter((r) => r.menuItemId).map((r) => [r.menuItemId as string, r._sum.quantity ?? 0]));
}

// ---------------------------------------------------------------------------------------------
// Admin dashboard

/** India has kept UTC+05:30 all year since 1945 (no daylight saving), so the offset is fixed. */
const KOLKATA_OFFSET_MS = 330 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The calendar day in Asia/Kolkata that contains `now`, as [start, end) instants. */
export function kolkataDay(now: Date): { start: Date; end: Date } {
  const start = Math.floor((now.getTime() + KOLKATA_OFFSET_MS) / DAY_MS) * DAY_MS - KOLKATA_OFFSET_MS;
  return { start: new Date(start), end: new Date(start + DAY_MS) };
}

export type DashboardStats = {
  /** Orders placed today (Asia/Kolkata), cancelled ones included. */
  todayOrders: number;
  /** Rupees from today's orders that were not cancelled. */
  todayRevenue: number;
  /** Orders waiting for the kitchen to confirm them, whenever they were placed. */
  pendingOrders: number;
};

/** The kitchen's figures for the admin dashboard; admins only. */
export async function dashboardStats(viewer: SessionUser, now: Date = new Date()): Promise<DashboardStats> {
  if (viewer.role !== "admin") throw new Forbidden("Admins only.");
  const { start, end } = kolkataDay(now);
  const [today, pendingOrders] = await Promise.all([
    db().order.groupBy({
      by: ["status"],
      where: { createdAt: { gte: start, lt: end } },
      _count: { _all: true },
      _sum: { total: true },
    }),
    db().order.count({ where: { status: "pending" } }),
  ]);
  return {
    todayOrders: today.reduce((n, g) => n + g._count._all, 0),
    todayRevenue: today.filter((g) => g.status !== "cancelled").reduce((n, g) => n + (g._sum.total ?? 0), 0),
    pendingOrders,
  };
}
