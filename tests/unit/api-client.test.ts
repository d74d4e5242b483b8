import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError, api, apiFetch, messageOf } from "@/lib/client/api-client";

// lib/client/api-client.ts against a real HTTP server on a free port: what it sends, and how it reads
// success, errors with codes, 409 extras, Retry-After, and replies that are not JSON.

type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };
type Reply = { status: number; body: string; headers?: Record<string, string> };

let server: Server;
let base: string;
const seen: Seen[] = [];
let reply: Reply = { status: 200, body: "{}" };

const json = (status: number, value: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  body: JSON.stringify(value),
  headers: { "content-type": "application/json", ...headers },
});

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.writeHead(reply.status, reply.headers ?? {});
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The client calls same-origin paths, as in a browser: resolve them against the test server.
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", (input: string, init?: RequestInit) => realFetch(new URL(input, base), init));
});

afterEach(() => {
  seen.length = 0;
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("api client", () => {
  it("sends JSON with the session cookie's credentials mode and returns the parsed reply", async () => {
    reply = json(200, { user: { id: "u1", name: "Asha", email: "a@example.com", role: "user" }, token: "t" });
    const data = await api.login({ email: "a@example.com", password: "long-enough-pass" });
    expect(data.user.name).toBe("Asha");
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: "POST", url: "/api/login" });
    expect(seen[0].headers["content-type"]).toBe("application/json");
    expect(JSON.parse(seen[0].body)).toEqual({ email: "a@example.com", password: "long-enough-pass" });
  });

  it("sends no body and no Content-Type on a GET, and encodes path segments", async () => {
    reply = json(200, { valid: true });
    await api.verifyResetToken("a/b?c");
    expect(seen[0]).toMatchObject({ method: "GET", url: "/api/verify-reset-token/a%2Fb%3Fc", body: "" });
    expect(seen[0].headers["content-type"]).toBeUndefined();
  });

  it("throws an ApiError with the status, the server's code and text, and its other fields", async () => {
    reply = json(403, { error: "Please confirm your email before logging in.", code: "email_unconfirmed" });
    const error = await failure(api.login({ email: "a@example.com", password: "x" }));
    expect(error).toMatchObject({
      status: 403,
      code: "email_unconfirmed",
      message: "Please confirm your email before logging in.",
      fromServer: true,
    });

    reply = json(400, { error: "password: too short", code: "invalid", field: "password" });
    const invalid = await failure(api.resetPassword("tok", "x"));
    expect(invalid.field).toBe("password");
    expect(messageOf(invalid, "fallback")).toBe("password: too short");
  });

  it("keeps a 409's current prices and totals, and sends the Idempotency-Key", async () => {
    reply = json(409, { error: "The menu changed.", code: "price_changed", prices: [120, 90], subtotal: 210, deliveryFee: 40, total: 250 });
    const body = {
      items: [{ menuItemId: "m1", portion: "small" as const, quantity: 1 }],
      address: { name: "A", phone: "9876543210", street: "1 Road", city: "Pune", state: "MH", zip: "411001" },
      paymentMethod: "Cash on Delivery" as const,
      total: 200,
    };
    const error = await failure(api.placeOrder(body, "key-123"));
    expect(error.status).toBe(409);
    expect(error.code).toBe("price_changed");
    expect(error.extra).toEqual({ prices: [120, 90], subtotal: 210, deliveryFee: 40, total: 250 });
    expect(seen[0].headers["idempotency-key"]).toBe("key-123");
  });

  it("reads Retry-After on 429 and 503", async () => {
    reply = json(429, { error: "Too many attempts. Please try again later.", code: "rate_limited" }, { "retry-after": "42" });
    expect(await failure(api.forgotPassword("a@example.com"))).toMatchObject({ status: 429, code: "rate_limited", retryAfterSeconds: 42 });
    reply = json(503, { error: "The server is busy.", code: "unavailable" }, { "retry-after": "5" });
    expect(await failure(api.register({ name: "A B", email: "a@example.com", password: "p" }))).toMatchObject({
      code: "unavailable",
      retryAfterSeconds: 5,
    });
  });

  it("turns a reply that is not JSON into an ApiError coded by its status, with a stand-in text", async () => {
    reply = { status: 502, body: "<html>Bad gateway</html>", headers: { "content-type": "text/html" } };
    const error = await failure(api.orders());
    expect(error).toMatchObject({ status: 502, code: "internal", fromServer: false });
    expect(messageOf(error, "Could not load orders.")).toBe("Could not load orders.");

    reply = { status: 200, body: "not json" };
    expect(await failure(api.logout())).toMatchObject({ status: 200, code: "bad_reply" });

    reply = { status: 404, body: "" };
    expect(await failure(api.order("x"))).toMatchObject({ status: 404, code: "not_found" });
  });

  it("codes an error reply without a known code by its status", async () => {
    reply = json(401, { error: "Please sign in to continue." });
    expect(await failure(api.users())).toMatchObject({ status: 401, code: "unauthorized", message: "Please sign in to continue." });
  });

  it("reports a server it could not reach as status 0, code network", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/api/me`;
    await new Promise((resolve) => closed.close(resolve));
    expect(await failure(apiFetch("GET", url))).toMatchObject({ status: 0, code: "network" });
  });

  it("builds the orders query from the given filters only", async () => {
    reply = json(200, []);
    await api.orders({ status: "pending", limit: 5 });
    expect(seen[0].url).toBe("/api/orders?status=pending&limit=5");
  });
});
