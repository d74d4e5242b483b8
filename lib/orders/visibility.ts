import "server-only";
import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/db/schema";
import type { SessionUser } from "@/lib/auth/session";
import { visibleTo } from "@/lib/orders/rows";

/**
 * Whether `viewer` may see order `id`: its owner or an admin. proxy.ts asks before an order
 * page renders, because a page that has started streaming can no longer answer 404.
 */
export async function orderVisibleTo(viewer: SessionUser, id: string): Promise<boolean> {
  if (!looksLikeRowId(id)) return false;
  return (await db().order.count({ where: { id, ...visibleTo(viewer) } })) > 0;
}
