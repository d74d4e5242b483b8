import { describe, expect, it } from "vitest";
import { menuItemFormSchema, type MenuItemFormValues } from "@/lib/menu/form-schema";
import { formPathOf, formValuesOf, newGroup } from "@/lib/menu/form-values";
import { menuItemInputSchema, menuItemUpdateSchema } from "@/lib/menu/schema";
import type { MenuItemView } from "@/lib/menu/types";
import { PLACEHOLDER_IMAGE } from "@/lib/menu/image-url";

// The admin menu form <-> the API: what the form shows for an item, what it sends, and that its
// rules and messages are the API's own (lib/menu/form-schema.ts pipes into the API's schemas).

const ID = (n: number) => `c${String(n).padStart(24, "0")}`;

const item: MenuItemView = {
  id: ID(1),
  slug: "paneer-tikka-salad",
  name: "Paneer Tikka Salad",
  description: "Grilled paneer",
  category: { slug: "veg-salads", name: "Veg Salads" },
  image: PLACEHOLDER_IMAGE,
  prices: { small: 149, medium: 189, large: 229 },
  available: true,
  diet: "veg",
  nutrition: { small: { kcal: 320, protein: 18 }, medium: { kcal: 450, protein: 25 }, large: { kcal: null, protein: null } },
  allergens: ["milk", "tree-nuts"],
  optionGroups: [
    {
      id: ID(2),
      name: "Dressing",
      min: 1,
      max: 1,
      choices: [
        { id: ID(3), name: "Lemon herb", price: 0, available: true, default: true },
        { id: ID(4), name: "Ranch", price: 20, available: false, default: false },
      ],
    },
  ],
};

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);

describe("formValuesOf", () => {
  it("shows an item's numbers as text, unknown figures and no picture as blank, ids kept", () => {
    const values = formValuesOf(item, []);
    expect(values.image).toBe("");
    expect(values.prices).toEqual({ small: "149", medium: "189", large: "229" });
    expect(values.nutrition.large).toEqual({ kcal: "", protein: "" });
    expect(values.nutrition.small).toEqual({ kcal: "320", protein: "18" });
    expect(values.optionGroups[0]).toMatchObject({ id: ID(2), min: "1", max: "1" });
    expect(values.optionGroups[0].choices[1]).toEqual({ id: ID(4), name: "Ranch", price: "20", available: false, default: false });
  });

  it("round-trips: the form sends back exactly the item's facts, in the API's shape", () => {
    const parsed = menuItemFormSchema.parse(formValuesOf(item, []));
    expect(parsed).toMatchObject({
      diet: item.diet,
      nutrition: item.nutrition,
      allergens: item.allergens,
      optionGroups: item.optionGroups,
      prices: item.prices,
    });
    // ...and PUT /api/menu takes it unchanged.
    expect(menuItemUpdateSchema.parse(parsed)).toEqual(parsed);
  });

  it("starts a new item with no diet, so the admin must choose one", () => {
    const values = formValuesOf(null, [{ id: "x", slug: "egg-salads", name: "Egg Salads" }]);
    expect(values.category).toBe("egg-salads");
    expect(values.diet).toBe("");
    const filled: MenuItemFormValues = { ...values, name: "Egg Bowl", prices: { small: "1", medium: "2", large: "3" } };
    expect(issuesOf(menuItemFormSchema.safeParse(filled))).toEqual(["diet: Diet must be veg or non-veg"]);
    expect(menuItemFormSchema.safeParse({ ...filled, diet: "non-veg" }).success).toBe(true);
  });
});

describe("menuItemFormSchema applies the API's rules with its messages", () => {
  const values = () => formValuesOf(item, []);

  it("blank nutrition is unknown (null); anything but whole numbers gets the API's message at that box", () => {
    const v = values();
    v.nutrition.small = { kcal: " ", protein: "12.5" };
    v.nutrition.medium = { kcal: "-3", protein: "abc" };
    expect(issuesOf(menuItemFormSchema.safeParse(v))).toEqual([
      "nutrition.small.protein: Small protein must be a whole number from 0 to 500",
      "nutrition.medium.kcal: Medium kcal must be a whole number from 0 to 5000",
      "nutrition.medium.protein: Medium protein must be a whole number from 0 to 500",
    ]);
  });

  it("min above max and a default that is not free: the same issues, at the same paths, as POST /api/menu", () => {
    const v = values();
    v.optionGroups[0].min = "2";
    v.optionGroups[0].choices[0].price = "15";
    const fromForm = issuesOf(menuItemFormSchema.safeParse(v));
    expect(fromForm).toContain("optionGroups.0.min: Group min must not be above its max");
    expect(fromForm).toContain("optionGroups.0.choices.0.default: A default choice must be free and available");

    const body = {
      name: item.name,
      category: "veg-salads",
      prices: item.prices,
      optionGroups: [
        { ...item.optionGroups[0], min: 2, choices: [{ ...item.optionGroups[0].choices[0], price: 15 }, item.optionGroups[0].choices[1]] },
      ],
    };
    expect(issuesOf(menuItemInputSchema.safeParse(body))).toEqual(fromForm);
  });

  it("a blank choice price or group max is refused, not read as 0", () => {
    const v = values();
    v.optionGroups[0].max = "";
    v.optionGroups.push({ ...newGroup(), name: "Add-ons" });
    v.optionGroups[1].choices[0] = { name: "Feta", price: "", available: true, default: false };
    expect(issuesOf(menuItemFormSchema.safeParse(v))).toEqual([
      "optionGroups.0.max: Group max must be a whole number from 1 to 20",
      "optionGroups.1.choices.0.price: Choice price must be a whole number of rupees from 0 to 100000",
    ]);
  });

  it("a new group as added is valid once named and its choice named", () => {
    const v = values();
    const group = newGroup();
    group.name = "Add-ons";
    group.choices[0].name = "Feta";
    v.optionGroups.push(group);
    const parsed = menuItemFormSchema.parse(v);
    expect(parsed.optionGroups[1]).toEqual({
      name: "Add-ons",
      min: 0,
      max: 1,
      choices: [{ name: "Feta", price: 0, available: true, default: false }],
    });
  });
});

describe("formPathOf: where a server 400 is shown", () => {
  it.each([
    ["price", "prices.small"],
    ["prices.large", "prices.large"],
    ["category", "category"],
    ["diet", "diet"],
    ["allergens.3", "allergens"],
    ["nutrition.medium.protein", "nutrition.medium.protein"],
    ["nutrition", "nutrition.small.kcal"],
    ["optionGroups.1.max", "optionGroups.1.max"],
    ["optionGroups.1.id", "optionGroups.1.name"],
    ["optionGroups.0.choices.2.price", "optionGroups.0.choices.2.price"],
    ["optionGroups.0.choices.2.id", "optionGroups.0.choices.2.name"],
    ["optionGroups.0.choices", "optionGroups.0.choices.root"],
  ])("%s -> %s", (field, path) => {
    expect(formPathOf(field)).toBe(path);
  });

  it.each([undefined, "", "optionGroups", "slug", "__proto__"])("%s has no field of its own", (field) => {
    expect(formPathOf(field)).toBeUndefined();
  });
});
