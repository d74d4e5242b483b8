import "server-only";
import { toApiItem } from "@/lib/menu/rows";
import type { MenuItemView } from "@/lib/menu/types";
import type { ApiFavourite } from "@/lib/favourites/types";

/** A favourite as the API gives it: the menu's own shape of the item, plus `menuItemId` and `savedAt`. */
export function toApiFavourite(item: MenuItemView, savedAt: Date): ApiFavourite {
  return { ...toApiItem(item), menuItemId: item.id, savedAt: savedAt.toISOString() };
}
