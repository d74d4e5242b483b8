import { RULES, storedKey } from "@/lib/rate-limit";
import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import { mailbox, pauseMailWorker, resumeMailWorker } from "./setup";
import { linkIn, waitForMail, waitForMails } from "@/tests/support/mail-capture";
import { waitFor } from "@/tests/support/wait";
import { db } from "@/lib/db";
import { hashToken } from "@/lib/auth/tokens";
import { sessionCookieName } from "@/lib/auth/jwt";
import { POST as registerRoute } from "@/app/api/register/route";
import { POST as loginRoute } from "@/app/api/login/route";
import { POST as logoutRoute } from "@/app/api/logout/route";
import { GET as meRoute } from "@/app/api/me/route";
import { GET as sessionRoute } from "@/app/api/session/route";
import { POST as resendRoute } from "@/app/api/resend-confirmation/route";
import { POST as forgotRoute } from "@/app/api/forgot-password/route";
import { GET as confirmRoute } from "@/app/api/confirm/[token]/route";
import { GET as verifyResetRoute } from "@/app/api/verify-reset-token/[token]/route";
import { POST as resetRoute } from "@/app/api/reset-password/[token]/route";
import { call as callRoute, randomIp } from "@/tests/support/api";

// The account journey against the real route handlers, a real PostgreSQL and the real
// Resend SDK talking to the capture server.

const PASSWORD = "crunchy-greens-42";
const NEW_PASSWORD = "brand-new-salad-77";

type Handler = (req: NextRequest, ctx: { params: Promise<{ token: string }> }) => Promise<Response>;
type Body = Record<string, unknown>;

function uniqueEmail(prefix = "user") {
  return `${prefix}.${randomBytes(5).toString("hex")}@example.com`;
}

async function call(
  handler: Handler,
  path: string,
  init: { body?: unknown; raw?: string; headers?: Record<string, string>; ip?: string; method?: string; token?: string } = {},
) {
  const method = init.method ?? (init.body === undefined && init.raw === undefined ? "GET" : "POST");
  const reply = await callRoute(handler, method, path, { ...init, params: init.token === undefined ? {} : { token: init.token } });
  return { status: reply.status, headers: reply.headers, body: (reply.json ?? {}) as Body, text: reply.text, res: reply };
}

const register = (body: unknown, ip?: string) => call(registerRoute as Handler, "/api/register", { body, ip });
const login = (email: string, password: string, ip?: string) =>
  call(loginRoute as Handler, "/api/login", { body: { email, password }, ip });
const me = (headers: Record<string, string> = {}) => call(meRoute as Handler, "/api/me", { headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const confirm = (token: string) => call(confirmRoute as Handler, `/api/confirm/${token}`, { token });
const forgot = (email: string, ip?: string) => call(forgotRoute as Handler, "/api/forgot-password", { body: { email }, ip });
const resend = (email: string, ip?: string) => call(resendRoute as Handler, "/api/resend-confirmation", { body: { email }, ip });
const verifyReset = (token: string) => call(verifyResetRoute as Handler, `/api/verify-reset-token/${token}`, { token });
const resetPassword = (token: string, password: string) =>
  call(resetRoute as Handler, `/api/reset-password/${token}`, { body: { password }, token });

const mailsTo = (email: string) => mailbox.mails.filter((m) => m.to.includes(email));

/**
 * Sends `email` and then an address nobody has, and checks both get the same 200 reply: the
 * reply must not tell who has an account. Returns the unknown address, to check its mail.
 */
async function answersAlike(send: (email: string) => ReturnType<typeof call>, email: string): Promise<string> {
  const unknown = uniqueEmail("nobody");
  const known = await send(email);
  const other = await send(unknown);
  expect(known.status).toBe(200);
  expect(other.status).toBe(200);
  expect(known.body).toEqual(other.body);
  return unknown;
}

/** Waits for a mail to `email` with such a link (mail is sent by the queue worker) and returns the newest one's token. */
async function tokenFromLatestMail(email: string, pathPrefix: "/confirm/" | "/reset-password/") {
  const mail = await waitForMail(mailbox, (m) => m.to.includes(email) && m.text.includes(pathPrefix), {
    what: `a ${pathPrefix} mail to ${email}`,
  });
  return linkIn(mail, pathPrefix).split(pathPrefix)[1];
}

async function registered(name = "Asha Rao") {
  const email = uniqueEmail();
  const res = await register({ name, email, password: PASSWORD });
  expect(res.status).toBe(201);
  return { email, name };
}

async function confirmedUser(name = "Asha Rao") {
  const user = await registered(name);
  expect((await confirm(await tokenFromLatestMail(user.email, "/confirm/"))).status).toBe(200);
  return user;
}

describe("register", () => {
  it("creates the account (201) and mails a confirmation link", async () => {
    const email = uniqueEmail();
    const res = await register({ name: "Asha Rao", email, password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: "Registration successful! Please check your email to confirm." });
    const mails = await waitForMails(mailbox, (m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/confirm/i);
    expect(linkIn(mails[0], "/confirm/")).toMatch(/^http:\/\/localhost:3000\/confirm\/[A-Za-z0-9_-]{43}$/);
  });

  it("ignores a role sent by the client: every new account is a customer", async () => {
    const email = uniqueEmail();
    expect((await register({ name: "Sneaky", email, password: PASSWORD, role: "admin" })).status).toBe(201);
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    expect(user.role).toBe("user");
  });

  it("stores only an argon2id hash of the password", async () => {
    const { email } = await registered();
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain(PASSWORD);
  });

  it("refuses an e-mail already taken, whatever its case or surrounding spaces (409)", async () => {
    const email = uniqueEmail();
    expect((await register({ name: "First", email, password: PASSWORD })).status).toBe(201);
    for (const variant of [email.toUpperCase(), `  ${email}  `]) {
      const res = await register({ name: "Second", email: variant, password: PASSWORD });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe("An account with this email already exists.");
    }
    expect(await db().user.count({ where: { email } })).toBe(1);
  });

  it("refuses the most common passwords (400)", async () => {
    for (const password of ["password123", "12345678"]) {
      const email = uniqueEmail();
      const res = await register({ name: "Asha", email, password });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe("password");
      expect(res.body.error).toMatch(/too common/i);
      expect(await db().user.count({ where: { email } })).toBe(0);
    }
  });

  it("refuses a short password (400) and names the field", async () => {
    const res = await register({ name: "Asha", email: uniqueEmail(), password: "short1" });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("password");
    expect(res.body.error).toMatch(/password/i);
  });

  it("answers malformed JSON with 400, not 500", async () => {
    const res = await call(registerRoute as Handler, "/api/register", { raw: '{"name": "Asha", "email": ' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/json/i);
  });

  it("refuses a body over 100 KB (413)", async () => {
    const res = await register({ name: "x".repeat(110 * 1024), email: uniqueEmail(), password: PASSWORD });
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual(expect.any(String));
  });

  it.each(["Zoë O'Brien", "ಕನ್ನಡ ಹೆಸರು", "<b>bold</b>"])("accepts the name %s and returns it verbatim", async (name) => {
    const { email } = await confirmedUser(name);
    const res = await login(email, PASSWORD);
    expect(res.status).toBe(200);
    expect((res.body.user as Body).name).toBe(name);
    const token = res.body.token as string;
    expect(((await me(bearer(token))).body.user as Body).name).toBe(name);
  });
});

describe("confirm", () => {
  it("refuses to sign in before confirming (403, mentions confirming)", async () => {
    const { email } = await registered();
    const res = await login(email, PASSWORD);
    expect(res.status).toBe(403);
    expect(res.body.error).toContain("confirm your email");
  });

  it("confirms once (200), then the same link is refused (400)", async () => {
    const { email } = await registered();
    const token = await tokenFromLatestMail(email, "/confirm/");
    const first = await confirm(token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: "Email confirmed successfully!" });
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual(expect.any(String));
    expect(again.body.error).not.toContain("expired");
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it("refuses an expired link with a message containing 'expired'", async () => {
    const { email } = await registered();
    const token = await tokenFromLatestMail(email, "/confirm/");
    const updated = await db().oneTimeToken.updateMany({
      where: { tokenHash: hashToken(token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(updated.count).toBe(1);
    const res = await confirm(token);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain("expired");
    expect((await login(email, PASSWORD)).status).toBe(403);
  });

  it("refuses made-up tokens (400)", async () => {
    expect((await confirm("not-a-token")).status).toBe(400);
    expect((await confirm("A".repeat(43))).status).toBe(400);
  });
});

describe("login, me and logout", () => {
  it("signs in (200) with the user, a bearer token and an httpOnly session cookie", async () => {
    const { email, name } = await confirmedUser();
    const res = await login(email.toUpperCase(), PASSWORD);
    expect(res.status).toBe(200);
    const user = res.body.user as Body;
    expect(Object.keys(user).sort()).toEqual(["_id", "email", "id", "name", "role"]);
    expect(user).toMatchObject({ name, email, role: "user" });
    expect(user._id).toBe(user.id);
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.text).not.toMatch(/argon2|passwordHash/i);
    const cookie = res.res.headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`${sessionCookieName()}=`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
  });

  it("gives the same 401 text for a wrong password and an unknown e-mail", async () => {
    const { email } = await confirmedUser();
    const wrong = await login(email, "not-the-password");
    const unknown = await login(uniqueEmail("nobody"), PASSWORD);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toEqual(expect.any(String));
    expect(wrong.body).toEqual(unknown.body);
  });

  it("answers /api/me for a bearer token or the cookie, and 401 without either", async () => {
    const { email } = await confirmedUser();
    const { body } = await login(email, PASSWORD);
    const token = body.token as string;
    const withBearer = await me(bearer(token));
    expect(withBearer.status).toBe(200);
    expect((withBearer.body.user as Body).email).toBe(email);
    expect(withBearer.text).not.toMatch(/argon2|passwordHash/i);
    expect((await me({ cookie: `${sessionCookieName()}=${token}` })).status).toBe(200);
    const anonymous = await me();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toEqual(expect.any(String));
    expect((await me(bearer("garbage"))).status).toBe(401);
  });

  it("tells the header who is signed in: the user, or null (a 200 either way), never cached", async () => {
    const { email } = await confirmedUser();
    const token = (await login(email, PASSWORD)).body.token as string;
    const session = (headers: Record<string, string>) => call(sessionRoute as Handler, "/api/session", { headers });
    const signedIn = await session({ cookie: `${sessionCookieName()}=${token}` });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ email, role: "user" });
    expect(signedIn.text).not.toMatch(/argon2|passwordHash/i);
    expect(signedIn.headers.get("cache-control")).toMatch(/no-store/);
    const nobody = await session({});
    expect(nobody.status).toBe(200);
    expect(nobody.body).toEqual({ user: null });
    await call(logoutRoute as Handler, "/api/logout", { method: "POST", headers: bearer(token) });
    expect((await session(bearer(token))).body).toEqual({ user: null });
  });

  it("ends the session on the server at logout: the bearer token stops working", async () => {
    const { email } = await confirmedUser();
    const token = (await login(email, PASSWORD)).body.token as string;
    expect((await me(bearer(token))).status).toBe(200);
    const out = await call(logoutRoute as Handler, "/api/logout", { method: "POST", headers: bearer(token) });
    expect(out.status).toBe(200);
    expect(out.res.headers.get("set-cookie")).toMatch(/Max-Age=0/i);
    expect((await me(bearer(token))).status).toBe(401);
  });

  it("locks an account after 10 failed sign-ins: the 11th gets 429 with Retry-After, even with the right password", async () => {
    const { email } = await confirmedUser();
    const ip = randomIp();
    for (let i = 0; i < 10; i++) expect((await login(email, `wrong-password-${i}`, ip)).status).toBe(401);
    const locked = await login(email, PASSWORD, randomIp());
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(locked.body.error).toEqual(expect.any(String));
  });
});

describe("resend confirmation", () => {
  it("answers the same for an unknown e-mail, and mails only an account that needs it", async () => {
    const { email } = await registered();
    const unknown = await answersAlike(resend, email);
    const [first, second] = await waitForMails(mailbox, (m) => m.to.includes(email), 2);
    expect(mailsTo(unknown)).toHaveLength(0);
    // Each mail has its own link (both live until one is used).
    expect(linkIn(second, "/confirm/")).not.toBe(linkIn(first, "/confirm/"));
    expect((await confirm(linkIn(second, "/confirm/").split("/confirm/")[1])).status).toBe(200);
  });

  it("limits mails per address: 429 with Retry-After eventually, whatever the IP", async () => {
    const { email } = await registered();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 10; i++) {
      const res = await resend(email, randomIp());
      statuses.push(res.status);
      if (res.status === 429) {
        retryAfter = res.headers.get("retry-after");
        break;
      }
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(5);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe("forgot and reset password", () => {
  it("answers the same for an existing and an unknown e-mail, and mails only the existing one", async () => {
    const { email } = await confirmedUser();
    const unknown = await answersAlike(forgot, email);
    expect(await waitForMails(mailbox, (m) => m.to.includes(email) && m.text.includes("/reset-password/"))).toHaveLength(1);
    expect(mailsTo(unknown)).toHaveLength(0);
  });

  it("verifies reset tokens: 200 {valid:true} for a live one, 400 otherwise", async () => {
    const { email } = await confirmedUser();
    await forgot(email);
    const token = await tokenFromLatestMail(email, "/reset-password/");
    const ok = await verifyReset(token);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ valid: true });
    const bad = await verifyReset("A".repeat(43));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: "Invalid or expired token", code: "token_invalid" });
    expect((await verifyReset("short")).status).toBe(400);
  });

  it("resets once: the old password and every old session stop working", async () => {
    const { email } = await confirmedUser();
    const oldSession = (await login(email, PASSWORD)).body.token as string;
    expect((await me(bearer(oldSession))).status).toBe(200);

    await forgot(email);
    const token = await tokenFromLatestMail(email, "/reset-password/");
    const done = await resetPassword(token, NEW_PASSWORD);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: "Password reset successfully!" });

    const reused = await resetPassword(token, "another-fresh-salad-9");
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe("Invalid or expired token");
    expect((await verifyReset(token)).status).toBe(400);

    expect((await me(bearer(oldSession))).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(401);
    const fresh = await login(email, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("applies the password rules to the new password too", async () => {
    const { email } = await confirmedUser();
    await forgot(email);
    const token = await tokenFromLatestMail(email, "/reset-password/");
    const common = await resetPassword(token, "password123");
    expect(common.status).toBe(400);
    expect(common.body.field).toBe("password");
    // The refused attempt did not use up the link.
    expect((await verifyReset(token)).status).toBe(200);
  });
});

describe("per-IP limits", () => {
  it("50 failed sign-ins from one IP in 15 minutes, across accounts, then 429 for that IP only", async () => {
    const ip = randomIp();
    const { email } = await confirmedUser();
    for (let i = 0; i < RULES.loginIp.points; i++) {
      expect((await login(uniqueEmail("guess"), `wrong-${i}`, ip)).status).toBe(401);
    }
    const blocked = await login(email, PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await login(email, PASSWORD, randomIp())).status).toBe(200);
  });

  it("registrations from one IP are limited per hour", async () => {
    const ip = randomIp();
    const key = storedKey("registerIp", ip);
    await db().rateLimitBucket.upsert({
      where: { key },
      update: { points: RULES.registerIp.points, expire: BigInt(Date.now() + 60_000) },
      create: { key, points: RULES.registerIp.points, expire: BigInt(Date.now() + 60_000) },
    });
    const res = await register({ name: "Late Comer", email: uniqueEmail(), password: PASSWORD }, ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await register({ name: "Other Place", email: uniqueEmail(), password: PASSWORD }, randomIp())).status).toBe(201);
  });
});

describe("mails to an address nobody has confirmed carry nothing the registrant typed", () => {
  const words = "Visit evil.example now";
  const carries = (m: { html: string; text: string; subject: string }, text: string) =>
    [m.html, m.text, m.subject].some((part) => part.includes(text));

  it("the confirmation mail, first and resent, has no name in it", async () => {
    const { email } = await registered(words);
    await resend(email);
    const mails = await waitForMails(mailbox, (m) => m.to.includes(email) && m.text.includes("/confirm/"), 2);
    for (const mail of mails) {
      expect(carries(mail, "evil.example")).toBe(false);
      expect(mail.text).toMatch(/confirm/i);
    }
  });

  it("a reset mail greets by name only a confirmed account", async () => {
    const unconfirmed = await registered(words);
    await forgot(unconfirmed.email);
    const toUnconfirmed = await waitForMail(mailbox, (m) => m.to.includes(unconfirmed.email) && m.text.includes("/reset-password/"));
    expect(carries(toUnconfirmed, "evil.example")).toBe(false);

    const confirmedOne = await confirmedUser("Asha Rao");
    await forgot(confirmedOne.email);
    const toConfirmed = await waitForMail(mailbox, (m) => m.to.includes(confirmedOne.email) && m.text.includes("/reset-password/"));
    expect(carries(toConfirmed, "Asha Rao")).toBe(true);
  });
});

describe("forgot-password and resend-confirmation do the same work whether or not the account exists", () => {
  // What the request itself writes, looked at before the worker acts on it (timing is not
  // asserted: the same statements run either way, so there is nothing for a clock to tell).
  const queuedJobs = async (mail: string) =>
    Number(
      (await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM graphile_worker._private_jobs WHERE payload->>'mail' = ${mail}`)[0]
        .n,
    );

  afterEach(async () => {
    await resumeMailWorker();
  });

  async function jobsQueuedBy(mail: string, request: () => Promise<unknown>) {
    const before = await queuedJobs(mail);
    await request();
    return (await queuedJobs(mail)) - before;
  }

  it("forgot-password queues one mail job for a known and for an unknown address; only the known one gets mail", async () => {
    const { email } = await confirmedUser();
    const unknown = uniqueEmail("nobody");
    await pauseMailWorker();
    expect(await jobsQueuedBy("reset-password", () => forgot(email))).toBe(1);
    expect(await jobsQueuedBy("reset-password", () => forgot(unknown))).toBe(1);
    await resumeMailWorker();
    await waitForMail(mailbox, (m) => m.to.includes(email) && m.text.includes("/reset-password/"));
    await waitFor(async () => (await queuedJobs("reset-password")) === 0, { what: "both jobs to leave the queue" });
    expect(mailsTo(unknown)).toHaveLength(0);
  });

  it("resend-confirmation queues one mail job for an unconfirmed, a confirmed and an unknown address; only the unconfirmed one gets mail", async () => {
    const pending = await registered();
    const done = await confirmedUser();
    const unknown = uniqueEmail("nobody");
    await waitForMail(mailbox, (m) => m.to.includes(pending.email));
    await pauseMailWorker();
    for (const email of [pending.email, done.email, unknown]) expect(await jobsQueuedBy("confirm-email", () => resend(email))).toBe(1);
    await resumeMailWorker();
    await waitFor(async () => (await queuedJobs("confirm-email")) === 0, { what: "the jobs to leave the queue" });
    expect(mailsTo(pending.email)).toHaveLength(2);
    expect(mailsTo(done.email)).toHaveLength(1);
    expect(mailsTo(unknown)).toHaveLength(0);
  });
});
