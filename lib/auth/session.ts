import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { pool } from "@/lib/db";
import { Unauthorized } from "@/lib/errors";
import { assertAdmin } from "@/lib/auth/authorize";
import type { Role } from "@/lib/auth/types";
import { decodeSession, sessionCookieName, type SessionClaims } from "@/lib/auth/jwt";

export type SessionUser = { id: string; name: string; email: string; role: Role };

function bearer(authorization: string | null): string | undefined {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** What the database holds for a session's user, to hold the session against (sessionUserFrom). */
type SessionRow = SessionUser & { sessionVersion: number; confirmed: boolean };

// Every signed-in request runs this, so it is one prepared statement on the pool rather than a
// Prisma query (Prisma 7 compiles each query first; measured in bench/README.md).
const SESSION_USER = {
  name: "session-user",
  text: `SELECT json_build_object('id', id, 'name', name, 'email', email, 'role', role,
  'sessionVersion', session_version, 'confirmed', email_confirmed_at IS NOT NULL) AS row FROM users WHERE id = $1`,
};

/** The session's user if the session still holds: same session version, address confirmed. */
function sessionUserFrom(row: SessionRow | null | undefined, claims: SessionClaims): SessionUser | null {
  if (!row || row.id !== claims.sub || row.sessionVersion !== claims.sv || !row.confirmed) return null;
  return { id: row.id, name: row.name, email: row.email, role: row.role };
}

/** The signed-in user for a raw session token, checked against the database on every call. */
export async function userFromSessionToken(token: string | undefined): Promise<SessionUser | null> {
  if (!token) return null;
  const claims = await decodeSession(token);
  if (!claims) return null;
  const { rows } = await pool().query<{ row: SessionRow }>({ ...SESSION_USER, values: [claims.sub] });
  return sessionUserFrom(rows[0]?.row, claims);
}

function tokenFrom(authorization: string | null, cookie: string | undefined) {
  return bearer(authorization) ?? cookie;
}

/** A cookie that is not valid percent-encoding is no token (not a 500). */
function decodedOrNothing(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

function sessionTokenOf(req: Request): string | undefined {
  const cookieHeader = req.headers.get("cookie") ?? "";
  const name = sessionCookieName();
  const cookie = cookieHeader
    .split(/;\s*/)
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  return tokenFrom(req.headers.get("authorization"), cookie ? decodedOrNothing(cookie) : undefined);
}

/** The caller of a route handler: `Authorization: Bearer` first, else the session cookie. */
export async function callerOf(req: Request): Promise<SessionUser | null> {
  return userFromSessionToken(sessionTokenOf(req));
}

export async function requireUser(req: Request): Promise<SessionUser> {
  const user = await callerOf(req);
  if (!user) throw new Unauthorized();
  return user;
}

export async function requireAdmin(req: Request): Promise<SessionUser> {
  const user = await requireUser(req);
  assertAdmin(user);
  return user;
}

/** The signed-in user for Server Components and server actions (once per request). */
export const currentUser = cache(async (): Promise<SessionUser | null> => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  // Whether a session still holds depends on the clock and the database: never part of a
  // prerender, not even one made with the request's cookies.
  await connection();
  return userFromSessionToken(tokenFrom(headerList.get("authorization"), cookieStore.get(sessionCookieName())?.value));
});

/** For signed-in pages: redirects to /login?next=<path> when there is no valid session. */
export async function requirePageUser(path: string): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect(`/login?next=${encodeURIComponent(path)}`);
  return user;
}

export async function requirePageAdmin(path: string): Promise<SessionUser> {
  const user = await requirePageUser(path);
  if (user.role !== "admin") redirect("/");
  return user;
}

/** The rider's page (product.md §12): riders and admins; anyone else goes home. */
export async function requirePageRider(path: string): Promise<SessionUser> {
  const user = await requirePageUser(path);
  if (user.role !== "rider" && user.role !== "admin") redirect("/");
  return user;
}
