import "server-only";
import { db } from "@/lib/db";
import { filterMenu, type MenuQuery } from "@/lib/menu/query";
import { cacheAsMenu } from "@/lib/menu/cache";
import { itemSelect, toView } from "@/lib/menu/rows";
import type { MenuCategory, MenuGroup, MenuItemView } from "@/lib/menu/types";

// The catalogue's reads: the menu, its categories and the popular bowls, cached with 'use cache'
// under the menu's tag (cache.ts). Admin changes are writes.ts.

const itemOrder = [{ position: "asc" as const }, { name: "asc" as const }];

/** One query: the categories in position order, each with its items in position order. */
async function queryMenu(): Promise<MenuGroup[]> {
  const categories = await db().category.findMany({
    orderBy: [{ position: "asc" }, { name: "asc" }],
    select: { id: true, slug: true, name: true, items: { orderBy: itemOrder, select: itemSelect } },
  });
  return categories.map(({ items, ...category }) => ({ category, items: items.map(toView) })).filter((group) => group.items.length > 0);
}

export async function queryCategories(): Promise<MenuCategory[]> {
  return db().category.findMany({ orderBy: [{ position: "asc" }, { name: "asc" }], select: { id: true, slug: true, name: true } });
}

/**
 * Units delivered per menu item: the popularity ranking below. Only delivered orders count, so
 * orders placed to steer the landing page (and cancelled at leisure) do not. It reads
 * order_lines itself rather than through the orders domain, because the orders build on the
 * catalogue and the catalogue must not import them back.
 */
async function unitsSoldByItem(): Promise<Record<string, number>> {
  const rows = await db().orderLine.groupBy({
    by: ["menuItemId"],
    where: { menuItemId: { not: null }, order: { status: "delivered" } },
    _sum: { quantity: true },
  });
  return Object.fromEntries(rows.filter((r) => r.menuItemId).map((r) => [r.menuItemId as string, r._sum.quantity ?? 0]));
}

async function cachedFullMenu(): Promise<MenuGroup[]> {
  "use cache";
  cacheAsMenu();
  return queryMenu();
}

async function cachedCategories(): Promise<MenuCategory[]> {
  "use cache";
  cacheAsMenu();
  return queryCategories();
}

/** Sales move with every order: a few minutes old is fine for a ranking. */
async function cachedSales(): Promise<Record<string, number>> {
  "use cache";
  cacheAsMenu("minutes");
  return unitsSoldByItem();
}

/**
 * The menu grouped by category in position order, or the part of it a query shows (category,
 * search, the §8 filters: lib/menu/query.ts); categories without (matching) items are left out.
 * Every query reads the cached menu: the catalogue is a few dozen items.
 */
export async function listMenu(query?: MenuQuery): Promise<MenuGroup[]> {
  const groups = await cachedFullMenu();
  return query ? filterMenu(groups, query) : groups;
}

export async function getCategories(): Promise<MenuCategory[]> {
  return cachedCategories();
}

/**
 * A few available bowls for the landing page: the best sellers first (delivered orders only);
 * ties, and a shop with no orders yet, take one from each category in turn so every category
 * shows.
 */
export async function getPopularItems(limit = 3): Promise<MenuItemView[]> {
  const [groups, sales] = await Promise.all([cachedFullMenu(), cachedSales()]);
  const interleaved: MenuItemView[] = [];
  const longest = Math.max(0, ...groups.map((g) => g.items.length));
  for (let i = 0; i < longest; i++) {
    for (const group of groups) {
      const item = group.items[i];
      if (item?.available) interleaved.push(item);
    }
  }
  // Array.prototype.sort is stable, so equal sales keep the interleaved order.
  return interleaved.sort((a, b) => (sales[b.id] ?? 0) - (sales[a.id] ?? 0)).slice(0, limit);
}
