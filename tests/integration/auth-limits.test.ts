import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { RULES, storedKey, sweepOnNextUse } from "@/lib/rate-limit";
import { POST as loginRoute } from "@/app/api/login/route";
import { POST as registerRoute } from "@/app/api/register/route";
import { POST as forgotRoute } from "@/app/api/forgot-password/route";
import { POST as resendRoute } from "@/app/api/resend-confirmation/route";
import { waitFor } from "@/tests/support/wait";
import { confirmedAccount, post, randomIp, tally, uniqueEmail } from "@/tests/support/auth-calls";

// product.md §5: sign-in points are spent before the password is checked, atomically; keys of
// any length work; expired buckets are deleted.

const PASSWORD = "crunchy-greens-42";
const login = (email: string, password: string, ip = randomIp()) =>
  post(loginRoute, "/api/login", { email, password }, { "x-forwarded-for": ip });

describe("a burst of parallel wrong sign-ins for one account", () => {
  it("gets at most the allowance through to the password check; the rest, and then the right password, get 429", async () => {
    const { email } = await confirmedAccount(PASSWORD);
    // All at once, each from its own address, so only the account's limit is in play.
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => login(email, `wrong-guess-${i}`)));
    const counts = tally(burst);
    // A guess that reached the check is answered 401, or 503 when the hashing queue was full
    // (lib/auth/password.ts): either way it spent one of the account's 10 points.
    expect((counts[401] ?? 0) + (counts[503] ?? 0)).toBe(RULES.loginAccount.points);
    expect(counts[401]).toBeGreaterThan(0);
    expect(counts[429]).toBe(30 - RULES.loginAccount.points);
    expect(Object.keys(counts).filter((status) => !["401", "429", "503"].includes(status))).toEqual([]);
    for (const r of burst.filter((r) => r.status === 429)) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);

    const right = await login(email, PASSWORD);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(right.body.token).toBeUndefined();
  });

  it("from one address across many accounts: at most 50 reach the check", async () => {
    const ip = randomIp();
    const { email } = await confirmedAccount(PASSWORD);
    const burst = await Promise.all(Array.from({ length: 70 }, (_, i) => login(uniqueEmail("guess"), `wrong-${i}`, ip)));
    const counts = tally(burst);
    expect((counts[401] ?? 0) + (counts[503] ?? 0)).toBe(RULES.loginIp.points);
    expect(counts[429]).toBe(70 - RULES.loginIp.points);
    expect((await login(email, PASSWORD, ip)).status).toBe(429);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it("a right password gives back its point: the account's failures start afresh", async () => {
    const { email } = await confirmedAccount(PASSWORD);
    const ip = randomIp();
    for (let i = 0; i < RULES.loginAccount.points - 1; i++) expect((await login(email, `wrong-${i}`, ip)).status).toBe(401);
    expect((await login(email, PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < RULES.loginAccount.points; i++) expect((await login(email, `wrong-again-${i}`, ip)).status).toBe(401);
    expect((await login(email, PASSWORD, ip)).status).toBe(429);
  });
});

describe("per-IP limits for IPv6 networks", () => {
  // One network is commonly handed a /48: 65,536 /64s, each with its own per-/64 allowance.
  const network = () => `2001:db8:${randomBytes(2).toString("hex")}`;
  /** An address in /64 number `n` of the /48, spread over its /56s so that only the /48 fills up. */
  const inNetwork = (prefix: string, n: number) => `${prefix}:${(((n % 256) << 8) | (n >> 8)).toString(16)}::${(n % 7) + 1}`;

  it("a flood from many /64s of one /48 gets 429 once the /48's allowance is spent; another network still signs in", async () => {
    const { email } = await confirmedAccount(PASSWORD);
    const flooding = network();
    const allowance = RULES.loginIp.points * 16;
    const flood = await Promise.all(
      Array.from({ length: allowance + 20 }, (_, n) => login(uniqueEmail("v6"), `guess-${n}`, inNetwork(flooding, n))),
    );
    const counts = tally(flood);
    // A guess within the allowance reached the check (401, or 503 while the hashing queue was full).
    expect((counts[401] ?? 0) + (counts[503] ?? 0)).toBe(allowance);
    expect(counts[429]).toBe(20);
    // A /64 of that /48 that sent nothing yet is limited too, and so is the right password from it.
    expect((await login(email, PASSWORD, inNetwork(flooding, 4000))).status).toBe(429);
    expect((await login(email, PASSWORD, `${network()}:1::1`)).status).toBe(200);
    expect((await login(email, PASSWORD, randomIp())).status).toBe(200);
  });

  it("one /56 gets a quarter of that; a right password gives the point back at every level", async () => {
    const { email } = await confirmedAccount(PASSWORD);
    const prefix = `${network()}:ab`;
    const allowance = RULES.loginIp.points * 4;
    const flood = await Promise.all(
      Array.from({ length: allowance - 1 }, (_, n) =>
        login(uniqueEmail("v6"), `guess-${n}`, `${prefix}${(n % 256).toString(16).padStart(2, "0")}::1`),
      ),
    );
    expect((tally(flood)[401] ?? 0) + (tally(flood)[503] ?? 0)).toBe(allowance - 1);
    expect((await login(email, PASSWORD, `${prefix}77::5`)).status).toBe(200);
    expect([401, 503]).toContain((await login(uniqueEmail("v6"), "last-guess", `${prefix}78::5`)).status);
    expect((await login(uniqueEmail("v6"), "one-too-many", `${prefix}79::5`)).status).toBe(429);
  });
});

describe("rate-limit keys of any length", () => {
  // 64 + 1 + 63 + 1 + 63 + 1 + 57 + 4 = 254 characters, the longest address the schema accepts.
  const longEmail = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com`;

  it("a 254-character e-mail signs in, registers and asks for mail without a 500", async () => {
    expect(longEmail).toHaveLength(254);
    expect((await login(longEmail, PASSWORD)).status).toBe(401);
    expect((await post(registerRoute, "/api/register", { name: "Long", email: longEmail, password: PASSWORD })).status).toBe(201);
    expect((await post(forgotRoute, "/api/forgot-password", { email: longEmail })).status).toBe(200);
    expect((await post(resendRoute, "/api/resend-confirmation", { email: longEmail })).status).toBe(200);
  });

  it("a long forwarded address is a key like any other", async () => {
    const forwarded = `client-${"x".repeat(400)}`;
    const replies = [];
    for (let i = 0; i < 3; i++) replies.push(await login(uniqueEmail(), PASSWORD, forwarded));
    expect(replies.map((r) => r.status)).toEqual([401, 401, 401]);
    const bucket = await db().rateLimitBucket.findUnique({ where: { key: storedKey("loginIp", forwarded) } });
    expect(bucket?.points).toBe(3);
  });

  it("stores no e-mail address in clear", async () => {
    const email = uniqueEmail("private");
    await login(email, PASSWORD);
    const rows = await db().rateLimitBucket.findMany({ where: { key: { contains: email } } });
    expect(rows).toHaveLength(0);
    expect(await db().rateLimitBucket.findUnique({ where: { key: storedKey("loginAccount", email) } })).not.toBeNull();
  });
});

describe("expired buckets", () => {
  it("are deleted while limits are in use; live ones stay", async () => {
    const expired = storedKey("loginIp", `expired-${randomIp()}`);
    const live = storedKey("loginIp", `live-${randomIp()}`);
    await db().rateLimitBucket.createMany({
      data: [
        { key: expired, points: 3, expire: BigInt(Date.now() - 1000) },
        { key: live, points: 3, expire: BigInt(Date.now() + 60_000) },
      ],
    });
    sweepOnNextUse();
    await login(uniqueEmail(), PASSWORD);
    await waitFor(async () => !(await db().rateLimitBucket.findUnique({ where: { key: expired } })), {
      what: "the expired bucket to be deleted",
    });
    expect(await db().rateLimitBucket.findUnique({ where: { key: live } })).not.toBeNull();
  });
});
