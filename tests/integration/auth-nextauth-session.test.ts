import { afterEach, describe, expect, it } from "vitest";
import { call } from "@/tests/support/api";
import { makeCaller } from "@/tests/support/callers";
import { confirmedAccount } from "@/tests/support/auth-calls";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { authOptions, safeRedirect } from "@/lib/auth/options";
import { sessionCookieName } from "@/lib/auth/jwt";
import { GET, POST } from "@/app/api/auth/[...nextauth]/route";
import { POST as loginRoute } from "@/app/api/login/route";

// next-auth's own endpoints follow the shop's session rules (product.md §5: sessions end for real)
// and never answer 500 to a callbackUrl that is not a URL.

const session = (headers: Record<string, string>) => call(GET, "GET", "/api/auth/session", { params: { nextauth: ["session"] }, headers });

describe("GET /api/auth/session", () => {
  it("shows a live session, and none once the session has ended on the server (logout, reset)", async () => {
    const caller = await makeCaller("user", { via: "cookie" });
    const live = await session(caller.headers);
    expect(live.status).toBe(200);
    expect((live.json as { user?: { email?: string } }).user?.email).toBe(caller.email);

    await db().user.update({ where: { id: caller.id }, data: { sessionVersion: { increment: 1 } } });
    const ended = await session(caller.headers);
    expect(ended.status).toBe(200);
    expect(ended.json).toEqual({});
  });
});

describe("POST /api/auth/session (next-auth's session update)", () => {
  it("answers no session, and renews none, once the session has ended on the server", async () => {
    const caller = await makeCaller("user", { via: "cookie" });
    // As next-auth's update() sends it: its CSRF token in the body and its cookie beside the session's.
    const csrf = await call(GET, "GET", "/api/auth/csrf", { params: { nextauth: ["csrf"] } });
    const csrfCookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c.includes("csrf-token"))!;
    const { csrfToken } = csrf.json as { csrfToken: string };
    const post = () =>
      call(POST, "POST", "/api/auth/session", {
        params: { nextauth: ["session"] },
        headers: { ...caller.headers, cookie: `${caller.headers.cookie}; ${csrfCookie}` },
        body: { csrfToken, data: {} },
      });
    const live = await post();
    expect(live.status).toBe(200);
    expect((live.json as { user?: { email?: string } }).user?.email).toBe(caller.email);

    await db().user.update({ where: { id: caller.id }, data: { sessionVersion: { increment: 1 } } });
    const ended = await post();
    expect(ended.status).toBe(200);
    expect(ended.json).toEqual({});
    const renewed = ended.headers.getSetCookie().filter((c) => c.includes("session-token=") && !/Max-Age=0/i.test(c));
    expect(renewed).toEqual([]);
  });
});

describe("the session cookie over https", () => {
  const appUrl = process.env.APP_URL;
  afterEach(() => {
    process.env.APP_URL = appUrl;
    resetEnvCache();
  });

  it("is __Host- (Secure, Path=/, no Domain) from /api/login, and next-auth reads and renews that same cookie", async () => {
    process.env.APP_URL = "https://shop.example";
    resetEnvCache();
    expect(sessionCookieName()).toBe("__Host-next-auth.session-token");
    expect(authOptions().cookies?.sessionToken?.name).toBe(sessionCookieName());

    const { email } = await confirmedAccount("crunchy-greens-42");
    const login = await call(loginRoute, "POST", "/api/login", { body: { email, password: "crunchy-greens-42" } });
    expect(login.status).toBe(200);
    const set = login.headers.getSetCookie().find((c) => c.startsWith("__Host-next-auth.session-token="))!;
    expect(set).toMatch(/; Path=\/(;|$)/);
    expect(set).toMatch(/; Secure/i);
    expect(set).not.toMatch(/Domain=/i);

    const cookie = set.split(";")[0];
    const live = await session({ cookie });
    expect((live.json as { user?: { email?: string } }).user?.email).toBe(email);
    const renewed = live.headers.getSetCookie().find((c) => c.startsWith("__Host-next-auth.session-token="));
    expect(renewed).toMatch(/; Path=\/(;|$)/);
    expect(renewed).toMatch(/; Secure/i);
    expect(renewed).not.toMatch(/Domain=/i);
  });

  it("keeps the plain name over http (local development)", () => {
    process.env.APP_URL = "http://localhost:3000";
    resetEnvCache();
    expect(sessionCookieName()).toBe("next-auth.session-token");
    expect(authOptions().cookies?.sessionToken?.name).toBe("next-auth.session-token");
  });
});

// A callbackUrl that is not a URL gets no 5xx: fuzz-nextauth.test.ts keeps those examples.
describe("next-auth redirects", () => {
  it("redirects only within the site", () => {
    const base = "https://shop.example";
    expect(safeRedirect("/orders", base)).toBe("https://shop.example/orders");
    expect(safeRedirect("https://shop.example/cart", base)).toBe("https://shop.example/cart");
    expect(safeRedirect("https://evil.example/", base)).toBe(base);
    expect(safeRedirect("//evil.example/", base)).toBe(base);
    expect(safeRedirect("/\\evil.example", base)).toBe(base);
    expect(safeRedirect("x y", base)).toBe(base);
  });
});
