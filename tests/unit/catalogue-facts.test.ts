import { describe, expect, it } from "vitest";
import { catalogue } from "@/prisma/catalogue";
import { ALLERGENS } from "@/lib/menu/facts";
import { facts, nutritionOf, optionGroupsOf } from "@/prisma/catalogue-facts";

// The seed's §8 facts for the 18 opening salads: every salad has them, they are plausible for
// 250 / 350 / 400 g, egg and chicken bowls are non-veg, and the groups are the ones §8 names.

const salads = catalogue.flatMap((c) => c.items.map((item) => ({ ...item, category: c.slug })));

describe("the opening salads' facts", () => {
  it("cover exactly the 18 salads", () => {
    expect(Object.keys(facts).sort()).toEqual(salads.map((s) => s.slug).sort());
  });

  it.each(salads)("$slug: figures scale with the portion's weight and stay plausible", ({ slug, category }) => {
    const n = nutritionOf(slug);
    expect(n.small.kcal).toBeGreaterThanOrEqual(150);
    expect(n.large.kcal).toBeLessThanOrEqual(750);
    expect(n.medium.kcal / n.small.kcal).toBeCloseTo(1.4, 1);
    expect(n.large.kcal / n.small.kcal).toBeCloseTo(1.6, 1);
    expect(n.small.protein * 4).toBeLessThan(n.small.kcal); // protein is 4 kcal a gram
    expect(facts[slug].diet).toBe(category === "veg-salads" ? "veg" : "non-veg");
    if (category === "egg-salads") expect(facts[slug].allergens).toContain("egg");
    // The JSON holds plain strings: each must be a §8 allergen, once.
    expect(ALLERGENS).toEqual(expect.arrayContaining(facts[slug].allergens));
    expect(new Set(facts[slug].allergens).size).toBe(facts[slug].allergens.length);
  });

  it.each(salads)(
    "$slug: Dressing (exactly 1, free, one default), Add-ons (0–3, priced), Extra protein on chicken and egg bowls",
    ({ slug, category }) => {
      const groups = optionGroupsOf(slug, category);
      const dressing = groups.find((g) => g.name === "Dressing")!;
      expect([dressing.min, dressing.max]).toEqual([1, 1]);
      expect(dressing.choices.every((c) => c.price === 0)).toBe(true);
      expect(dressing.choices.filter((c) => c.isDefault)).toHaveLength(1);
      const addOns = groups.find((g) => g.name === "Add-ons")!;
      expect([addOns.min, addOns.max]).toEqual([0, 3]);
      expect(addOns.choices.every((c) => c.price > 0)).toBe(true);
      const protein = groups.find((g) => g.name === "Extra protein");
      if (category === "veg-salads") expect(protein).toBeUndefined();
      else expect([protein?.min, protein?.max]).toEqual([0, 2]);
      const leaveOut = groups.find((g) => g.name === "Leave out");
      if (leaveOut) expect(leaveOut.choices.every((c) => c.price === 0) && leaveOut.min === 0).toBe(true);
    },
  );
});

describe("the opening menu answers the filters a customer combines", () => {
  it("has a veg, nut-free bowl with at least 25 g of protein in its Medium portion", () => {
    const found = salads.filter(
      ({ slug }) =>
        facts[slug].diet === "veg" &&
        nutritionOf(slug).medium.protein >= 25 &&
        !facts[slug].allergens.some((a) => a === "peanut" || a === "tree-nuts"),
    );
    expect(found.map((s) => s.slug)).toContain("paneer-tikka-salad");
  });
});
