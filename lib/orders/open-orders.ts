import "server-only";
import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/db/schema";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import { OPEN_ORDER_STATUSES } from "@/lib/orders/status";

// How many open orders accounts hold, for the admin pages that offer to cancel them all
// (bulk-cancel.ts). Admins only.

const open = { status: { in: [...OPEN_ORDER_STATUSES] } };

/** How many open orders each of these accounts holds (those that hold none are left out). */
export async function openOrderCounts(admin: SessionUser, userIds: string[]): Promise<Map<string, number>> {
  assertAdmin(admin);
  if (userIds.length === 0) return new Map();
  const groups = await db().order.groupBy({ by: ["userId"], where: { userId: { in: userIds }, ...open }, _count: { _all: true } });
  return new Map(groups.map((g) => [g.userId, g._count._all]));
}

/** How many open orders one account holds. */
export async function openOrderCountOf(admin: SessionUser, userId: string): Promise<number> {
  assertAdmin(admin);
  if (!looksLikeRowId(userId)) return 0;
  return db().order.count({ where: { userId, ...open } });
}
