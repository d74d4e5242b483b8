import type { OptionChoice, OptionGroup } from "@/lib/menu/types";

// Option groups for tests (product.md §8): as an admin sends one, and as the menu serves them.

// The smallest valid required group as an admin sends it (POST/PUT /api/menu), for tests that
// vary one of its rules.
export const DRESSING_GROUP = {
  name: "Dressing",
  min: 1,
  max: 1,
  choices: [
    { name: "Lemon", price: 0, default: true },
    { name: "Ranch", price: 0 },
  ],
};

/** A served choice: on sale and not a default unless `flags` say otherwise, so a fixture names only what is special. */
export function choice(
  id: string,
  name: string,
  price = 0,
  flags: Partial<Pick<OptionChoice, "available" | "default">> = {},
): OptionChoice {
  return { id, name, price, available: true, default: false, ...flags };
}

/** A served group: choose from `min` to `max` of `choices`. */
export function optionGroup(id: string, name: string, [min, max]: [number, number], choices: OptionChoice[]): OptionGroup {
  return { id, name, min, max, choices };
}

/**
 * Served groups one line each, with every rule and choice: "Dressing 1-1: Lemon ₹0 default, Ranch ₹0 sold out",
 * so a test compares all of them in one readable assertion.
 */
export function groupsInBrief(groups: OptionGroup[]): string[] {
  const brief = (c: OptionChoice) => [c.name, `₹${c.price}`, c.default && "default", !c.available && "sold out"].filter(Boolean).join(" ");
  return groups.map((g) => `${g.name} ${g.min}-${g.max}: ${g.choices.map(brief).join(", ")}`);
}
