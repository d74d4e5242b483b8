import { revalidateTag, unstable_cache } from "next/cache";
import { db } from "@/lib/db";
import { unitsSoldByItem } from "@/lib/orders";
import { Invalid, NotFound } from "@/lib/errors";
import type { Prices } from "@/lib/portions";
import {
  MENU_PRICE_MAX,
  PLACEHOLDER_IMAGE,
  normalizeSearch,
  type MenuItemInput,
  type MenuItemUpdate,
} from "@/lib/menu-schemas";

// The catalogue: the only module that queries menu items and categories.
//
// Reads are cached with Next's data cache under one tag; every admin change expires that tag
// at once, so /, /menu and /sitemap.xml show it on the next request without a redeploy. The
// cache lives in each server instance, so with several instances another one may serve the
// old menu for at most CACHE_SECONDS.

export const MENU_TAG = "menu";
const CACHE_SECONDS = 60;

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

const itemSelect = {
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

function toView(row: ItemRow): MenuItemView {
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

async function queryCategories(): Promise<MenuCategory[]> {
  return db().category.findMany({ orderBy: [{ position: "asc" }, { name: "asc" }], select: { id: true, slug: true, name: true } });
}

/** Quantities sold per menu item, for "popular". */
// Next's data cache exists only inside a Next.js server. Scripts and the integration tests
// call these functions directly; there the cache is simply skipped. Only Next's own
// "no cache here" invariants are recognised; anything else is rethrown.
function isOutsideNextServer(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.message.startsWith("Invariant: incrementalCache missing") || error.message.startsWith("Invariant: static generation store missing"))
  );
}

function cached<A extends unknown[], R>(key: string, fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  const wrapped = unstable_cache(fn, ["fresh-bowl-menu", key], { tags: [MENU_TAG], revalidate: CACHE_SECONDS });
  return async (...args: A) => {
    try {
      return await wrapped(...args);
    } catch (error) {
      // The invariant is thrown before `fn` runs, so this never runs a query twice.
      if (isOutsideNextServer(error)) return fn(...args);
      throw error;
    }
  };
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
  const row = await db().menuItem.findUnique({ where: { id }, select: itemSelect });
  if (!row) throw new NotFound("Menu item not found.");
  return toView(row);
}

// ---------------------------------------------------------------------------------------------
// Admin changes

/** Expires every cached menu read, in this instance at once (see the note at the top). */
function invalidateMenu() {
  // The production server's copy of the cached pages (scripts/page-cache.mjs), in this process.
  (globalThis as { freshBowlPageCache?: { clear: () => void } }).freshBowlPageCache?.clear();
  try {
    // { expire: 0 }: the next request must not be served the old menu (contract: changes show
    // without a redeploy). The pages reading it are request-time, so the tag is all they need.
    revalidateTag(MENU_TAG, { expire: 0 });
  } catch (error) {
    if (!isOutsideNextServer(error)) throw error;
  }
}

async function resolveCategory(ref: string): Promise<MenuCategory> {
  const category = await db().category.findFirst({
    where: { OR: [{ slug: ref.toLowerCase() }, { name: { equals: ref, mode: "insensitive" } }] },
    select: { id: true, slug: true, name: true },
  });
  if (category) return category;
  const known = await queryCategories();
  throw new Invalid(`Unknown category "${ref}". Use one of: ${known.map((c) => c.name).join(", ")}`, "category");
}

/**
 * Per-portion prices from the input. `prices` gives all three. `price` alone (the old client's
 * single price) is the Small price, and Medium and Large follow the house's usual steps of
 * ₹40 and ₹80 more (as on most of the opening menu), capped at the maximum price.
 */
export function pricesFrom(input: { price?: number; prices?: Prices }): Prices | undefined {
  if (input.prices) return { ...input.prices };
  if (input.price === undefined) return undefined;
  return {
    small: input.price,
    medium: Math.min(MENU_PRICE_MAX, input.price + 40),
    large: Math.min(MENU_PRICE_MAX, input.price + 80),
  };
}

/** "Egg & Avocado Bowl" → "egg-and-avocado-bowl"; names without Latin letters or digits → "salad". */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "salad";
}

async function uniqueSlug(base: string): Promise<string> {
  const taken = new Set(
    (await db().menuItem.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function prismaCode(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

async function nextPosition(categoryId: string): Promise<number> {
  const { _max } = await db().menuItem.aggregate({ where: { categoryId }, _max: { position: true } });
  return (_max.position ?? -1) + 1;
}

export async function createMenuItem(input: MenuItemInput): Promise<ApiMenuItem> {
  const category = await resolveCategory(input.category);
  const prices = pricesFrom(input);
  if (!prices) throw new Invalid("Price is required", "price");
  const position = await nextPosition(category.id);
  const base = slugify(input.name);
  // Two admins adding the same name at once: the unique index decides, and the loser retries.
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await db().menuItem.create({
        data: {
          slug: await uniqueSlug(base),
          name: input.name,
          description: input.description ?? "",
          categoryId: category.id,
          image: input.image || PLACEHOLDER_IMAGE,
          priceSmall: prices.small,
          priceMedium: prices.medium,
          priceLarge: prices.large,
          available: input.available ?? true,
          position,
        },
        select: itemSelect,
      });
      invalidateMenu();
      return toApiItem(toView(row));
    } catch (error) {
      if (prismaCode(error) !== "P2002" || attempt >= 4) throw error;
    }
  }
}

/**
 * Changes only the fields sent. The slug stays as it was, so links to the item keep working
 * after a rename. `price` alone re-derives Medium and Large exactly as on create.
 */
export async function updateMenuItem(id: string, input: MenuItemUpdate): Promise<ApiMenuItem> {
  const existing = await db().menuItem.findUnique({ where: { id }, select: { id: true, categoryId: true } });
  if (!existing) throw new NotFound("Menu item not found.");
  const category = input.category === undefined ? undefined : await resolveCategory(input.category);
  const prices = pricesFrom(input);
  const moved = category && category.id !== existing.categoryId;
  try {
    const row = await db().menuItem.update({
      where: { id },
      data: {
        name: input.name,
        description: input.description,
        image: input.image === undefined ? undefined : input.image || PLACEHOLDER_IMAGE,
        available: input.available,
        ...(prices ? { priceSmall: prices.small, priceMedium: prices.medium, priceLarge: prices.large } : {}),
        ...(moved ? { categoryId: category.id, position: await nextPosition(category.id) } : {}),
      },
      select: itemSelect,
    });
    invalidateMenu();
    return toApiItem(toView(row));
  } catch (error) {
    // Deleted by someone else between the read and the write.
    if (prismaCode(error) === "P2025") throw new NotFound("Menu item not found.");
    throw error;
  }
}

/** Past orders keep their lines: order_lines.menu_item_id is set to NULL, name and prices stay. */
export async function deleteMenuItem(id: string): Promise<{ message: string }> {
  try {
    await db().menuItem.delete({ where: { id }, select: { id: true } });
  } catch (error) {
    if (prismaCode(error) === "P2025") throw new NotFound("Menu item not found.");
    throw error;
  }
  invalidateMenu();
  return { message: "Menu item deleted." };
}
