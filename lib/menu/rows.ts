import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { PLACEHOLDER_IMAGE } from "@/lib/menu/image-url";
import { ALLERGENS, type Allergen } from "@/lib/menu/facts";
import type { ApiMenuItem, BowlFacts, MenuItemView } from "@/lib/menu/types";
import { pick, withIds } from "@/lib/api-record";

// How a menu_items row becomes the pages' shape (MenuItemView) and the API's (ApiMenuItem).
// The reads (queries.ts) and the writes (writes.ts) select and map rows the same way.

const byPosition = [{ position: "asc" as const }, { id: "asc" as const }];

export const itemSelect = {
  id: true,
  slug: true,
  name: true,
  description: true,
  image: true,
  priceSmall: true,
  priceMedium: true,
  priceLarge: true,
  available: true,
  diet: true,
  kcalSmall: true,
  kcalMedium: true,
  kcalLarge: true,
  proteinSmall: true,
  proteinMedium: true,
  proteinLarge: true,
  allergens: true,
  category: { select: { slug: true, name: true } },
  optionGroups: {
    select: {
      id: true,
      name: true,
      min: true,
      max: true,
      choices: { select: { id: true, name: true, price: true, available: true, isDefault: true }, orderBy: byPosition },
    },
    orderBy: byPosition,
  },
} as const satisfies Prisma.MenuItemSelect;

type ItemRow = Prisma.MenuItemGetPayload<{ select: typeof itemSelect }>;

function factsOf(row: ItemRow): BowlFacts {
  return {
    diet: row.diet === "non_veg" ? "non-veg" : "veg",
    nutrition: {
      small: { kcal: row.kcalSmall, protein: row.proteinSmall },
      medium: { kcal: row.kcalMedium, protein: row.proteinMedium },
      large: { kcal: row.kcalLarge, protein: row.proteinLarge },
    },
    // Only the §8 list's names, in its order (the column is plain text).
    allergens: ALLERGENS.filter((a: Allergen) => row.allergens.includes(a)),
    optionGroups: row.optionGroups.map((g) => ({
      ...pick(g, ["id", "name", "min", "max"]),
      choices: g.choices.map((c) => ({ ...pick(c, ["id", "name", "price", "available"]), default: c.isDefault })),
    })),
  };
}

export function toView(row: ItemRow): MenuItemView {
  return {
    ...pick(row, ["id", "slug", "name", "description"]),
    category: pick(row.category, ["slug", "name"]),
    image: row.image || PLACEHOLDER_IMAGE,
    prices: { small: row.priceSmall, medium: row.priceMedium, large: row.priceLarge },
    available: row.available,
    ...factsOf(row),
  };
}

export function toApiItem(item: MenuItemView): ApiMenuItem {
  return {
    ...withIds(item.id),
    ...pick(item, ["slug", "name", "description"]),
    category: item.category.name,
    price: item.prices.small,
    prices: { ...item.prices },
    ...pick(item, ["image", "available", "diet", "nutrition", "allergens", "optionGroups"]),
  };
}
