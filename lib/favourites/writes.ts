import "server-only";
import { db } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { NotFound } from "@/lib/errors";
import { isForeignKeyViolation, isUniqueViolation } from "@/lib/db/errors";
import { itemSelect, toView } from "@/lib/menu/rows";
import type { ApiFavourite } from "@/lib/favourites/types";
import { toApiFavourite } from "@/lib/favourites/rows";

// Keeping and letting go of a bowl (product.md §13). Each acts on the acting customer's own
// favourites only: there is no way to name anyone else's. Both are idempotent, so a double tap
// or a retry lands where one did.

const notFound = () => new NotFound("Menu item not found.");

async function itemOrThrow(menuItemId: string) {
  const row = await db().menuItem.findUnique({ where: { id: menuItemId }, select: itemSelect });
  if (!row) throw notFound();
  return toView(row);
}

/** Keeps the item; keeping it again keeps the first time it was kept. */
export async function saveFavourite(actor: SessionUser, menuItemId: string): Promise<ApiFavourite> {
  const item = await itemOrThrow(menuItemId);
  const where = { userId_menuItemId: { userId: actor.id, menuItemId } };
  const select = { savedAt: true } as const;
  try {
    const { savedAt } = await db().favourite.upsert({ where, create: { userId: actor.id, menuItemId }, update: {}, select });
    return toApiFavourite(item, savedAt);
  } catch (error) {
    // The item was deleted after it was read: it cannot be kept.
    if (isForeignKeyViolation(error)) throw notFound();
    // Two saves of the same item at once: the other one wrote it.
    if (isUniqueViolation(error)) return toApiFavourite(item, (await db().favourite.findUniqueOrThrow({ where, select })).savedAt);
    throw error;
  }
}

/** Lets the item go; an item that was not kept stays not kept. */
export async function removeFavourite(actor: SessionUser, menuItemId: string): Promise<{ message: string }> {
  const { count } = await db().favourite.deleteMany({ where: { userId: actor.id, menuItemId } });
  if (count === 0 && (await db().menuItem.count({ where: { id: menuItemId } })) === 0) throw notFound();
  return { message: "Removed from your favourites." };
}
