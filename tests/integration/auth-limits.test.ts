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
