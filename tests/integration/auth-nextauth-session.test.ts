import { describe, expect, it } from "vitest";
import { call } from "@/tests/support/api";
import { makeCaller } from "@/tests/support/callers";
import { db } from "@/lib/db";
import { safeRedirect } from "@/lib/auth/options";
import { GET } from "@/app/api/auth/[...nextauth]/route";

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
