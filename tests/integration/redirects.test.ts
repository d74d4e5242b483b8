import "@/tests/support/async-local-storage";
import { afterEach, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { pointNextAuthAtAppUrl, resetEnvCache } from "@/lib/env";
import { sessionCookieName } from "@/lib/auth/jwt";
import { call } from "@/tests/support/api";
import { makeCaller } from "@/tests/support/callers";
import { GET as nextAuthGet } from "@/app/api/auth/[...nextauth]/route";

// product.md §5: redirects and links the server builds use APP_URL, never the request's Host.
// A Host (or X-Forwarded-Host) is whatever the client or a proxy in front wrote; a redirect built
// from it sends the visitor elsewhere, and a cache in front may keep it for everyone.

const APP_URL = process.env.APP_URL!;
const HOSTILE = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };

/** A page request as proxy.ts gets it, addressed to another host. */
function pageRequest(path: string, headers: Record<string, string> = {}) {
  return new NextRequest(`https://evil.example${path}`, { headers: { ...HOSTILE, ...headers } });
}

describe("the page guard's redirects (proxy.ts)", () => {
  it("send a signed-out visitor to APP_URL's /login, and unknown or malformed paths to APP_URL's home", async () => {
    expect((await proxy(pageRequest("/cart?x=1"))).headers.get("location")).toBe(`${APP_URL}/login?next=%2Fcart%3Fx%3D1`);
    expect((await proxy(pageRequest("/no-such-page"))).headers.get("location")).toBe(`${APP_URL}/`);
    expect((await proxy(pageRequest("/confirm/%ff"))).headers.get("location")).toBe(`${APP_URL}/`);
  });

  it("send a signed-in visitor of /login, and a customer on an admin page, to APP_URL", async () => {
    const customer = await makeCaller("user", { via: "cookie" });
    const cookie = customer.headers.cookie;
    expect(cookie).toContain(`${sessionCookieName()}=`);
    expect((await proxy(pageRequest("/login?next=/orders", { cookie }))).headers.get("location")).toBe(`${APP_URL}/orders`);
    expect((await proxy(pageRequest("/login?next=//evil.example/x", { cookie }))).headers.get("location")).toBe(`${APP_URL}/`);
    expect((await proxy(pageRequest("/admin/users", { cookie }))).headers.get("location")).toBe(`${APP_URL}/`);
  });
});

describe("next-auth", () => {
  const saved = { VERCEL: process.env.VERCEL, NEXTAUTH_URL: process.env.NEXTAUTH_URL };
  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvCache();
  });

  const signInPage = async () => {
    const reply = await call(nextAuthGet, "GET", "/api/auth/signin", { params: { nextauth: ["signin"] }, headers: HOSTILE });
    return new URL(reply.headers.get("location")!, "http://relative.invalid").searchParams.get("callbackUrl");
  };

  it("is pointed at APP_URL, so even on a host it trusts for X-Forwarded-Host it builds no link from the request", async () => {
    // Vercel without NEXTAUTH_URL: next-auth would take the request's forwarded host.
    process.env.VERCEL = "1";
    delete process.env.NEXTAUTH_URL;
    expect(await signInPage()).toBe("https://evil.example");
    pointNextAuthAtAppUrl();
    expect(await signInPage()).toBe(APP_URL);
  });
});
