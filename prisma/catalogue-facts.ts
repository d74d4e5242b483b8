// What is in each of the 18 opening salads (product.md §8): diet, energy and protein of the Small
// (250 g) portion, allergens, and the option groups. Medium (350 g) and Large (400 g) scale the
// Small figures by weight. Figures are estimates from the ingredients in each description.

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

export const facts: Record<string, Facts> = {
  "grilled-chicken-caesar": {
    diet: "non-veg",
    small: { kcal: 330, protein: 24 },
    allergens: ["gluten", "milk", "egg", "fish", "mustard"],
    dressing: "Creamy Caesar",
    leaveOut: ["Croutons", "Parmesan"],
  },
  "tandoori-chicken-crunch": {
    diet: "non-veg",
    small: { kcal: 290, protein: 23 },
    allergens: ["milk", "gluten"],
    dressing: "Mint-yoghurt drizzle",
    leaveOut: ["Pickled onion", "Sev"],
  },
  "honey-mustard-chicken": {
    diet: "non-veg",
    small: { kcal: 310, protein: 22 },
    allergens: ["mustard", "tree-nuts"],
    dressing: "Honey-mustard vinaigrette",
    leaveOut: ["Almonds", "Sweet corn"],
  },
  "peri-peri-chicken-bowl": {
    diet: "non-veg",
    small: { kcal: 360, protein: 24 },
    allergens: [],
    dressing: "Peri peri lime",
    leaveOut: ["Red beans", "Bell peppers"],
  },
  "chicken-avocado-cobb": {
    diet: "non-veg",
    small: { kcal: 380, protein: 26 },
    allergens: ["egg", "milk"],
    dressing: "Light ranch",
    leaveOut: ["Boiled egg", "Feta"],
  },
  "thai-peanut-chicken": {
    diet: "non-veg",
    small: { kcal: 340, protein: 23 },
    allergens: ["peanut", "soy", "gluten"],
    dressing: "Lime-chilli peanut",
    leaveOut: ["Coriander", "Purple cabbage"],
  },
  "pesto-chicken-pasta-salad": {
    diet: "non-veg",
    small: { kcal: 420, protein: 22 },
    allergens: ["gluten", "milk", "tree-nuts"],
    dressing: "Basil pesto",
    leaveOut: ["Pine nuts", "Sun-dried tomatoes"],
  },
  "mediterranean-chicken-quinoa": {
    diet: "non-veg",
    small: { kcal: 340, protein: 23 },
    allergens: [],
    dressing: "Lemon-oregano",
    leaveOut: ["Olives", "Cucumber"],
  },
  "classic-greek-salad": {
    diet: "veg",
    small: { kcal: 260, protein: 8 },
    allergens: ["milk"],
    dressing: "Extra-virgin olive oil",
    leaveOut: ["Red onion", "Olives", "Feta"],
  },
  "paneer-tikka-salad": {
    diet: "veg",
    small: { kcal: 330, protein: 16 },
    allergens: ["milk"],
    dressing: "Green chutney",
    leaveOut: ["Charred onion", "Capsicum"],
  },
  "chickpea-chaat-salad": {
    diet: "veg",
    small: { kcal: 280, protein: 10 },
    allergens: ["gluten"],
    dressing: "Tamarind chaat",
    leaveOut: ["Onion", "Papdi"],
  },
  "quinoa-rainbow-bowl": {
    diet: "veg",
    small: { kcal: 290, protein: 11 },
    allergens: ["soy", "sesame"],
    dressing: "Sesame-ginger",
    leaveOut: ["Beetroot", "Sweet corn"],
  },
  "watermelon-feta-mint": {
    diet: "veg",
    small: { kcal: 200, protein: 6 },
    allergens: ["milk", "sulphite"],
    dressing: "Balsamic glaze",
    leaveOut: ["Feta", "Rocket"],
  },
  "caprese-pesto-salad": {
    diet: "veg",
    small: { kcal: 300, protein: 12 },
    allergens: ["milk", "tree-nuts", "sulphite"],
    dressing: "Pesto and aged balsamic",
    leaveOut: [],
  },
  "egg-caesar-salad": {
    diet: "non-veg",
    small: { kcal: 300, protein: 17 },
    allergens: ["egg", "milk", "gluten", "fish", "mustard"],
    dressing: "Classic Caesar",
    leaveOut: ["Croutons", "Parmesan"],
  },
  "masala-egg-salad": {
    diet: "non-veg",
    small: { kcal: 210, protein: 14 },
    allergens: ["egg"],
    dressing: "Lemon and chaat masala",
    leaveOut: ["Onion", "Green chilli"],
  },
  "egg-avocado-protein-bowl": {
    diet: "non-veg",
    small: { kcal: 370, protein: 19 },
    allergens: ["egg", "sesame"],
    dressing: "Lemon-tahini",
    leaveOut: ["Chickpeas", "Seeds"],
  },
  "egg-cobb-salad": {
    diet: "non-veg",
    small: { kcal: 320, protein: 17 },
    allergens: ["egg", "milk"],
    dressing: "Honey-lime",
    leaveOut: ["Cheddar", "Sweet corn"],
  },
};

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
