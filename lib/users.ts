import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/schemas";
import { Conflict, Forbidden, NotFound } from "@/lib/errors";
import { ADMINS_ONLY, assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Role } from "@/lib/auth/types";

// Users for the admin area: the list with order counts, and role changes. Admins only.
// The shop always keeps at least one admin, and nobody changes their own role.

export const LAST_ADMIN = "There must be at least one admin.";
export const OWN_ROLE = "You cannot change your own role.";
const USER_NOT_FOUND = "User not found.";

/** The API's user (contract §4): never the password hash, tokens or session version. */
export type ApiUser = {
  id: string;
  _id: string;
  name: string;
  email: string;
  role: Role;
  confirmed: boolean;
  createdAt: string;
  orderCount: number;
};

const userSelect = {
  id: true,
  name: true,
  email: true,
  role: true,
  emailConfirmedAt: true,
  createdAt: true,
  _count: { select: { orders: true } },
} satisfies Prisma.UserSelect;

type UserRow = Prisma.UserGetPayload<{ select: typeof userSelect }>;

function toApiUser(row: UserRow): ApiUser {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    confirmed: row.emailConfirmedAt !== null,
    createdAt: row.createdAt.toISOString(),
    orderCount: row._count.orders,
  };
}

/** Every account, newest first, with how many orders each has placed. */
export async function listUsers(actor: SessionUser): Promise<ApiUser[]> {
  assertAdmin(actor);
  const rows = await db().user.findMany({ select: userSelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(toApiUser);
}

/**
 * Makes `id` an admin or a customer. The admin rows are locked (in id order, so two callers
 * never deadlock) before counting them: two admins demoting each other at the same moment are
 * serialised, and the second sees one admin left and is refused.
 */
export async function setRole(actor: SessionUser, id: string, role: Role): Promise<ApiUser> {
  assertAdmin(actor);
  if (!looksLikeRowId(id)) throw new NotFound(USER_NOT_FOUND);
  if (id === actor.id) throw new Forbidden(OWN_ROLE);

  return db().$transaction(async (tx) => {
    const admins = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE`;
    const adminIds = new Set(admins.map((a) => a.id));
    const target = await tx.user.findUnique({ where: { id }, select: { id: true, role: true } });
    if (!target) throw new NotFound(USER_NOT_FOUND);
    if (role === "user" && adminIds.has(id) && adminIds.size <= 1) throw new Conflict(LAST_ADMIN, {}, "last_admin");
    // The caller was an admin when the request began; someone may have demoted them since.
    if (!adminIds.has(actor.id)) throw new Forbidden(ADMINS_ONLY);
    if (target.role !== role) await tx.user.update({ where: { id }, data: { role }, select: { id: true } });
    return toApiUser(await tx.user.findUniqueOrThrow({ where: { id }, select: userSelect }));
  });
}
