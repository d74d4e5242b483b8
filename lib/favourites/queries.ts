import "server-only";
import { db } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { listMenu } from "@/lib/menu/queries";
import type { MenuItemView } from "@/lib/menu/types";
import type { ApiFavourite } from "@/lib/favourites/types";
import { toApiFavourite } from "@/lib/favourites/rows";

// A customer's favourites (product.md §13), their own only, the latest kept first. The items come
// from the cached menu, so they read as /menu and GET /api/menu show them.

type Kept = { item: MenuItemView; savedAt: Date };

async function keptBy(actor: SessionUser): Promise<Kept[]> {
  const [rows, groups] = await Promise.all([
    db().favourite.findMany({
      where: { userId: actor.id },
      orderBy: [{ savedAt: "desc" }, { menuItemId: "asc" }],
      select: { menuItemId: true, savedAt: true },
    }),
    listMenu(),
  ]);
  const items = new Map(groups.flatMap((g) => g.items).map((item) => [item.id, item]));
  // An item this instance's menu does not show yet (just added elsewhere) waits for the next read.
  return rows.flatMap(({ menuItemId, savedAt }) => {
    const item = items.get(menuItemId);
    return item ? [{ item, savedAt }] : [];
  });
}

export async function listFavourites(actor: SessionUser): Promise<ApiFavourite[]> {
  return (await keptBy(actor)).map(({ item, savedAt }) => toApiFavourite(item, savedAt));
}

/** For /account/favourites: the items, as the menu's cards take them. */
export async function listFavouriteItems(actor: SessionUser): Promise<MenuItemView[]> {
  return (await keptBy(actor)).map(({ item }) => item);
}
