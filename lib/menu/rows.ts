import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { PLACEHOLDER_IMAGE } from "@/lib/menu/schema";
import type { ApiMenuItem, MenuItemView } from "@/lib/menu/types";

// How a menu_items row becomes the pages' shape (MenuItemView) and the API's (ApiMenuItem).
// The reads (queries.ts) and the writes (writes.ts) select and map rows the same way.

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
  category: { select: { slug: true, name: true } },
} as const satisfies Prisma.MenuItemSelect;

type ItemRow = Prisma.MenuItemGetPayload<{ select: typeof itemSelect }>;

export function toView(row: ItemRow): MenuItemView {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    category: { slug: row.category.slug, name: row.category.name },
    image: row.image || PLACEHOLDER_IMAGE,
    prices: { small: row.priceSmall, medium: row.priceMedium, large: row.priceLarge },
    available: row.available,
  };
}

export function toApiItem(item: MenuItemView): ApiMenuItem {
  return {
    id: item.id,
    _id: item.id,
    slug: item.slug,
    name: item.name,
    description: item.description,
    category: item.category.name,
    price: item.prices.small,
    prices: { ...item.prices },
    image: item.image,
    available: item.available,
  };
}
