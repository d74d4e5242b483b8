import type { ChoiceFormValues, GroupFormValues, MenuItemFormValues } from "@/lib/menu/form-schema";
import type { MenuCategory, MenuItemView, PortionNutrition } from "@/lib/menu/types";
import { PLACEHOLDER_IMAGE } from "@/lib/menu/image-url";

// Between a menu item and the admin form's inputs (client-safe, pure): what the form shows for
// an item, the rows it adds, and which input a server's 400 `field` belongs to.

const text = (n: number | null) => (n === null ? "" : String(n));

const portionText = (p: PortionNutrition) => ({ kcal: text(p.kcal), protein: text(p.protein) });

/** A new choice: free, available, not a default. */
export function newChoice(): ChoiceFormValues {
  return { name: "", price: "0", available: true, default: false };
}

/** A new group: optional, up to one choice, with one blank choice (a group needs at least one). */
export function newGroup(): GroupFormValues {
  return { name: "", min: "0", max: "1", choices: [newChoice()] };
}

/** The form's values for `item`, or for a new item (no diet chosen yet: a wrong mark is worse than a question). */
export function formValuesOf(item: MenuItemView | null, categories: MenuCategory[]): MenuItemFormValues {
  if (!item) {
    const unknown = { kcal: "", protein: "" };
    return {
      name: "",
      description: "",
      category: categories[0]?.slug ?? "",
      image: "",
      prices: { small: "", medium: "", large: "" },
      available: true,
      diet: "",
      nutrition: { small: unknown, medium: unknown, large: unknown },
      allergens: [],
      optionGroups: [],
    };
  }
  return {
    name: item.name,
    description: item.description,
    category: item.category.slug,
    // The menu shows the placeholder for "no picture"; the form shows that as empty again.
    image: item.image === PLACEHOLDER_IMAGE ? "" : item.image,
    prices: { small: String(item.prices.small), medium: String(item.prices.medium), large: String(item.prices.large) },
    available: item.available,
    diet: item.diet,
    nutrition: {
      small: portionText(item.nutrition.small),
      medium: portionText(item.nutrition.medium),
      large: portionText(item.nutrition.large),
    },
    allergens: [...item.allergens],
    optionGroups: item.optionGroups.map((g) => ({
      id: g.id,
      name: g.name,
      min: String(g.min),
      max: String(g.max),
      choices: g.choices.map((c) => ({ id: c.id, name: c.name, price: String(c.price), available: c.available, default: c.default })),
    })),
  };
}

const PLAIN_FIELDS = new Set(["name", "description", "category", "image", "available", "diet", "allergens"]);

/**
 * The form path where a server 400's `field` is shown: the input itself where there is one, the
 * name of the group or choice whose id was refused, a group's choice list for rules about the
 * list (`…choices.root`), and undefined for anything else (the form shows that above its buttons).
 */
export function formPathOf(field: string | undefined): string | undefined {
  if (!field) return undefined;
  if (field === "price" || field === "prices") return "prices.small";
  if (PLAIN_FIELDS.has(field) || /^prices\.(small|medium|large)$/.test(field)) return field;
  if (/^allergens\.\d+$/.test(field)) return "allergens";
  if (/^nutrition\.(small|medium|large)\.(kcal|protein)$/.test(field)) return field;
  if (/^nutrition(\.(small|medium|large))?$/.test(field)) return `${field === "nutrition" ? "nutrition.small" : field}.kcal`;
  const choice = /^(optionGroups\.\d+\.choices\.\d+)\.(\w+)$/.exec(field);
  if (choice) return ["name", "price", "default", "available"].includes(choice[2]) ? field : `${choice[1]}.name`;
  if (/^optionGroups\.\d+\.choices$/.test(field)) return `${field}.root`;
  const group = /^(optionGroups\.\d+)\.(\w+)$/.exec(field);
  if (group) return ["name", "min", "max"].includes(group[2]) ? field : `${group[1]}.name`;
  return undefined;
}
