import { cache } from "react";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { pool } from "@/lib/db";
import { Forbidden, Unauthorized } from "@/lib/errors";
import { decodeSession, sessionCookieName } from "@/lib/auth/jwt";

export type SessionUser = { id: string; name: string; email: string; role: "user" | "admin" };

function bearer(authorization: string | null): string | undefined {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

// Every signed-in request runs this, so it is one prepared statement on the pool rather than a
// Prisma query (Prisma 7 compiles each query first; measured in bench/README.md).
const SESSION_USER = {
  name: "session-user",
  text: `SELECT id, name, email, role, session_version AS "sessionVersion", email_confirmed_at IS NOT NULL AS confirmed
         FROM users WHERE id = $1`,
};

type SessionRow = SessionUser & { sessionVersion: number; confirmed: boolean };

/** The signed-in user for a raw session token, checked against the database on every call. */
export async function userFromSessionToken(token: string | undefined): Promise<SessionUser | null> {
  if (!token) return null;
  const claims = await decodeSession(token);
  if (!claims) return null;
  const { rows } = await pool().query<SessionRow>({ ...SESSION_USER, values: [claims.sub] });
  const user = rows[0];
  if (!user || user.sessionVersion !== claims.sv || !user.confirmed) return null;
  return { id: user.id, name: user.name, email: user.email, role: user.role };
}

function tokenFrom(authorization: string | null, cookie: string | undefined) {
  return bearer(authorization) ?? cookie;
}

/** The caller of a route handler: `Authorization: Bearer` first, else the session cookie. */
export async function callerOf(req: Request): Promise<SessionUser | null> {
  const cookieHeader = req.headers.get("cookie") ?? "";
  const name = sessionCookieName();
  const cookie = cookieHeader
    .split(/;\s*/)
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  return userFromSessionToken(tokenFrom(req.headers.get("authorization"), cookie ? decodeURIComponent(cookie) : undefined));
}

export async function requireUser(req: Request): Promise<SessionUser> {
  const user = await callerOf(req);
  if (!user) throw new Unauthorized();
  return user;
}

export async function requireAdmin(req: Request): Promise<SessionUser> {
  const user = await requireUser(req);
  if (user.role !== "admin") throw new Forbidden("Admins only.");
  return user;
}

/** The signed-in user for Server Components and server actions (once per request). */
export const currentUser = cache(async (): Promise<SessionUser | null> => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
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
