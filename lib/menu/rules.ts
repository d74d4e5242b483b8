import type { Prices } from "@/lib/portions";
import { MENU_PRICE_MAX } from "@/lib/menu/schema";

// The menu's pure rules (client-safe, no database): prices from the old client's single price,
// and slugs from names. writes.ts and queries.ts apply them.

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
