// What is in each of the 18 opening salads (product.md §8): diet, energy and protein of the Small
// (250 g) portion, allergens, and the option groups. Medium (350 g) and Large (400 g) scale the
// Small figures by weight. Figures are estimates from the ingredients in each description.

import factsData from "./catalogue-facts.json";

type Allergen = "gluten" | "milk" | "egg" | "peanut" | "tree-nuts" | "soy" | "sesame" | "mustard" | "fish" | "crustacean" | "sulphite";

type Facts = {
  diet: "veg" | "non-veg";
  /** kcal and protein (g) of the Small 250 g bowl. */
  small: { kcal: number; protein: number };
  allergens: Allergen[];
  /** The bowl's own dressing: the Dressing group's free default. */
  dressing: string;
  /** Ingredients a customer may ask to leave out (free); none where nothing sensibly comes out. */
  leaveOut: string[];
};

/** The salads' facts by slug; data, so it lives in catalogue-facts.json (checked by tests/unit/catalogue-facts.test.ts). */
export const facts: Record<string, Facts> = factsData as Record<string, Facts>;

/** Grams of Small, Medium and Large: the figures scale with the bowl. */
const SCALE = { small: 1, medium: 350 / 250, large: 400 / 250 } as const;

export function nutritionOf(slug: string) {
  const f = facts[slug];
  const at = (key: keyof typeof SCALE) => ({
    kcal: Math.round(f.small.kcal * SCALE[key]),
    protein: Math.round(f.small.protein * SCALE[key]),
  });
  return { small: at("small"), medium: at("medium"), large: at("large") };
}

type SeedChoice = { name: string; price: number; isDefault?: boolean };
type SeedGroup = { name: string; min: number; max: number; choices: SeedChoice[] };

const OTHER_DRESSINGS = ["Lemon-herb vinaigrette", "Mint yoghurt", "No dressing"];

const EXTRA_PROTEIN: SeedChoice[] = [
  { name: "Grilled chicken", price: 60 },
  { name: "Boiled egg", price: 25 },
  { name: "Paneer tikka", price: 50 },
];

const ADD_ONS: SeedChoice[] = [
  { name: "Avocado", price: 50 },
  { name: "Feta", price: 40 },
  { name: "Olives", price: 30 },
  { name: "Roasted seeds", price: 20 },
  { name: "Garlic croutons", price: 15 },
  { name: "Sweet corn", price: 15 },
];

/** The §8 groups of a seeded salad: Dressing on all, Extra protein on chicken and egg, Add-ons on all, Leave out where it fits. */
export function optionGroupsOf(slug: string, categorySlug: string): SeedGroup[] {
  const f = facts[slug];
  const dressings = [f.dressing, ...OTHER_DRESSINGS.filter((d) => d !== f.dressing)];
  const groups: SeedGroup[] = [
    { name: "Dressing", min: 1, max: 1, choices: dressings.map((name, i) => ({ name, price: 0, isDefault: i === 0 })) },
  ];
  if (categorySlug === "chicken-salads" || categorySlug === "egg-salads")
    groups.push({ name: "Extra protein", min: 0, max: 2, choices: EXTRA_PROTEIN });
  groups.push({ name: "Add-ons", min: 0, max: 3, choices: ADD_ONS });
  if (f.leaveOut.length > 0)
    groups.push({ name: "Leave out", min: 0, max: f.leaveOut.length, choices: f.leaveOut.map((name) => ({ name, price: 0 })) });
  return groups;
}
