import type { Prices } from "@/lib/portions";
import { MENU_PRICE_MAX, type MenuFilters } from "@/lib/menu/schema";
import type { MenuGroup, MenuItemView } from "@/lib/menu/types";

// The menu's pure rules (client-safe, no database): prices from the old client's single price,
// slugs from names, and the §8 filters. writes.ts and queries.ts apply them.

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

/** product.md §8: a bowl is high in protein from this many grams in its Medium portion. */
export const HIGH_PROTEIN_GRAMS = 25;

/** Whether an item passes every filter given: veg only, high protein (unknown figures do not pass), free of the allergens. */
export function matchesFilters(item: Pick<MenuItemView, "diet" | "nutrition" | "allergens">, filters: MenuFilters): boolean {
  if (filters.diet && item.diet !== filters.diet) return false;
  if (filters.highProtein && (item.nutrition.medium.protein ?? 0) < HIGH_PROTEIN_GRAMS) return false;
  if (filters.free?.some((a) => item.allergens.includes(a))) return false;
  return true;
}

/** The groups with only the items that pass the filters; groups left empty are dropped. */
export function filterMenu(groups: MenuGroup[], filters: MenuFilters): MenuGroup[] {
  if (!filters.diet && !filters.highProtein && !filters.free?.length) return groups;
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => matchesFilters(item, filters)) }))
    .filter((group) => group.items.length > 0);
}
