import "server-only";
import { db } from "@/lib/db";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import type { ApiUser } from "@/lib/users/types";
import { toApiUser, userSelect } from "@/lib/users/rows";

// Users for the admin area: every account with its order count. Admins only.

/** Every account, newest first, with how many orders each has placed. */
export async function listUsers(actor: SessionUser): Promise<ApiUser[]> {
  assertAdmin(actor);
  const rows = await db().user.findMany({ select: userSelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(toApiUser);
}
