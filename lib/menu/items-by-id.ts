import "server-only";
import { db } from "@/lib/db";
import { itemSelect, toView } from "@/lib/menu/rows";
import type { MenuItemView } from "@/lib/menu/types";

/** The items of `ids` as the menu has them now, by id (uncached: a reply that quotes today's prices reads them fresh). */
export async function menuItemsById(ids: readonly string[]): Promise<Map<string, MenuItemView>> {
  if (ids.length === 0) return new Map();
  const rows = await db().menuItem.findMany({ where: { id: { in: [...ids] } }, select: itemSelect });
  return new Map(rows.map((row) => [row.id, toView(row)]));
}
