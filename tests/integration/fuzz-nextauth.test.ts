import { call, type Caller } from "@/tests/support/api";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stopWatching, watchWrites } from "./watch-writes";
import { makeCaller } from "@/tests/support/callers";
import type { Fingerprinter } from "@/tests/support/db-fingerprint";
import { Named, neverFailsNorWritesOnRefusal, oneOf, segment } from "@/tests/support/fuzz";
import { hostileHeader, hostileJson, hostileString, malformedBody, pollutionKey, wellFormed } from "@/tests/support/hostile";
import { db } from "@/lib/db";
import { GET, POST } from "@/app/api/auth/[...nextauth]/route";

// Property: next-auth's own endpoints (/api/auth/*) never answer 5xx, and a refusal writes
// nothing, whatever the action, provider, query or body, as JSON or as the form next-auth's
// client posts (product.md §5: malformed JSON on next-auth's routes is 400 too).

let digest: Fingerprinter;
let customer: Caller;

// Bugs these properties found, now fixed, each kept as an example test at the end:
// 1. A `callbackUrl` that is not a URL, in the query, the body or the next-auth.callback-url
//    cookie: next-auth's config check and its default redirect callback threw: 500 (fixed in
//    lib/nextauth-route.ts and lib/auth/options.ts).
// 2. GET /api/auth/error/<text> or ?error=<text> with a control character (NUL, LF) or any
//    character above U+00FF (✓, Ā): next-auth copied the text unencoded into its Location
//    header, which then could not be set: 500 (fixed in lib/nextauth-route.ts: 400).
// 3. A JSON body whose `callbackUrl` is not a string (true, [], {}, 1) reached the redirect
//    callback, which called url.startsWith: 500 (fixed in lib/auth/options.ts: home page).
const FIELDS = ["callbackUrl", "error", "csrf", "code", "state", "csrfToken", "json", "email"];
const COOKIES = ["next-auth.callback-url", "next-auth.csrf-token", "next-auth.session-token", "__proto__"];

const ACTIONS = ["session", "providers", "csrf", "signin", "signout", "callback", "error", "verify-request", "_log", "webauthn-options"];
const segments = () =>
  // Next never hands a catch-all an empty segment, so the action is never "".
  fc
    .tuple(
      fc.oneof(
        fc.constantFrom(...ACTIONS),
        hostileString.filter((a) => a !== ""),
      ),
      fc.option(fc.oneof(fc.constantFrom("google", "facebook", "credentials", "email"), hostileString), { nil: undefined }),
    )
    // Next decodes segments from UTF-8, so they never hold a lone surrogate.
    .map(([action, provider]) => (provider === undefined ? [action] : [action, provider]).map(wellFormed));
const query = () =>
  fc.dictionary(
    fc.oneof(fc.constantFrom(...FIELDS), pollutionKey),
    fc.oneof(hostileString, fc.constantFrom("javascript:alert(1)", "//evil.example", "https://evil.example/")),
    { maxKeys: 3 },
  );
const qs = (q: Record<string, string>) =>
  Object.entries(q)
    .map(([k, v]) => `${k}=${segment(v)}`)
    .join("&");

beforeAll(async () => {
  customer = await makeCaller("user", { via: "cookie" });
  digest = await watchWrites();
});

afterAll(async () => {
  await stopWatching(digest);
  await db().user.delete({ where: { id: customer.id } });
});

const who = () => oneOf(() => ({ customer }), ["signedOut", "customer"]);

/** One of next-auth's own cookies with any value, next to the caller's session cookie if any. */
const cookie = () => fc.option(fc.tuple(fc.constantFrom(...COOKIES), hostileHeader), { nil: undefined });
function withCookie(caller: Caller | undefined, extra: [string, string] | undefined): Record<string, string> {
  const cookies = [caller?.headers.cookie, extra && `${extra[0]}=${extra[1]}`].filter(Boolean);
  return cookies.length ? { cookie: cookies.join("; ") } : {};
}

describe("/api/auth/[...nextauth]", () => {
  it("GET: any action, provider and query", async () => {
    await neverFailsNorWritesOnRefusal(
      digest,
      fc.record({ who: who(), nextauth: segments(), query: query(), cookie: cookie() }),
      ({ who: { value: caller }, nextauth, query, cookie }) =>
        call(GET, "GET", `/api/auth/${nextauth.map(segment).join("/")}?${qs(query)}`, {
          caller,
          params: { nextauth },
          headers: withCookie(caller, cookie),
        }),
      { numRuns: 150 },
    );
  });

  it("POST: any action, and any body as JSON, as a form, or malformed", async () => {
    const body = fc.oneof(
      hostileJson.map((v) => ({ raw: JSON.stringify(v) ?? "", type: "application/json" })),
      fc
        .dictionary(fc.constantFrom(...FIELDS), hostileJson, { maxKeys: 3 })
        .map((v) => ({ raw: JSON.stringify(v), type: "application/json" })),
      fc
        .dictionary(fc.oneof(fc.constantFrom(...FIELDS), pollutionKey), hostileString, { maxKeys: 4 })
        .map((f) => ({ raw: new URLSearchParams(f).toString(), type: "application/x-www-form-urlencoded" })),
      malformedBody.map((raw) => ({ raw, type: "application/json" })),
    );
    await neverFailsNorWritesOnRefusal(
      digest,
      fc.record({ who: who(), nextauth: segments(), body, cookie: cookie() }),
      ({ who: { value: caller }, nextauth, body, cookie }) =>
        call(POST, "POST", `/api/auth/${nextauth.map(segment).join("/")}`, {
          caller,
          params: { nextauth },
          raw: body.raw,
          headers: { "content-type": body.type, ...withCookie(caller, cookie) },
        }),
      // Malformed JSON made next-auth itself throw: 500.
      {
        numRuns: 200,
        examples: [
          {
            who: new Named<Caller | undefined>("signedOut", undefined),
            nextauth: ["signout"],
            body: { raw: "{bad", type: "application/json" },
            cookie: undefined,
          },
        ],
      },
    );
  });

  // BUG 1, see the top of this file: each of these was a 500; lib/nextauth-route.ts refuses them with 400.
  it("FIXED BUG 1: a callbackUrl that is not a URL gets a 4xx, not a 500 (query, body or cookie)", async () => {
    const replies = await Promise.all([
      call(GET, "GET", "/api/auth/session?callbackUrl=1e309", { params: { nextauth: ["session"] } }),
      call(GET, "GET", "/api/auth/csrf", { params: { nextauth: ["csrf"] }, headers: { cookie: "next-auth.callback-url=x%20y" } }),
      call(POST, "POST", "/api/auth/signout", { params: { nextauth: ["signout"] }, body: { callbackUrl: "x y" } }),
      call(POST, "POST", "/api/auth/signout", {
        params: { nextauth: ["signout"] },
        raw: "callbackUrl=1e309",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    ]);
    for (const reply of replies) expect(reply.status, reply.text.slice(0, 200)).toBeLessThan(500);
  });

  // BUG 2, see the top of this file: each of these was a 500; lib/nextauth-route.ts refuses them with 400.
  it("FIXED BUG 2: an error text with a control character or a character above U+00FF gets a 4xx, not a 500", async () => {
    const replies = await Promise.all([
      call(GET, "GET", "/api/auth/error/%00", { params: { nextauth: ["error", "\u0000"] } }),
      call(GET, "GET", "/api/auth/error/a%0Ab", { params: { nextauth: ["error", "a\nb"] } }),
      call(GET, "GET", "/api/auth/error?error=%00", { params: { nextauth: ["error"] } }),
      call(GET, "GET", "/api/auth/error/%E2%9C%93", { params: { nextauth: ["error", "✓"] } }),
    ]);
    for (const reply of replies) expect(reply.status, reply.text.slice(0, 200)).toBeLessThan(500);
  });

  // BUG 3, see the top of this file: each of these was a 500.
  it("FIXED BUG 3: a callbackUrl that is not a string in a JSON body gets no 5xx", async () => {
    const replies = await Promise.all(
      ["true", "[]", "{}", "1"].map((v) =>
        call(POST, "POST", "/api/auth/signout", { params: { nextauth: ["signout"] }, raw: `{"callbackUrl":${v}}` }),
      ),
    );
    for (const reply of replies) expect(reply.status, reply.text.slice(0, 200)).toBeLessThan(500);
  });
});
