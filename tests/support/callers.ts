import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { encodeSession, sessionCookieName } from "@/lib/auth/jwt";
import type { Caller } from "@/tests/support/api";

// Confirmed accounts with a session, made straight in the database (no mail, no hashing), for
// tests about what a signed-in caller may do rather than about signing in. `via: "cookie"` is
// the browser (next-auth's own routes read only the cookie); `"bearer"` an API client.

export type MakeCallerOptions = { name?: string; via?: "cookie" | "bearer" };

export async function makeCaller(role: "user" | "admin", options: MakeCallerOptions = {}): Promise<Caller> {
  const name = options.name ?? (role === "admin" ? "Kitchen Admin" : "Asha Rao");
  const email = `${role}.${randomBytes(6).toString("hex")}@example.com`;
  const user = await db().user.create({ data: { name, email, role, emailConfirmedAt: new Date() } });
  const token = await encodeSession({ sub: user.id, role, sv: user.sessionVersion, name, email });
  const headers: Record<string, string> =
    options.via === "cookie" ? { cookie: `${sessionCookieName()}=${encodeURIComponent(token)}` } : { authorization: `Bearer ${token}` };
  return { id: user.id, name, email, role, headers };
}
