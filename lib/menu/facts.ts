// What every menu item is declared to be (product.md §8): its diet, the allergens it may hold,
// and when it counts as high in protein. Client-safe: the admin's form, the filters and the API share it.

/** product.md §8: every item is one of these (egg counts as non-veg). */
export const DIETS = ["veg", "non-veg"] as const;
export type Diet = (typeof DIETS)[number];

/** product.md §8's allergen list, as the API spells them ("tree nuts" is `tree-nuts`, fit for a URL). */
export const ALLERGENS = [
  "gluten",
  "milk",
  "egg",
  "peanut",
  "tree-nuts",
  "soy",
  "sesame",
  "mustard",
  "fish",
  "crustacean",
  "sulphite",
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** product.md §8: a bowl is high in protein from this many grams in its Medium portion. */
export const HIGH_PROTEIN_GRAMS = 25;
