// The API's transport rules against the real handlers and PostgreSQL: 503 (never 500) while the
// database is away, and next-auth's endpoints under the same body, origin and JSON rules.
import { describe, expect, it } from "vitest";
import { Client } from "pg";
import { inject } from "vitest";
import { db, disconnectDb } from "@/lib/db";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { call } from "@/tests/support/api";
import { closedPort } from "@/tests/support/net";
import { POST as loginRoute } from "@/app/api/login/route";
import { POST as registerRoute } from "@/app/api/register/route";
import { POST as forgotRoute } from "@/app/api/forgot-password/route";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { resetEnvCache } from "@/lib/env";

describe("while the database is away", () => {
  it("a connection the server shuts down (57P01, as in a restart) counts as unavailable", async () => {
    const client = new Client({ connectionString: inject("databaseUrl") });
    await client.connect();
    client.on("error", () => undefined);
    const error = await client.query("SELECT pg_terminate_backend(pg_backend_pid())").then(
      () => undefined,
      (e: unknown) => e,
    );
    await client.end().catch(() => undefined);
    expect((error as { code?: string }).code).toBe("57P01");
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("Prisma's error for it counts too, and the pool reconnects by itself for the next query", async () => {
    const error = await db().$queryRaw`SELECT pg_terminate_backend(pg_backend_pid())`.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeDefined();
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await db().$queryRaw<{ one: number }[]>`SELECT 1 AS one`).toEqual([{ one: 1 }]);
  });

  it("the API answers 503 with Retry-After, never 500", async () => {
    const real = process.env.DATABASE_URL;
    await disconnectDb();
    process.env.DATABASE_URL = `postgres://nobody:nothing@127.0.0.1:${await closedPort()}/shop`;
    resetEnvCache();
    try {
      const replies = [
        await call(loginRoute, "POST", "/api/login", { body: { email: "someone@example.com", password: "long-enough-pass" } }),
        await call(registerRoute, "POST", "/api/register", {
          body: { name: "Asha Rao", email: "asha.down@example.com", password: "long-enough-pass" },
        }),
        await call(forgotRoute, "POST", "/api/forgot-password", { body: { email: "someone@example.com" } }),
      ];
      for (const reply of replies) {
        expect(reply.status).toBe(503);
        expect(Number(reply.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(reply.json).toEqual({ error: expect.any(String), code: "unavailable" });
      }
    } finally {
      await disconnectDb();
      process.env.DATABASE_URL = real;
      resetEnvCache();
    }
    // And back: the same route works once the database is there again.
    const after = await call(loginRoute, "POST", "/api/login", {
      body: { email: "nobody.here@example.com", password: "long-enough-pass" },
    });
    expect(after.status, after.text).toBe(401);
  });
});

describe("next-auth's endpoints", () => {
  const params = (...segments: string[]) => ({ nextauth: segments });

  it("malformed JSON gets 400, not next-auth's 500", async () => {
    for (const segments of [["signin", "google"], ["callback", "credentials"], ["signout"], ["session"]]) {
      const reply = await call(authPost, "POST", `/api/auth/${segments.join("/")}`, { raw: "{not json", params: params(...segments) });
      expect(reply.status, segments.join("/")).toBe(400);
      expect(reply.json).toEqual({ error: expect.any(String), code: "invalid" });
    }
  });

  it("a body over 100 KB gets 413, declared or not", async () => {
    const big = `csrfToken=${"a".repeat(110 * 1024)}`;
    const declared = await call(authPost, "POST", "/api/auth/signout", {
      raw: big,
      params: params("signout"),
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(big.length) },
    });
    expect(declared.status).toBe(413);
    const undeclared = await call(authPost, "POST", "/api/auth/signout", {
      raw: big,
      params: params("signout"),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(undeclared.status).toBe(413);
  });

  it("a cross-site POST gets 403; a text/plain one 415; a same-origin form still reaches next-auth", async () => {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const foreign = await call(authPost, "POST", "/api/auth/signout", {
      raw: "csrfToken=x",
      params: params("signout"),
      headers: { ...form, origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    const crossSite = await call(authPost, "POST", "/api/auth/signout", {
      raw: "csrfToken=x",
      params: params("signout"),
      headers: { ...form, "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    const plain = await call(authPost, "POST", "/api/auth/signout", {
      raw: "csrfToken=x",
      params: params("signout"),
      headers: { "content-type": "text/plain", "content-length": "11" },
    });
    expect(plain.status).toBe(415);
    // next-auth itself answers a form without a valid CSRF token with a redirect, as before.
    const own = await call(authPost, "POST", "/api/auth/signout", { raw: "csrfToken=x", params: params("signout"), headers: form });
    expect(own.status).toBeLessThan(400);
    const session = await call(authGet, "GET", "/api/auth/session", { params: params("session") });
    expect(session.status).toBe(200);
  });
});
