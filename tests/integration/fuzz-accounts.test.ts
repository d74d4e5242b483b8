import { call, type Caller } from "@/tests/support/api";
import fc from "fast-check";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stopWatching, watchWrites } from "./watch-writes";
import { makeCaller } from "@/tests/support/callers";
import type { Fingerprinter } from "@/tests/support/db-fingerprint";
import { malformedBodiesNeverFail, Named, neverFailsNorWritesOnRefusal, oneOf, oversizedBodiesGet413, segment } from "@/tests/support/fuzz";
import { hostileHeader, hostileJson, hostileParam, hostileString, spoiled } from "@/tests/support/hostile";
import { shopFixtures, type ShopFixtures } from "@/tests/support/shop-fixtures";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { POST as loginRoute } from "@/app/api/login/route";
import { POST as logoutRoute } from "@/app/api/logout/route";
import { POST as registerRoute } from "@/app/api/register/route";
import { POST as resendRoute } from "@/app/api/resend-confirmation/route";
import { POST as forgotRoute } from "@/app/api/forgot-password/route";
import { GET as confirmRoute } from "@/app/api/confirm/[token]/route";
import { GET as verifyResetRoute } from "@/app/api/verify-reset-token/[token]/route";
import { POST as resetRoute } from "@/app/api/reset-password/[token]/route";

// Property: the account endpoints never answer 5xx, and a refusal writes nothing (rate-limit
// counters aside: counting refused attempts is their job), whatever the body or the token in
// the path. Bodies are mostly a valid one with one part spoiled, so they get past the first
// check; each property hashes a password only a few dozen times, to keep the run short.

const PASSWORD = "crunchy-greens-42";

let fx: ShopFixtures;
let digest: Fingerprinter;
let customer: Caller;
let account = { email: "", password: PASSWORD };
let liveToken = "";

/** Addresses that pass validation, new ones included (a new address reaches hashing and writing). */
const email = () =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(account.email) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.in`,
        "ZOË@Example.COM",
        "o'brien+salad@example.co.in",
      ),
    },
    { weight: 1, arbitrary: fc.nat().map(() => `fuzz.${randomBytes(5).toString("hex")}@example.com`) },
    { weight: 2, arbitrary: hostileString },
  );

beforeAll(async () => {
  fx = await shopFixtures("fuzz-accounts");
  customer = await makeCaller("user");
  fx.adopt(customer.id);
  account = { email: `fuzz.account.${randomBytes(5).toString("hex")}@example.com`, password: PASSWORD };
  const user = await db().user.create({
    data: { name: "Fuzz Account", email: account.email, passwordHash: await hashPassword(PASSWORD), emailConfirmedAt: new Date() },
  });
  fx.adopt(user.id);
  digest = await watchWrites();
});

afterAll(async () => {
  await stopWatching(digest);
  for (const u of await db().user.findMany({ where: { email: { startsWith: "fuzz." } }, select: { id: true } })) fx?.adopt(u.id);
  await fx?.cleanUp();
});

/** Mostly a random address (the helper's); sometimes a forged or nonsensical X-Forwarded-For. */
const forwardedFor = () =>
  fc.option(fc.oneof(hostileHeader, fc.constantFrom("::1", "2001:db8::1, 10.0.0.1", "unknown", "1.2.3.4:80", "[::1]:443")), {
    nil: undefined,
    freq: 3,
  });

const who = () => oneOf(() => ({ customer }), ["signedOut", "signedOut", "customer"]);

describe("POST /api/login", () => {
  const credentials = () =>
    fc.oneof(
      { weight: 4, arbitrary: fc.record({ email: email(), password: fc.oneof(fc.constant(PASSWORD), hostileString, hostileJson) }) },
      { weight: 2, arbitrary: spoiled(account) },
      { weight: 1, arbitrary: hostileJson },
    );

  it("any JSON body", async () => {
    await neverFailsNorWritesOnRefusal(
      digest,
      fc.record({ who: who(), body: credentials(), forwarded: forwardedFor() }),
      ({ who: { value: caller }, body, forwarded }) => call(loginRoute, "POST", "/api/login", { caller, body, ip: forwarded }),
      {
        numRuns: 150,
        // The rate limiter's key for a 254-character address is longer than its column: 500.
        examples: [
          {
            who: new Named<Caller | undefined>("signedOut", undefined),
            body: { email: `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.in`, password: "wrong-password-1" },
            forwarded: undefined,
          },
          {
            who: new Named<Caller | undefined>("signedOut", undefined),
            body: { email: account.email, password: "wrong-password-1" },
            forwarded: `${"1".repeat(300)}, ::1, 2001:db8::1`,
          },
        ],
      },
    );
  });
});

describe("POST /api/register", () => {
  it("any JSON body", async () => {
    const valid = { name: "Meera Iyer", email: account.email, password: PASSWORD };
    await neverFailsNorWritesOnRefusal(
      digest,
      fc.record({
        who: who(),
        body: fc.oneof(
          {
            weight: 3,
            arbitrary: fc.record({
              name: fc.oneof(fc.constant("Meera Iyer"), hostileString),
              email: email(),
              password: fc.oneof(fc.constant(PASSWORD), hostileString),
            }),
          },
          { weight: 2, arbitrary: spoiled({ ...valid, role: "admin" }) },
          { weight: 1, arbitrary: hostileJson },
        ),
      }),
      ({ who: { value: caller }, body }) => call(registerRoute, "POST", "/api/register", { caller, body }),
      { numRuns: 150 },
    );
    // Whatever was sent, nobody became an admin by registering.
    expect(await db().user.count({ where: { email: { startsWith: "fuzz." }, role: "admin" } })).toBe(0);
  });
});

describe.each([
  ["/api/resend-confirmation", resendRoute],
  ["/api/forgot-password", forgotRoute],
] as const)("POST %s", (path, handler) => {
  it("any JSON body", async () => {
    await neverFailsNorWritesOnRefusal(
      digest,
      fc.record({
        who: who(),
        body: fc.oneof(fc.record({ email: email() }), spoiled({ email: account.email }), hostileJson),
        forwarded: forwardedFor(),
      }),
      ({ who: { value: caller }, body, forwarded }) => call(handler, "POST", path, { caller, body, ip: forwarded }),
      { numRuns: 150 },
    );
  });
});

describe("tokens in the path", () => {
  const token = () => fc.oneof({ weight: 1, arbitrary: fc.constant("live") }, { weight: 4, arbitrary: hostileParam });
  const arrange = async () => {
    const user = await fx.unconfirmedUser();
    liveToken = await fx.token(user.id, Math.random() < 0.5 ? "confirm_email" : "reset_password");
  };
  const resolve = (t: string) => (t === "live" ? liveToken : t);

  it.each([
    ["/api/confirm/", confirmRoute],
    ["/api/verify-reset-token/", verifyResetRoute],
  ] as const)("GET %s{token}: any token", async (path, handler) => {
    await neverFailsNorWritesOnRefusal(
      digest,
      token(),
      (t) => call(handler, "GET", `${path}${segment(resolve(t))}`, { params: { token: resolve(t) } }),
      { numRuns: 100, arrange },
    );
  });

  const newPassword = () =>
    fc.oneof(
      fc.record({ password: fc.oneof(hostileString, fc.constant("brand-new-salad-77")) }),
      spoiled({ password: "brand-new-salad-77" }),
      hostileJson,
    );

  it("POST /api/reset-password/{token}: any token and body", async () => {
    await neverFailsNorWritesOnRefusal(
      digest,
      fc.record({ token: token(), body: newPassword() }),
      ({ token: t, body }) =>
        call(resetRoute, "POST", `/api/reset-password/${segment(resolve(t))}`, { params: { token: resolve(t) }, body }),
      { numRuns: 100, arrange },
    );
  });
});

describe("POST /api/logout", () => {
  it("any body, signed in or not", async () => {
    await neverFailsNorWritesOnRefusal(
      digest,
      fc.record({ who: who(), body: fc.option(hostileJson, { nil: undefined }) }),
      ({ who: { value: caller }, body }) => call(logoutRoute, "POST", "/api/logout", { caller, body }),
      { numRuns: 100 },
    );
  });
});

describe.each([
  ["/api/login", loginRoute],
  ["/api/register", registerRoute],
  ["/api/resend-confirmation", resendRoute],
  ["/api/forgot-password", forgotRoute],
] as const)("POST %s, not the JSON asked for", (path, handler) => {
  it("malformed bodies", async () => {
    await malformedBodiesNeverFail(digest, (raw) => call(handler, "POST", path, { raw }), 60);
  });

  it("bodies over 100 KB get 413", async () => {
    await oversizedBodiesGet413(digest, (raw) => call(handler, "POST", path, { raw }), 5);
  });
});
