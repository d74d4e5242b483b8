import { normalizeSearch } from "@/lib/text";
import type { MenuGroup, MenuItemView } from "@/lib/menu/types";
import { ALLERGENS, HIGH_PROTEIN_GRAMS, type Allergen, type Diet } from "@/lib/menu/facts";

// What a view of the menu asks for (product.md §4 and §8: a category, search text, the diet,
// protein and allergen filters) and which items answer it. Client-safe and free of zod: the
// API filters the cached menu with it, and /menu's page, which is prerendered once for every
// query, applies it in the browser.

/** The menu's §8 filters (product.md §8), from the query string; unknown values are ignored. */
export type MenuFilters = { diet?: Diet; highProtein?: boolean; free?: Allergen[] };

/** `favourites`: only the bowls the signed-in customer keeps (product.md §13); the browser knows which, the API ignores it. */
export type MenuQuery = { category?: string; search?: string; filters: MenuFilters; favourites?: boolean };

export function menuFiltersFrom(params: { diet?: string | null; protein?: string | null; free?: string | null }): MenuFilters {
  const filters: MenuFilters = {};
  if (params.diet?.trim().toLowerCase() === "veg") filters.diet = "veg";
  if (params.protein?.trim().toLowerCase() === "high") filters.highProtein = true;
  const free = (params.free ?? "")
    .split(",")
    .map((a) => a.trim().toLowerCase().replace(/\s+/g, "-"))
    .filter((a): a is Allergen => (ALLERGENS as readonly string[]).includes(a));
  if (free.length > 0) filters.free = ALLERGENS.filter((a) => free.includes(a));
  return filters;
}

/**
 * A /menu or /api/menu query string as a query. `free` comes as product.md gives it
 * (`free=milk,gluten`) or repeated (`free=milk&free=gluten`), as a plain form sends it.
 */
export function menuQueryFrom(params: URLSearchParams): MenuQuery {
  const category = params.get("category")?.trim() || undefined;
  const search = normalizeSearch(params.get("search"));
  const filters = menuFiltersFrom({ diet: params.get("diet"), protein: params.get("protein"), free: params.getAll("free").join(",") });
  return { category, search, filters, ...(params.get("favourites") === "1" && { favourites: true }) };
}

export const hasFilters = ({ diet, highProtein, free }: MenuFilters) => Boolean(diet || highProtein || free?.length);

/** Whether an item passes every filter given: veg only, high protein (unknown figures do not pass), free of the allergens. */
export function matchesFilters(item: Pick<MenuItemView, "diet" | "nutrition" | "allergens">, filters: MenuFilters): boolean {
  if (filters.diet && item.diet !== filters.diet) return false;
  if (filters.highProtein && (item.nutrition.medium.protein ?? 0) < HIGH_PROTEIN_GRAMS) return false;
  if (filters.free?.some((a) => item.allergens.includes(a))) return false;
  return true;
}

/** Search finds its text in the name or the description, whatever the case. */
function matchesSearch(item: Pick<MenuItemView, "name" | "description">, search: string | undefined): boolean {
  if (!search) return true;
  const text = search.toLowerCase();
  return item.name.toLowerCase().includes(text) || item.description.toLowerCase().includes(text);
}

/** The items a query shows, the fields it reads and nothing more (what /menu sends the browser). */
export type MenuItemFacts = Pick<MenuItemView, "id" | "name" | "description" | "diet" | "nutrition" | "allergens"> & { category: string };

export function matchesQuery(item: MenuItemFacts, query: MenuQuery): boolean {
  return (!query.category || item.category === query.category) && matchesSearch(item, query.search) && matchesFilters(item, query.filters);
}

export function factsOf(item: MenuItemView): MenuItemFacts {
  const { id, name, description, diet, nutrition, allergens } = item;
  return { id, name, description, diet, nutrition, allergens, category: item.category.slug };
}

/** The groups with only the items the query shows; groups left empty are dropped. */
export function filterMenu(groups: MenuGroup[], query: MenuQuery): MenuGroup[] {
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => matchesQuery(factsOf(item), query)) }))
    .filter((group) => group.items.length > 0);
}
