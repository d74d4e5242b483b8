import type {} from "@playwright/test";
import { expect, test, randomIp } from "./fixtures";
import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";

// What a hostile client can try on the transport against the production server (product.md §5):
// oversized bodies (declared or chunked) on every route, malformed JSON on next-auth's, and
// requests another site's page makes a visitor's browser send.

const TOO_LARGE = { error: "Request body is too large.", code: "payload_too_large" };

function serverOf(baseURL: string | undefined) {
  const url = new URL(baseURL ?? "http://localhost:3123");
  return { host: url.hostname, port: Number(url.port) };
}

/**
 * Sends only a request's head, declaring a 50 MB body, and resolves with the status line the
 * server answers; the body is never sent, so an answer proves it was refused before reading.
 */
function declaredOnly(baseURL: string | undefined, path: string, contentType: string): Promise<string> {
  const { host, port } = serverOf(baseURL);
  return new Promise((resolve, reject) => {
    const socket = connect(port, host);
    let text = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer to ${path} without its body`));
    }, 10_000);
    socket.on("data", (d) => {
      text += d.toString("latin1");
      if (text.includes("\r\n\r\n")) {
        clearTimeout(timer);
        socket.destroy();
        resolve(text);
      }
    });
    socket.on("error", reject);
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nContent-Type: ${contentType}\r\nContent-Length: ${50 * 1024 * 1024}\r\nX-Forwarded-For: ${randomIp()}\r\n\r\n`,
    );
  });
}

/** POSTs `body` chunked (no Content-Length), as a streaming client would. */
function chunked(
  baseURL: string | undefined,
  path: string,
  body: Buffer,
  contentType: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const { host, port } = serverOf(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host, port, path, method: "POST", headers: { "content-type": contentType, "x-forwarded-for": randomIp() } });
    req.on("response", (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    for (let i = 0; i < body.length; i += 8192) req.write(body.subarray(i, i + 8192));
    req.end();
  });
}

function sessionCookieIn(headers: { name: string; value: string }[]): string | undefined {
  return headers.find((h) => h.name.toLowerCase() === "set-cookie" && h.value.includes("session-token"))?.value;
}

test("a declared body over 100 KB gets 413 before it is sent, on every kind of route", async ({ baseURL }) => {
  for (const [path, type] of [
    ["/api/login", "application/json"],
    ["/api/orders", "application/json"],
    ["/api/menu/some-id", "application/json"],
    ["/api/auth/callback/credentials", "application/x-www-form-urlencoded"],
    ["/api/auth/signin/google", "application/x-www-form-urlencoded"],
    ["/menu", "text/plain"],
  ]) {
    const head = await declaredOnly(baseURL, path, type);
    expect(head, path).toMatch(/^HTTP\/1\.1 413 /);
  }
});

test("a chunked body is cut off at 100 KB with 413; within the limit it still works", async ({ baseURL, shopApi }) => {
  const over = await chunked(
    baseURL,
    "/api/auth/signin/google",
    Buffer.from(`csrfToken=${"a".repeat(120 * 1024)}`),
    "application/x-www-form-urlencoded",
  );
  expect(over.status).toBe(413);
  expect(JSON.parse(over.text)).toEqual(TOO_LARGE);
  const register = await chunked(
    baseURL,
    "/api/register",
    Buffer.from(JSON.stringify({ name: "x".repeat(120 * 1024), email: "big@example.com", password: "long-enough-pass" })),
    "application/json",
  );
  expect(register.status).toBe(413);

  // The same path carries a real sign-in when it fits: the server hands Next the whole body.
  const user = await shopApi.customer();
  const login = await chunked(
    baseURL,
    "/api/login",
    Buffer.from(JSON.stringify({ email: user.email, password: user.password, padding: "p".repeat(90 * 1024) })),
    "application/json",
  );
  expect(login.status, login.text).toBe(200);
  expect(String(login.headers["set-cookie"])).toContain("session-token");
});

test("malformed JSON to next-auth's endpoints gets 400, never 500", async ({ request }) => {
  for (const path of ["/api/auth/callback/credentials", "/api/auth/signin/google", "/api/auth/signout", "/api/auth/session"]) {
    // A Buffer, so it is sent as it is (Playwright JSON-encodes a string that does not parse).
    const res = await request.post(path, {
      headers: { "content-type": "application/json" },
      data: Buffer.from('{"csrfToken": "x",'),
      maxRedirects: 0,
    });
    expect(res.status(), path).toBe(400);
    expect(typeof (await res.json()).error).toBe("string");
  }
});

test("login CSRF: a foreign Origin, Sec-Fetch-Site: cross-site or a text/plain body signs nobody in", async ({
  request,
  baseURL,
  shopApi,
}) => {
  const user = await shopApi.customer();
  const data = JSON.stringify({ email: user.email, password: user.password });
  const attempts: { status: number; headers: Record<string, string> }[] = [
    { status: 403, headers: { "content-type": "application/json", origin: "https://evil.example" } },
    { status: 403, headers: { "content-type": "application/json", origin: "null" } },
    { status: 403, headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" } },
    // What an HTML form can send without a preflight: the body a JSON parser would accept.
    { status: 415, headers: { "content-type": "text/plain" } },
    { status: 415, headers: { "content-type": "application/x-www-form-urlencoded" } },
  ];
  for (const attempt of attempts) {
    const res = await request.post("/api/login", { headers: attempt.headers, data });
    expect(res.status(), JSON.stringify(attempt.headers)).toBe(attempt.status);
    expect(sessionCookieIn(res.headersArray())).toBeUndefined();
    expect(JSON.stringify(await res.json())).not.toContain("token");
  }
  // The shop's own page (same Origin) and clients without one still sign in.
  // (The e2e server's APP_URL is its own address, the base URL here.)
  const own = await request.post("/api/login", {
    headers: { "content-type": "application/json", origin: new URL(baseURL!).origin, "sec-fetch-site": "same-origin" },
    data,
  });
  expect(own.status()).toBe(200);
  expect(sessionCookieIn(own.headersArray())).toBeDefined();
});

test("a real cross-site form in the browser cannot sign the visitor in", async ({ page, context, baseURL, shopApi }) => {
  const user = await shopApi.customer();
  // Another site's page: a form that posts the attacker's credentials as text/plain, the classic
  // login-CSRF shape ({"email":…,"password":…,"x":"=…"}).
  const [name, value] = [`{"email":"${user.email}","password":"${user.password}","x":"`, `"}`];
  await page.route("http://evil.example/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<form id="f" method="POST" action="${baseURL}/api/login" enctype="text/plain"><input name='${name}' value='${value}'></form><script>document.getElementById("f").submit()</script>`,
    }),
  );
  const reply = page.waitForResponse((res) => res.url().endsWith("/api/login"));
  await page.goto("http://evil.example/trap");
  const res = await reply;
  expect(res.status()).toBe(403);
  const cookies = await context.cookies(baseURL);
  expect(cookies.find((c) => c.name.includes("session-token"))).toBeUndefined();
});

test("cross-site writes with a signed-in caller change nothing: no order, no logout", async ({ request, shopApi }) => {
  const user = await shopApi.customer();
  const token = await shopApi.tokenFor(user.email, user.password);
  const auth = { authorization: `Bearer ${token}` };
  const menu = (await (await request.get("/api/menu")).json()) as { id: string; available: boolean }[];
  const item = menu.find((i) => i.available)!;
  const order = {
    items: [{ id: item.id, portion: "small", quantity: 1 }],
    address: { name: "Asha Rao", phone: "9876543210", street: "12 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" },
    paymentMethod: "UPI",
  };
  const foreign: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }];
  for (const headers of foreign) {
    const res = await request.post("/api/orders", { headers: { ...auth, ...headers, "Idempotency-Key": randomUUID() }, data: order });
    expect(res.status()).toBe(403);
    const logout = await request.post("/api/logout", { headers: { ...auth, ...headers } });
    expect(logout.status()).toBe(403);
  }
  const orders = await request.get("/api/orders", { headers: auth });
  expect(await orders.json()).toEqual([]);
  // The session survived the cross-site logout.
  expect((await request.get("/api/me", { headers: auth })).status()).toBe(200);
  // Without an Origin (a bearer client) the same order goes through.
  const placed = await request.post("/api/orders", { headers: { ...auth, "Idempotency-Key": randomUUID() }, data: order });
  expect(placed.status()).toBe(201);
});
