import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { PLACEHOLDER_IMAGE } from "@/lib/menu/image-url";
import type { ApiMenuItem, MenuItemView } from "@/lib/menu/types";
import { pick, withIds } from "@/lib/api-record";

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
    ...pick(row, ["id", "slug", "name", "description"]),
    category: pick(row.category, ["slug", "name"]),
    image: row.image || PLACEHOLDER_IMAGE,
    prices: { small: row.priceSmall, medium: row.priceMedium, large: row.priceLarge },
    available: row.available,
  };
}

export function toApiItem(item: MenuItemView): ApiMenuItem {
  return {
    ...withIds(item.id),
    ...pick(item, ["slug", "name", "description"]),
    category: item.category.name,
    price: item.prices.small,
    prices: { ...item.prices },
    ...pick(item, ["image", "available"]),
  };
}
