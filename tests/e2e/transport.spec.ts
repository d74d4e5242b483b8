import type {} from "@playwright/test";
import { expect, test, randomIp } from "./fixtures";
import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

// What a hostile client can try on the transport against the production server (`npm start`:
// server/front.ts in front of Next, product.md §5): oversized bodies (declared or chunked) on
// every route, malformed JSON on next-auth's, malformed API paths, requests another site's page
// makes a visitor's browser send, long headers, and clients that accept only some encodings.

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

type RawReply = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer; ms: number };

/** A plain request over node:http: no Accept-Encoding or any other header unless given, nothing decoded. */
function fetchRaw(
  baseURL: string | undefined,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
  body?: string,
): Promise<RawReply> {
  const { host, port } = serverOf(baseURL);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host, port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (d: Buffer) => chunks.push(d));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: Date.now() - started }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

test("a malformed percent-encoded API path gets a JSON 400", async ({ baseURL }) => {
  for (const path of ["/api/confirm/%ff", "/api/menu/%E0%A4%A"]) {
    const res = await fetchRaw(baseURL, path);
    expect(res.status, path).toBe(400);
    expect(JSON.parse(res.body.toString())).toEqual({ error: "Malformed URL.", code: "malformed_url" });
  }
});

test("no reply comes in an encoding its client did not accept, whatever other clients asked for before", async ({ baseURL }) => {
  const page = await fetchRaw(baseURL, "/menu");
  const asset = /\/_next\/static\/[^"'\s]+\.js/.exec(page.body.toString())?.[0];
  expect(asset, "a build asset linked from /menu").toBeDefined();
  // What each client accepts besides identity; a browser first, an old Android client, curl…
  const clients: { name: string; headers: Record<string, string>; accepts: string[] }[] = [
    { name: "browser", headers: { "accept-encoding": "gzip, deflate, br, zstd" }, accepts: ["gzip", "deflate", "br", "zstd"] },
    { name: "gzip only", headers: { "accept-encoding": "gzip" }, accepts: ["gzip"] },
    { name: "br only", headers: { "accept-encoding": "br" }, accepts: ["br"] },
    { name: "no header", headers: {}, accepts: [] },
    { name: "identity", headers: { "accept-encoding": "identity" }, accepts: [] },
    { name: "gzip;q=0", headers: { "accept-encoding": "gzip;q=0" }, accepts: [] },
    { name: "br, gzip;q=0", headers: { "accept-encoding": "br, gzip;q=0" }, accepts: ["br"] },
  ];
  const orders = [
    clients,
    [...clients].reverse(),
    [clients[1], clients[0], clients[5], clients[2], clients[0], clients[3], clients[6], clients[4]],
  ];
  for (const path of ["/menu", "/api/menu", asset!]) {
    for (const order of orders) {
      for (const client of order) {
        const res = await fetchRaw(baseURL, path, client.headers);
        const what = `${client.name} ${path}`;
        expect(res.status, what).toBe(200);
        const encoding = String(res.headers["content-encoding"] ?? "identity");
        expect(["identity", ...client.accepts], what).toContain(encoding);
        // What was sent decodes as what it says it is.
        const decoded = encoding === "gzip" ? gunzipSync(res.body) : encoding === "br" ? brotliDecompressSync(res.body) : res.body;
        expect(decoded.length, what).toBeGreaterThan(0);
        if (path === "/api/menu") expect(Array.isArray(JSON.parse(decoded.toString())), what).toBe(true);
      }
    }
  }
});

// @alone: it times the server's replies, so no other worker's test runs meanwhile.
test(
  "long headers are read in time proportional to their length: other requests are answered as usual meanwhile",
  { tag: "@alone" },
  async ({ baseURL }) => {
    test.setTimeout(180_000);
    // Node accepts 16 KB of headers in all; each request carries one header of nearly all of it.
    const LENGTH = 15 * 1024;
    const fill = (pattern: string) => pattern.repeat(Math.ceil(LENGTH / pattern.length)).slice(0, LENGTH);
    // Shapes that make careless parsers backtrack: runs of spaces and separators, long numbers, long tokens.
    const shapes = [fill(" "), fill(","), fill("gzip;q=0."), fill("a"), fill("1"), fill(" ,;="), `gzip${fill(" ")}x`];
    const headerNames = [
      "accept-encoding",
      "cookie",
      "x-forwarded-for",
      "forwarded",
      "content-length",
      "transfer-encoding",
      "expect",
      "host",
      "origin",
      "sec-fetch-site",
      "authorization",
      "content-type",
      "accept",
      "x-fresh-bowl-peer",
      "x-fresh-bowl-relayed",
      "rsc",
      "next-router-state-tree",
      "if-none-match",
      "range",
      "user-agent",
      "idempotency-key",
    ];
    const targets: { method: string; path: string; body?: string }[] = [
      { method: "GET", path: "/menu" },
      { method: "GET", path: "/api/menu" },
      { method: "POST", path: "/api/login", body: JSON.stringify({ email: "nobody@example.com", password: "long-enough-pass" }) },
    ];
    type Outcome = RawReply & { what: string; refused: boolean };
    const hostile: (() => Promise<Outcome>)[] = [];
    for (const name of headerNames) {
      for (const value of shapes) {
        for (const target of targets) {
          const headers: Record<string, string> = { [name]: value, "x-forwarded-for": randomIp() };
          if (name === "x-forwarded-for") headers[name] = value;
          if (target.body && name !== "content-type") headers["content-type"] = "application/json";
          const what = `${name}: ${JSON.stringify(value.slice(0, 12))}… ${target.method} ${target.path}`;
          // The server refuses a User-Agent this long itself (Next would read it in quadratic time);
          // Node trims one of only spaces to nothing.
          const refused = name === "user-agent" && value.trim() !== "";
          hostile.push(() =>
            fetchRaw(baseURL, target.path, headers, target.method, target.body).then(
              (res) => ({ ...res, what, refused }),
              // Node's own parser may refuse a malformed framing header by closing the connection.
              () => ({ status: 0, headers: {}, body: Buffer.alloc(0), ms: 0, what, refused }),
            ),
          );
        }
      }
    }
    let next = 0;
    const results: Outcome[] = [];
    const attacker = async () => {
      while (next < hostile.length) results.push(await hostile[next++]());
    };
    const attackers = Promise.all(Array.from({ length: 6 }, attacker));
    // Meanwhile an ordinary customer browses.
    const ordinary: RawReply[] = [];
    let attacking = true;
    void attackers.finally(() => (attacking = false));
    while (attacking || ordinary.length < 10) {
      ordinary.push(await fetchRaw(baseURL, ordinary.length % 2 ? "/api/menu" : "/menu", { "accept-encoding": "gzip" }));
    }
    await attackers;
    for (const res of ordinary) {
      expect(res.status).toBe(200);
      expect(res.ms).toBeLessThan(1_000);
    }
    for (const res of results) {
      expect(res.status, res.what).toBeLessThan(500);
      // The header fitted: the server read it rather than Node refusing it for its size.
      if (res.refused) expect(res.status, res.what).toBe(431);
      else expect(res.status, res.what).not.toBe(431);
    }
  },
);
