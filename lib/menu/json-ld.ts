import { PORTIONS, type PortionKey } from "@/lib/portions";
import type { MenuItemView } from "@/lib/menu/types";

// product.md §8's facts in a schema.org MenuItem: `suitableForDiet` (a RestrictedDiet) for veg
// bowls, and `nutrition` (NutritionInformation) for the portion the item's offer describes.
// Figures not known are left out rather than guessed; nothing at all when none is known.

type NutritionJsonLd = {
  "@type": "NutritionInformation";
  servingSize: string;
  calories?: string;
  proteinContent?: string;
};

export type MenuItemFactsJsonLd = { suitableForDiet?: string; nutrition?: NutritionJsonLd };

export function menuItemFactsJsonLd(item: Pick<MenuItemView, "diet" | "nutrition">, portion: PortionKey): MenuItemFactsJsonLd {
  const { kcal, protein } = item.nutrition[portion];
  const grams = PORTIONS.find((p) => p.key === portion)!.grams;
  const facts: MenuItemFactsJsonLd = {};
  // Egg counts as non-veg (§8), so only veg bowls claim the vegetarian diet.
  if (item.diet === "veg") facts.suitableForDiet = "https://schema.org/VegetarianDiet";
  if (kcal !== null || protein !== null) {
    facts.nutrition = {
      "@type": "NutritionInformation",
      servingSize: `${grams} g`,
      ...(kcal !== null ? { calories: `${kcal} calories` } : {}),
      ...(protein !== null ? { proteinContent: `${protein} g` } : {}),
    };
  }
  return facts;
}
