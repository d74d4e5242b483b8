import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { randomIp } from "@/tests/support/api";

// Small helpers for the auth hardening tests: call a route handler as a client would (JSON,
// a client address in X-Forwarded-For, which the integration setup trusts), make accounts.

export type Reply = { status: number; headers: Headers; body: Record<string, unknown> };
// Route handlers' second argument differs per route; these tests call routes without params.
type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export { randomIp };

export function uniqueEmail(prefix = "auth"): string {
  return `${prefix}.${randomBytes(5).toString("hex")}@example.com`;
}

export async function post(handler: unknown, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const req = new NextRequest(`http://localhost:3000${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", "x-forwarded-for": randomIp(), ...headers },
  });
  return reply(await (handler as Handler)(req, { params: Promise.resolve({}) }));
}

export async function get(handler: unknown, path: string, headers: Record<string, string> = {}): Promise<Reply> {
  const req = new NextRequest(`http://localhost:3000${path}`, { headers: { "x-forwarded-for": randomIp(), ...headers } });
  return reply(await (handler as Handler)(req, { params: Promise.resolve({}) }));
}

async function reply(res: Response): Promise<Reply> {
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = { text };
  }
  return { status: res.status, headers: res.headers, body };
}

/** A confirmed customer with `password`, written straight to the database. */
export async function confirmedAccount(password: string, email = uniqueEmail()) {
  return db().user.create({
    data: { name: "Auth Tester", email, passwordHash: await hashPassword(password), emailConfirmedAt: new Date() },
  });
}

/** Counts of each status in `replies`, e.g. { 401: 10, 429: 20 }. */
export function tally(replies: Reply[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of replies) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}
