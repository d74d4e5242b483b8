import { describe, expect, it } from "vitest";
import type { NextAuthOptions } from "next-auth";
import { db } from "@/lib/db";
import { authOptions } from "@/lib/auth/options";
import { providerVouches, signInWithProvider } from "@/lib/auth/provider-sign-in";
import { newToken } from "@/lib/auth/tokens";
import type { TokenKind } from "@/lib/generated/prisma/client";
import { POST as registerRoute } from "@/app/api/register/route";
import { POST as loginRoute } from "@/app/api/login/route";
import { GET as meRoute } from "@/app/api/me/route";
import { GET as confirmRoute } from "@/app/api/confirm/[token]/route";
import { POST as resetRoute } from "@/app/api/reset-password/[token]/route";
import { call } from "@/tests/support/api";
import { confirmedAccount, post, uniqueEmail } from "@/tests/support/auth-calls";

// product.md §5: Google/Facebook sign-in links to an existing account only when the provider
// vouches for the e-mail; one that lands on an account with a password the owner has not yet
// proven through that provider removes the password and ends the account's sessions, whether or
// not the account was confirmed (someone else may have registered it). Through next-auth's own
// callbacks (what its OAuth callback route calls after talking to the provider) and the
// linking function itself, against the real database.

const PASSWORD = "crunchy-greens-42";
type Callbacks = NonNullable<NextAuthOptions["callbacks"]>;
type SignInArgs = Parameters<NonNullable<Callbacks["signIn"]>>[0];
type JwtArgs = Parameters<NonNullable<Callbacks["jwt"]>>[0];

/** What next-auth hands the callbacks after a Google or Facebook sign-in. */
function providerSignIn(provider: "google" | "facebook", profile: Record<string, unknown>) {
  const user = {
    id: `${provider}-123`,
    email: (profile.email as string | undefined) ?? null,
    name: (profile.name as string | undefined) ?? null,
  };
  const account = { provider, type: "oauth" as const, providerAccountId: `${provider}-123` };
  return { user, account, profile } as unknown as SignInArgs;
}

async function signIn(provider: "google" | "facebook", profile: Record<string, unknown>) {
  const callbacks = authOptions().callbacks!;
  const args = providerSignIn(provider, profile);
  const allowed = await callbacks.signIn!(args);
  if (allowed !== true) return { allowed, claims: undefined };
  const claims = await callbacks.jwt!({ token: {}, user: args.user, account: args.account, profile: args.profile } as unknown as JwtArgs);
  return { allowed, claims };
}

const login = (email: string, password: string) => post(loginRoute, "/api/login", { email, password });

/** A link of `kind` for the account, as the mail would carry it (the token; only its hash is stored). */
async function mailedToken(userId: string, kind: TokenKind) {
  const { token, tokenHash } = newToken();
  await db().oneTimeToken.create({ data: { userId, kind, tokenHash, expiresAt: new Date(Date.now() + 60_000) } });
  return token;
}

const confirmByLink = async (userId: string) => {
  const token = await mailedToken(userId, "confirm_email");
  return call(confirmRoute, "GET", `/api/confirm/${token}`, { params: { token } });
};

const resetByLink = async (userId: string, password: string) => {
  const token = await mailedToken(userId, "reset_password");
  return call(resetRoute, "POST", `/api/reset-password/${token}`, { params: { token }, body: { password } });
};

const me = (token: string) => call(meRoute, "GET", "/api/me", { headers: { authorization: `Bearer ${token}` } });

/** Someone registers `email` with their own password and name and never confirms it. */
async function preRegistered(email: string, name = "Not The Owner") {
  expect((await post(registerRoute, "/api/register", { name, email, password: PASSWORD })).status).toBe(201);
  return db().user.findUniqueOrThrow({ where: { email } });
}

describe("Google sign-in", () => {
  it("with an address Google has not verified, is refused for an existing account, which stays as it was", async () => {
    const email = uniqueEmail("victim");
    const before = await confirmedAccount(PASSWORD, email);
    const { allowed } = await signIn("google", { email, email_verified: false, name: "Intruder" });
    expect(allowed).toMatch(/\/login\?error=/);
    const after = await db().user.findUniqueOrThrow({ where: { email } });
    expect(after).toMatchObject({ passwordHash: before.passwordHash, sessionVersion: before.sessionVersion, name: before.name });
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it("without email_verified at all, is refused too, and creates no account", async () => {
    const email = uniqueEmail("nobody");
    expect((await signIn("google", { email, name: "Someone" })).allowed).toMatch(/\/login\?error=/);
    expect(await db().user.count({ where: { email } })).toBe(0);
  });

  it("with a verified address, takes over an account someone registered and never confirmed: password gone, sessions and links ended", async () => {
    const email = uniqueEmail("owner");
    const squatter = await preRegistered(email);
    expect((await login(email, PASSWORD)).status).toBe(403);

    const { allowed, claims } = await signIn("google", { email, email_verified: true, name: "Real Owner" });
    expect(allowed).toBe(true);
    const owner = await db().user.findUniqueOrThrow({ where: { email } });
    expect(owner.id).toBe(squatter.id);
    expect(owner.passwordHash).toBeNull();
    expect(owner.sessionVersion).toBe(squatter.sessionVersion + 1);
    expect(owner.emailConfirmedAt).not.toBeNull();
    expect(owner.name).toBe("Real Owner");
    expect(claims).toMatchObject({ sub: owner.id, sv: owner.sessionVersion, email });
    // The squatter's password no longer signs in, and the confirmation link they had mailed is void.
    expect((await login(email, PASSWORD)).status).toBe(401);
    expect(await db().oneTimeToken.count({ where: { userId: owner.id, usedAt: null } })).toBe(0);
  });

  it("on a confirmed account whose password it has not yet proven, removes the password and ends its sessions", async () => {
    // The remaining pre-account takeover: someone registers the owner's address, the owner
    // confirms it from the mail, and the registrant signs in with their password meanwhile.
    const email = uniqueEmail("confirmed-victim");
    const squatter = await preRegistered(email);
    expect((await confirmByLink(squatter.id)).status).toBe(200);
    const theirSession = await login(email, PASSWORD);
    expect(theirSession.status).toBe(200);
    expect((await me(theirSession.body.token as string)).status).toBe(200);

    const { allowed, claims } = await signIn("google", { email, email_verified: true, name: "Real Owner" });
    expect(allowed).toBe(true);
    const owner = await db().user.findUniqueOrThrow({ where: { email } });
    expect(owner.id).toBe(squatter.id);
    expect(owner.passwordHash).toBeNull();
    expect(owner.sessionVersion).toBeGreaterThan(squatter.sessionVersion);
    expect(claims).toMatchObject({ sub: owner.id, sv: owner.sessionVersion });
    expect((await login(email, PASSWORD)).status).toBe(401);
    expect((await me(theirSession.body.token as string)).status).toBe(401);
  });

  it("keeps a password set after the account was proven through Google, and keeps its sessions", async () => {
    const email = uniqueEmail("customer");
    const account = await confirmedAccount(PASSWORD, email);
    expect((await signIn("google", { email: email.toUpperCase(), email_verified: true, name: "Other Name" })).allowed).toBe(true);
    // The owner sets a password of their own through the mailed reset link.
    expect((await resetByLink(account.id, "owner-chosen-pass-9")).status).toBe(200);
    const session = await login(email, "owner-chosen-pass-9");
    expect(session.status).toBe(200);
    const before = await db().user.findUniqueOrThrow({ where: { email } });

    const { allowed, claims } = await signIn("google", { email, email_verified: true, name: "Other Name" });
    expect(allowed).toBe(true);
    const after = await db().user.findUniqueOrThrow({ where: { email } });
    expect(after).toMatchObject({ passwordHash: before.passwordHash, sessionVersion: before.sessionVersion, name: "Auth Tester" });
    expect(claims).toMatchObject({ sub: account.id, sv: before.sessionVersion });
    expect((await me(session.body.token as string)).status).toBe(200);
  });

  it("keeps a password set later on an account it created", async () => {
    const email = uniqueEmail("google-first");
    await signIn("google", { email, email_verified: true, name: "Google First" });
    const account = await db().user.findUniqueOrThrow({ where: { email } });
    expect((await resetByLink(account.id, "later-password-88")).status).toBe(200);
    expect((await signIn("google", { email, email_verified: true })).allowed).toBe(true);
    expect((await login(email, "later-password-88")).status).toBe(200);
  });

  it("with a verified address and no account, creates a confirmed account without a password", async () => {
    const email = uniqueEmail("newcomer");
    // The provider's name is a name like any other: bidirectional controls dropped (product.md §5).
    const { allowed, claims } = await signIn("google", { email, email_verified: true, name: "New \u202ECo\u2066mer" });
    expect(allowed).toBe(true);
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    expect(user).toMatchObject({ name: "New Comer", passwordHash: null, role: "user" });
    expect(user.emailConfirmedAt).not.toBeNull();
    expect(claims).toMatchObject({ sub: user.id });
  });
});

describe("Facebook sign-in", () => {
  it("links by the address Facebook returns (only confirmed addresses are returned)", async () => {
    const email = uniqueEmail("fb");
    const squatter = await preRegistered(email);
    expect((await signIn("facebook", { email, name: "Face Owner" })).allowed).toBe(true);
    const owner = await db().user.findUniqueOrThrow({ where: { email } });
    expect(owner).toMatchObject({ id: squatter.id, passwordHash: null, sessionVersion: squatter.sessionVersion + 1 });
  });

  it("counts as proving the account through Facebook only: a password proven through Google alone goes", async () => {
    const email = uniqueEmail("two-providers");
    const account = await confirmedAccount(PASSWORD, email);
    await signIn("google", { email, email_verified: true });
    expect((await resetByLink(account.id, "set-after-google-1")).status).toBe(200);
    expect((await signIn("facebook", { email })).allowed).toBe(true);
    expect((await db().user.findUniqueOrThrow({ where: { email } })).passwordHash).toBeNull();
    expect((await login(email, "set-after-google-1")).status).toBe(401);
  });

  it("without an address (a phone-number account), is refused", async () => {
    expect((await signIn("facebook", { name: "No Mail" })).allowed).toMatch(/\/login\?error=/);
  });
});

describe("the linking function", () => {
  it("takes over a never-confirmed account in one go even when two sign-ins race", async () => {
    const email = uniqueEmail("race");
    const squatter = await preRegistered(email);
    const results = await Promise.all([1, 2].map(() => signInWithProvider({ provider: "google", email, name: "Owner", vouched: true })));
    expect(results.every((r) => r.ok)).toBe(true);
    const owner = await db().user.findUniqueOrThrow({ where: { email } });
    // Only one of them found it unconfirmed: sessions ended once, not twice.
    expect(owner.sessionVersion).toBe(squatter.sessionVersion + 1);
    expect(owner.passwordHash).toBeNull();
  });

  it("takes a password off a confirmed account once even when two first sign-ins race", async () => {
    const email = uniqueEmail("race-confirmed");
    const before = await confirmedAccount(PASSWORD, email);
    const results = await Promise.all([1, 2].map(() => signInWithProvider({ provider: "google", email, vouched: true })));
    expect(results.every((r) => r.ok)).toBe(true);
    const after = await db().user.findUniqueOrThrow({ where: { email } });
    expect(after.sessionVersion).toBe(before.sessionVersion + 1);
    expect(after.passwordHash).toBeNull();
    expect(await db().providerLink.count({ where: { userId: before.id } })).toBe(1);
  });

  it("refuses what the provider does not vouch for", async () => {
    expect(await signInWithProvider({ provider: "google", email: uniqueEmail(), vouched: false })).toEqual({
      ok: false,
      reason: "unverified",
    });
    expect(await signInWithProvider({ provider: "google", email: "  ", vouched: true })).toEqual({ ok: false, reason: "no-email" });
  });

  it.each([
    ["google", { email: "a@example.com", email_verified: true }, true],
    ["google", { email: "a@example.com", email_verified: "true" }, true],
    ["google", { email: "a@example.com", email_verified: false }, false],
    ["google", { email: "a@example.com" }, false],
    ["facebook", { email: "a@example.com" }, true],
    ["facebook", {}, false],
    ["github", { email: "a@example.com", email_verified: true }, false],
  ] as const)("%s %j vouched: %s", (provider, profile, vouched) => {
    expect(providerVouches(provider, profile)).toBe(vouched);
  });
});
