// Cross-site writes and content types (lib/request-guard.ts) through route(), as every API route
// uses it: a refused call never reaches the handler, so it can change nothing.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NextRequest, NextResponse } from "next/server";
import { resetEnvCache } from "@/lib/env";
import { route } from "@/lib/http";
import { isFormContentType, isJsonContentType } from "@/lib/request-guard";

const APP = "https://shop.example";
const saved = { APP_URL: process.env.APP_URL, NEXTAUTH_URL: process.env.NEXTAUTH_URL, NODE_ENV: process.env.NODE_ENV };

function setEnv(values: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete (process.env as Record<string, string | undefined>)[key];
    else (process.env as Record<string, string | undefined>)[key] = value;
  }
  resetEnvCache();
}

beforeEach(() => setEnv({ APP_URL: APP, NEXTAUTH_URL: undefined, NODE_ENV: "production" }));
afterEach(() => setEnv(saved));

async function send(method: string, headers: Record<string, string>, body?: string, url = `${APP}/api/login`) {
  let ran = 0;
  const handler = route(async () => {
    ran += 1;
    return NextResponse.json({ ok: true });
  });
  const res = await handler(new NextRequest(url, { method, headers, body }), {});
  return { status: res.status, json: (await res.json()) as Record<string, unknown>, ran };
}

const JSON_BODY = JSON.stringify({ email: "a@b.co", password: "long-enough-pass" });
const json = { "content-type": "application/json", "content-length": String(JSON_BODY.length) };

/** A sign-in sent to the server's own address (127.0.0.1:3000, not APP_URL) from a page at `origin`. */
const toOwnAddress = (origin: string) =>
  send("POST", { ...json, origin, host: "127.0.0.1:3000" }, JSON_BODY, "http://127.0.0.1:3000/api/login");

describe("cross-site writes", () => {
  it("refuses a foreign Origin with 403 before the handler runs, for every state-changing method", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      for (const origin of [
        "https://evil.example",
        "http://shop.example",
        "https://shop.example:8443",
        "https://sub.shop.example",
        "null",
        "not a url",
      ]) {
        const res = await send(method, { ...json, origin }, JSON_BODY);
        expect(res, `${method} ${origin}`).toEqual({
          status: 403,
          json: { error: "Cross-site requests are not allowed.", code: "cross_site" },
          ran: 0,
        });
      }
    }
  });

  it("refuses Sec-Fetch-Site: cross-site even without an Origin", async () => {
    const res = await send("POST", { ...json, "sec-fetch-site": "cross-site" }, JSON_BODY);
    expect(res.status).toBe(403);
    expect(res.ran).toBe(0);
  });

  it("lets the shop's own pages and clients without an Origin through", async () => {
    const cases: Record<string, string>[] = [
      { origin: APP, "sec-fetch-site": "same-origin" },
      { origin: APP, "sec-fetch-site": "same-site" },
      {},
      { "sec-fetch-site": "none" },
    ];
    for (const headers of cases) {
      const res = await send("POST", { ...json, ...headers }, JSON_BODY);
      expect(res, JSON.stringify(headers)).toEqual({ status: 200, json: { ok: true }, ran: 1 });
    }
  });

  it("reads, not writes, are never refused for their origin", async () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      const handler = route(async () => new NextResponse(null, { status: 204 }));
      const res = await handler(
        new NextRequest(`${APP}/api/me`, { method, headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } }),
        {},
      );
      expect(res.status, method).toBe(204);
    }
  });

  it("in production admits only APP_URL's origin, not the Host the request names", async () => {
    const res = await toOwnAddress("http://127.0.0.1:3000");
    expect(res.status).toBe(403);
  });

  it("outside production also admits the server's own address as the browser reached it", async () => {
    setEnv({ APP_URL: "http://localhost:3000", NODE_ENV: "development" });
    const own = await toOwnAddress("http://127.0.0.1:3000");
    expect(own.status).toBe(200);
    const foreign = await toOwnAddress("http://evil.example");
    expect(foreign.status).toBe(403);
  });

  it("outside production refuses a name rebound to this machine, though its Origin matches its Host", async () => {
    setEnv({ APP_URL: "http://localhost:3000", NODE_ENV: "development" });
    const rebound = (host: string) => send("POST", { ...json, origin: `http://${host}`, host }, JSON_BODY, `http://${host}/api/login`);
    expect((await rebound("evil.example:3000")).status).toBe(403);
    expect((await rebound("evil.example:3000")).ran).toBe(0);
    expect((await rebound("localhost:3000")).status).toBe(200);
    expect((await rebound("[::1]:3000")).status).toBe(200);
  });
});

describe("content types", () => {
  it("a body sent as anything but JSON gets 415 before the handler runs (the login-CSRF form)", async () => {
    for (const type of [
      "text/plain",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/json-patch+json",
      "application/json; charset=latin1",
      "application/jsonx",
    ]) {
      const res = await send("POST", { "content-type": type, "content-length": String(JSON_BODY.length) }, JSON_BODY);
      expect(res.status, type).toBe(415);
      expect(typeof res.json.error).toBe("string");
      expect(res.ran).toBe(0);
    }
    const untyped = await send("POST", { "content-length": String(JSON_BODY.length) }, JSON_BODY);
    expect(untyped.status).toBe(415);
  });

  it("a call without a body needs no content type (logout, DELETE)", async () => {
    expect((await send("POST", {})).status).toBe(200);
    expect((await send("DELETE", { "content-length": "0" })).status).toBe(200);
  });

  it("JSON may carry charset=utf-8, in any case", () => {
    for (const ok of [
      "application/json",
      "Application/JSON",
      "application/json; charset=utf-8",
      'application/json;charset="UTF-8"',
      "application/json;",
    ]) {
      expect(isJsonContentType(ok), ok).toBe(true);
    }
    for (const no of [
      null,
      "",
      "text/json",
      "application/json; charset=utf-16",
      "application/json; boundary=x",
      "application/x-www-form-urlencoded",
    ]) {
      expect(isJsonContentType(no), String(no)).toBe(false);
    }
    expect(isFormContentType("application/x-www-form-urlencoded")).toBe(true);
    expect(isFormContentType("application/x-www-form-urlencoded;charset=UTF-8")).toBe(true);
    expect(isFormContentType("multipart/form-data")).toBe(false);
  });
});
