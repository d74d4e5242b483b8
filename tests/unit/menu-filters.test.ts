import { describe, expect, it } from "vitest";
import { filterMenu, matchesFilters, menuFiltersFrom, menuQueryFrom, type MenuFilters } from "@/lib/menu/query";
import { menuItemInputSchema, menuItemUpdateSchema } from "@/lib/menu/schema";
import type { MenuGroup, MenuItemView, Nutrition } from "@/lib/menu/types";
import { DRESSING_GROUP } from "@/tests/support/option-groups";

// product.md §8's menu filters (veg only, high protein, free of allergens) and the admin's
// option-group rules, as pure functions.

const nutrition = (medium: number | null): Nutrition => ({
  small: { kcal: 300, protein: medium === null ? null : medium - 5 },
  medium: { kcal: 420, protein: medium },
  large: { kcal: 480, protein: medium === null ? null : medium + 3 },
});

function item(id: string, diet: "veg" | "non-veg", protein: number | null, allergens: MenuItemView["allergens"]): MenuItemView {
  return {
    id,
    slug: id,
    name: id,
    description: "",
    category: diet === "veg" ? { slug: "veg", name: "Veg" } : { slug: "chicken", name: "Chicken" },
    image: "",
    prices: { small: 100, medium: 140, large: 180 },
    available: true,
    diet,
    nutrition: nutrition(protein),
    allergens,
    optionGroups: [],
  };
}

const greek = item("greek", "veg", 11, ["milk"]);
const chaat = item("chaat", "veg", 14, ["gluten"]);
const paneer = item("paneer", "veg", 25, ["milk"]);
const chicken = item("chicken", "non-veg", 34, ["tree-nuts"]);
const unknown = item("unknown", "veg", null, []);
const groups: MenuGroup[] = [
  { category: { id: "1", slug: "veg", name: "Veg" }, items: [greek, chaat, paneer, unknown] },
  { category: { id: "2", slug: "chicken", name: "Chicken" }, items: [chicken] },
];
const ids = (g: MenuGroup[]) => g.flatMap((x) => x.items.map((i) => i.id));
const only = (filters: MenuFilters) => filterMenu(groups, { filters });

describe("menu filters (§8)", () => {
  it("reads the query string: diet=veg, protein=high, free=a,b; anything else is ignored", () => {
    expect(menuFiltersFrom({ diet: "veg", protein: "high", free: "milk, Gluten,tree nuts,bogus" })).toEqual({
      diet: "veg",
      highProtein: true,
      free: ["gluten", "milk", "tree-nuts"],
    });
    expect(menuFiltersFrom({ diet: "non-veg", protein: "low", free: ",," })).toEqual({});
    expect(menuFiltersFrom({})).toEqual({});
  });

  it("reads a whole query string, free given once with commas or repeated as a form sends it", () => {
    const query = menuQueryFrom(new URLSearchParams("category=veg&search=%20Paneer%20&diet=veg&free=milk&free=gluten"));
    expect(query).toEqual({ category: "veg", search: "Paneer", filters: { diet: "veg", free: ["gluten", "milk"] } });
    expect(menuQueryFrom(new URLSearchParams("search=%20%20&category="))).toEqual({ category: undefined, search: undefined, filters: {} });
  });

  it("reads ?favourites=1 as the customer's favourites only (§13); any other value is the whole menu, and the API's rule ignores it", () => {
    expect(menuQueryFrom(new URLSearchParams("favourites=1&diet=veg"))).toEqual({
      category: undefined,
      search: undefined,
      filters: { diet: "veg" },
      favourites: true,
    });
    for (const value of ["0", "yes", "", "true"])
      expect(menuQueryFrom(new URLSearchParams(`favourites=${value}`))).not.toHaveProperty("favourites");
    expect(ids(filterMenu(groups, menuQueryFrom(new URLSearchParams("favourites=1"))))).toEqual(ids(groups));
  });

  it("combines category, search (name or description, any case) and filters", () => {
    expect(ids(filterMenu(groups, menuQueryFrom(new URLSearchParams("category=veg"))))).toEqual(["greek", "chaat", "paneer", "unknown"]);
    expect(ids(filterMenu(groups, menuQueryFrom(new URLSearchParams("search=PANEER"))))).toEqual(["paneer"]);
    expect(ids(filterMenu(groups, menuQueryFrom(new URLSearchParams("category=chicken&diet=veg"))))).toEqual([]);
  });

  it("keeps veg bowls, bowls with at least 25 g protein in Medium, bowls free of the allergens, and all together", () => {
    expect(ids(only({ diet: "veg" }))).toEqual(["greek", "chaat", "paneer", "unknown"]);
    expect(ids(only({ highProtein: true }))).toEqual(["paneer", "chicken"]);
    expect(ids(only({ free: ["milk", "gluten"] }))).toEqual(["unknown", "chicken"]);
    expect(ids(only({ diet: "veg", highProtein: true, free: ["gluten"] }))).toEqual(["paneer"]);
    expect(ids(only({}))).toEqual(ids(groups));
  });

  it("drops categories left empty and treats unknown figures as not high in protein", () => {
    expect(only({ diet: "veg" }).map((g) => g.category.slug)).toEqual(["veg"]);
    expect(matchesFilters(unknown, { highProtein: true })).toBe(false);
    expect(matchesFilters(item("x", "veg", 24, []), { highProtein: true })).toBe(false);
  });
});

describe("menu item schema: §8 fields", () => {
  const base = { name: "Bowl", category: "Veg Salads", price: 150 };
  const dressing = DRESSING_GROUP;
  const issue = (body: unknown) => {
    const r = menuItemInputSchema.safeParse(body);
    return r.success ? null : { path: r.error.issues[0].path.join("."), message: r.error.issues[0].message };
  };

  it("takes diet, nutrition, allergens and option groups (choices default to available, not default)", () => {
    const r = menuItemInputSchema.parse({
      ...base,
      diet: "non-veg",
      nutrition: { small: { kcal: 300, protein: 20 }, medium: { kcal: 420, protein: 28 }, large: { kcal: null, protein: null } },
      allergens: ["milk", "egg", "milk"],
      optionGroups: [dressing, { name: "Add-ons", min: 0, max: 2, choices: [{ name: "Feta", price: 40 }] }],
    });
    expect(r.allergens).toEqual(["milk", "egg"]);
    expect(r.optionGroups?.[1].choices[0]).toEqual({ name: "Feta", price: 40, available: true, default: false });
  });

  it("names the broken field", () => {
    expect(issue({ ...base, diet: "vegan" })?.path).toBe("diet");
    expect(issue({ ...base, allergens: ["nuts"] })?.path).toBe("allergens.0");
    expect(
      issue({ ...base, nutrition: { small: { kcal: -1, protein: 1 }, medium: { kcal: 1, protein: 1 }, large: { kcal: 1, protein: 1 } } })
        ?.path,
    ).toBe("nutrition.small.kcal");
    expect(issue({ ...base, optionGroups: [{ ...dressing, min: 2 }] })?.path).toBe("optionGroups.0.min");
    expect(issue({ ...base, optionGroups: [{ ...dressing, choices: [{ name: "Lemon", price: -5 }] }] })?.path).toBe(
      "optionGroups.0.choices.0.price",
    );
    expect(issue({ ...base, optionGroups: [{ ...dressing, choices: [{ name: "Lemon", price: 10, default: true }] }] })?.path).toBe(
      "optionGroups.0.choices.0.default",
    );
    // A required group without a default would leave old clients' orders without a valid choice.
    expect(issue({ ...base, optionGroups: [{ ...dressing, choices: [{ name: "Lemon", price: 0 }] }] })?.path).toBe(
      "optionGroups.0.choices",
    );
    expect(issue({ ...base, optionGroups: [dressing, dressing] })?.path).toBe("optionGroups.1.name");
    expect(issue({ ...base, optionGroups: [{ ...dressing, choices: [] }] })?.path).toBe("optionGroups.0.choices");
    expect(menuItemUpdateSchema.safeParse({ optionGroups: "x" }).success).toBe(false);
  });
});
