import type { Allergen } from "@/lib/menu/facts";

/** How people read product.md §8's allergens (the API spells "tree nuts" as `tree-nuts`). */
export const ALLERGEN_NAMES: Record<Allergen, string> = {
  gluten: "Gluten",
  milk: "Milk",
  egg: "Egg",
  peanut: "Peanut",
  "tree-nuts": "Tree nuts",
  soy: "Soy",
  sesame: "Sesame",
  mustard: "Mustard",
  fish: "Fish",
  crustacean: "Crustacean",
  sulphite: "Sulphite",
};

/** An allergen as a sentence reads it ("tree nuts"). */
export const allergenName = (a: Allergen) => ALLERGEN_NAMES[a].toLowerCase();
