import "server-only";
import { db } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { assertAdmin } from "@/lib/auth/authorize";
import type { DashboardStats } from "@/lib/orders/types";

// The kitchen's figures for the admin dashboard.

/** India has kept UTC+05:30 all year since 1945 (no daylight saving), so the offset is fixed. */
const KOLKATA_OFFSET_MS = 330 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The calendar day in Asia/Kolkata that contains `now`, as [start, end) instants. */
export function kolkataDay(now: Date): { start: Date; end: Date } {
  const start = Math.floor((now.getTime() + KOLKATA_OFFSET_MS) / DAY_MS) * DAY_MS - KOLKATA_OFFSET_MS;
  return { start: new Date(start), end: new Date(start + DAY_MS) };
}

/** Today's orders and revenue and the orders waiting for the kitchen; admins only. */
export async function dashboardStats(viewer: SessionUser, now: Date = new Date()): Promise<DashboardStats> {
  assertAdmin(viewer);
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
