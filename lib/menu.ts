import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/schemas";
import { unitsSoldByItem } from "@/lib/orders";
import { NotFound } from "@/lib/errors";
import type { Prices } from "@/lib/portions";
import { PLACEHOLDER_IMAGE, normalizeSearch } from "@/lib/menu-schemas";
import { cached } from "@/lib/menu-cache";

// The catalogue's reads: the menu, its categories and the popular bowls, through the menu cache
// (lib/menu-cache.ts). Admin changes are lib/menu-admin.ts.

export type MenuCategory = { id: string; slug: string; name: string };

export type MenuItemView = {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: { slug: string; name: string };
  image: string;
  prices: Prices;
  available: boolean;
};

export type MenuGroup = { category: MenuCategory; items: MenuItemView[] };

/** The API's shape (contract §4); `price` is the Small price, `category` the category's name. */
export type ApiMenuItem = {
  id: string;
  _id: string;
  slug: string;
  name: string;
  description: string;
  category: string;
  price: number;
  prices: Prices;
  image: string;
  available: boolean;
};

export function toApiItem(item: MenuItemView): ApiMenuItem {
  return {
    id: item.id,
    _id: item.id,
    slug: item.slug,
    name: item.name,
    description: item.description,
    category: item.category.name,
    price: item.prices.small,
    prices: { ...item.prices },
    image: item.image,
    available: item.available,
  };
}

// ---------------------------------------------------------------------------------------------
// Reads

export const itemSelect = {
  id: true,
  slug: true,
  name: true,
  description: true,
  image: true,
  priceSmall: true,
  priceMedium: true,
  priceLarge: true,
  available: true,
  category: { select: { slug: true, name: true } },
} as const;

type ItemRow = {
  id: string;
  slug: string;
  name: string;
  description: string;
  image: string;
  priceSmall: number;
  priceMedium: number;
  priceLarge: number;
  available: boolean;
  category: { slug: string; name: string };
};

export function toView(row: ItemRow): MenuItemView {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    category: { slug: row.category.slug, name: row.category.name },
    image: row.image || PLACEHOLDER_IMAGE,
    prices: { small: row.priceSmall, medium: row.priceMedium, large: row.priceLarge },
    available: row.available,
  };
}

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
        OR: [
          { name: { contains: text, mode: "insensitive" as const } },
          { description: { contains: text, mode: "insensitive" as const } },
        ],
      }
    : undefined;
  const categories = await db().category.findMany({
    where: categorySlug ? { slug: categorySlug } : undefined,
    orderBy: [{ position: "asc" }, { name: "asc" }],
    select: { id: true, slug: true, name: true, items: { where: matches, orderBy: itemOrder, select: itemSelect } },
  });
  return categories
    .map(({ items, ...category }) => ({ category, items: items.map(toView) }))
    .filter((group) => group.items.length > 0);
}

export async function queryCategories(): Promise<MenuCategory[]> {
  return db().category.findMany({ orderBy: [{ position: "asc" }, { name: "asc" }], select: { id: true, slug: true, name: true } });
}

const cachedFullMenu = cached("full-menu", () => queryMenu());
const cachedCategories = cached("categories", queryCategories);
const cachedSales = cached("sales", unitsSoldByItem);

/**
 * The menu grouped by category in position order; categories without (matching) items are
 * left out. Blank search is ignored and search text is cut to 100 characters. Searches go to
 * the database uncached (any text is a new cache key); the plain menu and its category views
 * come from the cache.
 */
export async function listMenu(options: { search?: string | null; category?: string | null } = {}): Promise<MenuGroup[]> {
  const search = normalizeSearch(options.search);
  const category = options.category?.trim() || undefined;
  // No slug holds a control character or a lone surrogate, and PostgreSQL refuses a NUL (a 500).
  if (category && /[\p{Cc}\p{Cs}]/u.test(category)) return [];
  if (search) return queryMenu(search, category);
  const groups = await cachedFullMenu();
  return category ? groups.filter((g) => g.category.slug === category) : groups;
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

export async function getMenuItem(id: string): Promise<MenuItemView> {
  if (!looksLikeRowId(id)) throw new NotFound("Menu item not found.");
  const row = await db().menuItem.findUnique({ where: { id }, select: itemSelect });
  if (!row) throw new NotFound("Menu item not found.");
  return toView(row);
}
