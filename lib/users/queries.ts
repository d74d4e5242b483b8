import "server-only";
import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/db/schema";
import { beforeDate, olderThan } from "@/lib/db/keyset";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ApiUser } from "@/lib/users/types";
import { toApiUser, userSelect } from "@/lib/users/rows";
import type { UserListQuery } from "@/lib/users/schema";
import { Invalid } from "@/lib/errors";

// Users for the admin area: accounts with their order counts (kept beside each account by the
// database, migration user_order_counts), newest first. Admins only.

const NEWEST_FIRST = [{ createdAt: "desc" }, { id: "desc" }] satisfies Prisma.UserOrderByWithRelationInput[];

/** Where a page of GET /api/users starts: before a date, or after an account (400 `before` for anything else). */
async function beforeCursor(before: string): Promise<Prisma.UserWhereInput> {
  const date = beforeDate(before, "before must be an ISO date or an account id");
  if (date) return date;
  const cursor = await afterCursor(before);
  if (!cursor) throw new Invalid("before must be an ISO date or an account id", "before");
  return cursor;
}

/** Accounts a page at a time, newest first: GET /api/users (`?limit=&before=`, lib/users/schema.ts). */
export async function listUsers(actor: SessionUser, query: UserListQuery): Promise<ApiUser[]> {
  assertAdmin(actor);
  const where = query.before ? await beforeCursor(query.before) : {};
  const rows = await db().user.findMany({ where, select: userSelect, orderBy: NEWEST_FIRST, take: query.limit });
  return rows.map(toApiUser);
}

export type UsersPageQuery = {
  /** Part of a name or an e-mail address, any case. */
  search?: string;
  /** The id of the last account of the page before; a stale or made-up one starts from the newest. */
  after?: string;
  limit: number;
};

function matching(search: string | undefined): Prisma.UserWhereInput {
  if (!search) return {};
  return { OR: [{ name: { contains: search, mode: "insensitive" } }, { email: { contains: search, mode: "insensitive" } }] };
}

async function afterCursor(after: string | undefined): Promise<Prisma.UserWhereInput | null> {
  if (!looksLikeRowId(after)) return null;
  const cursor = await db().user.findUnique({ where: { id: after }, select: { id: true, createdAt: true } });
  if (!cursor) return null;
  return olderThan(cursor);
}

/**
 * /admin/users: the shop's staff (every account that is not a plain customer: few, and the ones an
 * admin looks for) on the first page, then one page of customers, newest first; and how many
 * accounts and admins the shop has. `more` says whether older customers follow; `after` is null
 * when the page starts from the newest.
 */
export async function usersPage(
  actor: SessionUser,
  query: UsersPageQuery,
): Promise<{
  staff: ApiUser[];
  customers: ApiUser[];
  more: boolean;
  after: string | null;
  accounts: number;
  admins: number;
  found: number;
}> {
  assertAdmin(actor);
  const search = matching(query.search);
  const cursor = await afterCursor(query.after);
  const customers: Prisma.UserWhereInput = { AND: [search, { role: "user" }, ...(cursor ? [cursor] : [])] };
  const [staff, rows, roles, found] = await Promise.all([
    cursor ? [] : db().user.findMany({ where: { AND: [search, { role: { not: "user" } }] }, select: userSelect, orderBy: NEWEST_FIRST }),
    db().user.findMany({ where: customers, select: userSelect, orderBy: NEWEST_FIRST, take: query.limit + 1 }),
    db().user.groupBy({ by: ["role"], _count: { _all: true } }),
    query.search ? db().user.count({ where: search }) : null,
  ]);
  const accounts = roles.reduce((sum, r) => sum + r._count._all, 0);
  const admins = roles.find((r) => r.role === "admin")?._count._all ?? 0;
  return {
    staff: staff.map(toApiUser),
    customers: rows.slice(0, query.limit).map(toApiUser),
    more: rows.length > query.limit,
    after: cursor ? (query.after ?? null) : null,
    accounts,
    admins,
    found: found ?? accounts,
  };
}
