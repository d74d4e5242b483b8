import "server-only";
import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/db/schema";
import { namedStatement, runIn } from "@/lib/db/named-sql";
import type { Transaction } from "@/lib/db/types";
import { Conflict, Invalid, NotFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { MAX_SAVED_ADDRESSES, type SavedAddress } from "@/lib/addresses/types";
import type { AddressChange, NewAddress } from "@/lib/addresses/schema";
import { ADDRESS_NOT_FOUND, toSavedAddress } from "@/lib/addresses/rows";

// Changing the address book (product.md §13). Every write works on the acting customer's own
// addresses only (another's is not found) and first locks that customer's row: two saves at once
// take turns, so the book never passes its limit and always has exactly one default.

const BOOK_FULL = `You can save at most ${MAX_SAVED_ADDRESSES} addresses. Delete one to add another.`;
const DEFAULT_STAYS = "One address is always the default: make another one the default instead.";

const LOCK_OWNER = namedStatement("addresses-lock-owner", `SELECT id FROM users WHERE id = :userId FOR UPDATE`);

function lockBook(tx: Transaction, userId: string) {
  return runIn(tx, LOCK_OWNER({ userId }));
}

async function ownAddress(tx: Transaction, actor: SessionUser, id: string) {
  const row = await tx.savedAddress.findFirst({ where: { id, userId: actor.id } });
  if (!row) throw new NotFound(ADDRESS_NOT_FOUND);
  return row;
}

/** Unsets the customer's current default: before another becomes it (one default, kept by an index). */
function clearDefault(tx: Transaction, userId: string) {
  return tx.savedAddress.updateMany({ where: { userId, isDefault: true }, data: { isDefault: false } });
}

/** POST /api/addresses: the first address saved is the default; `isDefault` makes a later one it. */
export async function createAddress(actor: SessionUser, input: NewAddress): Promise<SavedAddress> {
  const { isDefault, ...fields } = input;
  return db().$transaction(async (tx) => {
    await lockBook(tx, actor.id);
    const saved = await tx.savedAddress.count({ where: { userId: actor.id } });
    if (saved >= MAX_SAVED_ADDRESSES) throw new Conflict(BOOK_FULL, {}, "address_book_full");
    const makeDefault = saved === 0 || isDefault === true;
    if (makeDefault && saved > 0) await clearDefault(tx, actor.id);
    const row = await tx.savedAddress.create({ data: { ...fields, userId: actor.id, isDefault: makeDefault } });
    return toSavedAddress(row);
  });
}

/** PUT /api/addresses/{id}: any of the fields; `isDefault: true` moves the default here. */
export async function updateAddress(actor: SessionUser, id: string, change: AddressChange): Promise<SavedAddress> {
  if (!looksLikeRowId(id)) throw new NotFound(ADDRESS_NOT_FOUND);
  const { isDefault, ...fields } = change;
  return db().$transaction(async (tx) => {
    await lockBook(tx, actor.id);
    const row = await ownAddress(tx, actor, id);
    if (isDefault === false && row.isDefault) throw new Invalid(DEFAULT_STAYS, "isDefault");
    const becomesDefault = isDefault === true && !row.isDefault;
    if (becomesDefault) await clearDefault(tx, actor.id);
    const updated = await tx.savedAddress.update({
      where: { id },
      data: { ...fields, ...(becomesDefault ? { isDefault: true } : {}) },
    });
    return toSavedAddress(updated);
  });
}

/** DELETE /api/addresses/{id}: deleting the default makes the most recent remaining one the default. */
export async function deleteAddress(actor: SessionUser, id: string): Promise<{ message: string }> {
  if (!looksLikeRowId(id)) throw new NotFound(ADDRESS_NOT_FOUND);
  return db().$transaction(async (tx) => {
    await lockBook(tx, actor.id);
    const row = await ownAddress(tx, actor, id);
    await tx.savedAddress.delete({ where: { id } });
    if (row.isDefault) {
      const next = await tx.savedAddress.findFirst({
        where: { userId: actor.id },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        select: { id: true },
      });
      if (next) await tx.savedAddress.update({ where: { id: next.id }, data: { isDefault: true } });
    }
    return { message: "Address deleted." };
  });
}
