import { expect, test } from "./fixtures";

// What an attacker or a sloppy client sends to the production server: clear 4xx replies,
// never a 500, and the security headers and cookie flags of the contract (§5).

test("malformed percent-encoding in a URL gets 400 from the API and a redirect home from pages", async ({ request }) => {
  for (const path of ["/api/confirm/%ff", "/api/verify-reset-token/%E0%A4%A", "/api/menu/%ff", "/api/orders/%c0"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(400);
    expect(await res.json()).toEqual({ error: "Malformed URL.", code: "malformed_url" });
  }
  const page = await request.get("/confirm/%ff", { maxRedirects: 0 });
  expect(page.status()).toBe(307);
  expect(page.headers().location).toMatch(/\/$/);
});

test("bodies: malformed JSON 400, over 100 KB 413, wrong shapes 400", async ({ request }) => {
  // A Buffer is sent as it is; Playwright would JSON-encode a string that does not parse as JSON.
  const bad = await request.post("/api/login", { headers: { "content-type": "application/json" }, data: Buffer.from("{not json") });
  expect(bad.status()).toBe(400);
  const big = await request.post("/api/register", { data: { name: "x".repeat(120_000), email: "a@b.co", password: "long-enough-pass" } });
  expect(big.status()).toBe(413);
  for (const data of [[], null, { email: 42, password: [] }]) {
    const res = await request.post("/api/login", { headers: { "content-type": "application/json" }, data: JSON.stringify(data) });
    expect(res.status()).toBe(400);
    expect(typeof (await res.json()).error).toBe("string");
  }
});

test("pages carry the security headers", async ({ request }) => {
  const res = await request.get("/menu");
  const headers = res.headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-powered-by"]).toBeUndefined();
});

test("the session cookie is httpOnly, SameSite=Lax and Secure in production", async ({ request, shopApi }) => {
  const user = await shopApi.customer();
  const res = await request.post("/api/login", { data: { email: user.email, password: user.password } });
  expect(res.status()).toBe(200);
  const cookie = res.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.includes("session-token"))?.value ?? "";
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
  expect(cookie).toMatch(/Secure/i);
  const body = await res.json();
  expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash/);
});
