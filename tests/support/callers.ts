import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { encodeSession, sessionCookieName } from "@/lib/auth/jwt";
import type { Caller } from "@/tests/support/api";
import type { Role } from "@/lib/auth/types";

// Confirmed accounts with a session, made straight in the database (no mail, no hashing), for
// tests about what a signed-in caller may do rather than about signing in. `via: "cookie"` is
// the browser (next-auth's own routes read only the cookie); `"bearer"` an API client.

export type MakeCallerOptions = { name?: string; via?: "cookie" | "bearer" };

export async function makeCaller(role: Role, options: MakeCallerOptions = {}): Promise<Caller> {
  const name = options.name ?? (role === "admin" ? "Kitchen Admin" : "Asha Rao");
  const email = `${role}.${randomBytes(6).toString("hex")}@example.com`;
  const user = await db().user.create({ data: { name, email, role, emailConfirmedAt: new Date() } });
  return callerFor(user, options.via);
}

/** A confirmed customer with no session, at a fresh `<tag>.<hex>@example.com`: whose orders a test writes straight in the database. */
export function confirmedCustomer(name: string, tag: string) {
  return db().user.create({ data: { name, email: `${tag}.${randomBytes(5).toString("hex")}@example.com`, emailConfirmedAt: new Date() } });
}

type Account = { id: string; name: string; email: string; role: Role; sessionVersion: number };

/** A session for an account that exists already, sent as `Authorization: Bearer` unless `via` says the cookie. */
export async function callerFor(account: Account, via: "cookie" | "bearer" = "bearer"): Promise<Caller> {
  const { id, name, email, role, sessionVersion } = account;
  const token = await encodeSession({ sub: id, role, sv: sessionVersion, name, email });
  return sentVia({ id, name, email, role, token, headers: {} }, via);
}

/** The same session sent the other way: as the cookie a browser sends, or as `Authorization: Bearer`. */
export function sentVia(caller: Caller, via: "cookie" | "bearer"): Caller {
  const headers: Record<string, string> =
    via === "cookie"
      ? { cookie: `${sessionCookieName()}=${encodeURIComponent(caller.token)}` }
      : { authorization: `Bearer ${caller.token}` };
  return { ...caller, headers };
}
