import "server-only";
import { db } from "@/lib/db";
import { hasControlCharacter } from "@/lib/text";
import { normalizeSearch, type MenuFilters } from "@/lib/menu/schema";
import { filterMenu } from "@/lib/menu/rules";
import { cacheAsMenu } from "@/lib/menu/cache";
import { itemSelect, toView } from "@/lib/menu/rows";
import type { MenuCategory, MenuGroup, MenuItemView } from "@/lib/menu/types";

// The catalogue's reads: the menu, its categories and the popular bowls, cached with 'use cache'
// under the menu's tag (cache.ts). Admin changes are writes.ts.

const itemOrder = [{ position: "asc" as const }, { name: "asc" as const }];

/**
 * Prisma's `contains` becomes ILIKE '%text%' without escaping, so "%" or "_" typed into the
 * search would match everything; PostgreSQL's default LIKE escape character is the backslash.
 */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** One query: the categories in position order, each with its (matching) items in position order. */
async function queryMenu(search?: string, categorySlug?: string): Promise<MenuGroup[]> {
  const text = search ? likeLiteral(search) : undefined;
  const matches = text
    ? {
        OR: [{ name: { contains: text, mode: "insensitive" as const } }, { description: { contains: text, mode: "insensitive" as const } }],
      }
    : undefined;
  const categories = await db().category.findMany({
    where: categorySlug ? { slug: categorySlug } : undefined,
    orderBy: [{ position: "asc" }, { name: "asc" }],
    select: { id: true, slug: true, name: true, items: { where: matches, orderBy: itemOrder, select: itemSelect } },
  });
  return categories.map(({ items, ...category }) => ({ category, items: items.map(toView) })).filter((group) => group.items.length > 0);
}

export async function queryCategories(): Promise<MenuCategory[]> {
  return db().category.findMany({ orderBy: [{ position: "asc" }, { name: "asc" }], select: { id: true, slug: true, name: true } });
}

/**
 * Units sold per menu item, cancelled orders left out: the popularity ranking below. It reads
 * order_lines itself rather than through the orders domain, because the orders build on the
 * catalogue and the catalogue must not import them back.
 */
async function unitsSoldByItem(): Promise<Record<string, number>> {
  const rows = await db().orderLine.groupBy({
    by: ["menuItemId"],
    where: { menuItemId: { not: null }, order: { status: { not: "cancelled" } } },
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
 * The menu grouped by category in position order; categories without (matching) items are
 * left out. `filters` (§8: veg, high protein, free of allergens) combine with search and category. Blank search is ignored and search text is cut to 100 characters. Searches go to
 * the database uncached (any text is a new cache key); the plain menu and its category views
 * come from the cache.
 */
export async function listMenu(
  options: { search?: string | null; category?: string | null; filters?: MenuFilters } = {},
): Promise<MenuGroup[]> {
  const search = normalizeSearch(options.search);
  const category = options.category?.trim() || undefined;
  // No slug holds a control character or a lone surrogate, and PostgreSQL refuses a NUL (a 500).
  if (category && hasControlCharacter(category)) return [];
  const groups = search ? await queryMenu(search, category) : await cachedFullMenu();
  const inCategory = !search && category ? groups.filter((g) => g.category.slug === category) : groups;
  // The §8 filters run on the rows already read (cached for the plain menu): no query of their own.
  return options.filters ? filterMenu(inCategory, options.filters) : inCategory;
}

export async function getCategories(): Promise<MenuCategory[]> {
  return cachedCategories();
}

/**
 * A few available bowls for the landing page: the best sellers first (cancelled orders do not
 * count); ties, and a shop with no orders yet, take one from each category in turn so every
 * category shows.
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
