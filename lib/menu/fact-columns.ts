import type { Allergen, Diet } from "@/lib/menu/facts";
import type { Nutrition } from "@/lib/menu/types";

// How §8's facts are stored on menu_items: diet as the enum's spelling, nutrition as six columns.
// Shared by the admin's writes (option-writes.ts) and the seed (lib/bootstrap/seed.ts).

function dietColumn(diet: Diet): "veg" | "non_veg" {
  return diet === "non-veg" ? "non_veg" : "veg";
}

/** The columns to write for the §8 fields that were sent (nothing for the ones that were not). */
export function factColumns(input: { diet?: Diet; nutrition?: Nutrition; allergens?: Allergen[] }) {
  const n = input.nutrition;
  return {
    ...(input.diet ? { diet: dietColumn(input.diet) } : {}),
    ...(n
      ? {
          kcalSmall: n.small.kcal,
          kcalMedium: n.medium.kcal,
          kcalLarge: n.large.kcal,
          proteinSmall: n.small.protein,
          proteinMedium: n.medium.protein,
          proteinLarge: n.large.protein,
        }
      : {}),
    ...(input.allergens ? { allergens: input.allergens } : {}),
  };
}
