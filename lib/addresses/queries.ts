import "server-only";
import { db } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import type { SavedAddress } from "@/lib/addresses/types";
import { BOOK_ORDER, toSavedAddress } from "@/lib/addresses/rows";

// Reading the address book (product.md §13): everyone reads only their own, admins included.

/** GET /api/addresses, the checkout's choice and /account/addresses: the default first, then the newest. */
export async function listAddresses(viewer: SessionUser): Promise<SavedAddress[]> {
  const rows = await db().savedAddress.findMany({ where: { userId: viewer.id }, orderBy: BOOK_ORDER });
  return rows.map(toSavedAddress);
}
