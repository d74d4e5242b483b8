import "server-only";
import { namedStatement, rowsIn } from "@/lib/db/named-sql";
import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/db/schema";
import { Conflict, Forbidden, NotFound } from "@/lib/errors";
import { ADMINS_ONLY, assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import type { Role } from "@/lib/auth/types";
import type { ApiUser } from "@/lib/users/types";
import { toApiUser, userSelect } from "@/lib/users/rows";

// Role changes: a customer, an admin or a rider (product.md §12). The shop always keeps at least
// one admin, and nobody changes their own role.

export const LAST_ADMIN = "There must be at least one admin.";
export const OWN_ROLE = "You cannot change your own role.";
export const USER_NOT_FOUND = "User not found.";

/** Every admin's row, locked: two demotions at once are serialised. */
const LOCK_ADMINS = namedStatement("users-lock-admins", `SELECT id FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE`);

/**
 * Makes `id` an admin, a rider or a customer. The admin rows are locked (in id order, so two callers
 * never deadlock) before counting them: two admins demoting each other at the same moment are
 * serialised, and the second sees one admin left and is refused.
 */
export async function setRole(actor: SessionUser, id: string, role: Role): Promise<ApiUser> {
  assertAdmin(actor);
  if (!looksLikeRowId(id)) throw new NotFound(USER_NOT_FOUND);
  if (id === actor.id) throw new Forbidden(OWN_ROLE);

  return db().$transaction(async (tx) => {
    const admins = await rowsIn<{ id: string }>(tx, LOCK_ADMINS({}));
    const adminIds = new Set(admins.map((a) => a.id));
    const target = await tx.user.findUnique({ where: { id }, select: { id: true, role: true } });
    if (!target) throw new NotFound(USER_NOT_FOUND);
    if (role !== "admin" && adminIds.has(id) && adminIds.size <= 1) throw new Conflict(LAST_ADMIN, {}, "last_admin");
    // The caller was an admin when the request began; someone may have demoted them since.
    if (!adminIds.has(actor.id)) throw new Forbidden(ADMINS_ONLY);
    if (target.role !== role) await tx.user.update({ where: { id }, data: { role }, select: { id: true } });
    return toApiUser(await tx.user.findUniqueOrThrow({ where: { id }, select: userSelect }));
  });
}
