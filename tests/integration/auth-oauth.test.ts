import { describe, expect, it } from "vitest";
import type { NextAuthOptions } from "next-auth";
import { db } from "@/lib/db";
import { authOptions } from "@/lib/auth/options";
import { providerVouches, signInWithProvider } from "@/lib/auth/provider-sign-in";
import { POST as registerRoute } from "@/app/api/register/route";
import { POST as loginRoute } from "@/app/api/login/route";
import { confirmedAccount, post, uniqueEmail } from "@/tests/support/auth-calls";

// product.md §5: Google/Facebook sign-in links to an existing account only when the provider
// vouches for the e-mail; linking to an account that was never confirmed removes its password
// and ends its sessions (someone else may have registered it). Through next-auth's own
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

  it("with a verified address, links to a confirmed account as it is (password and sessions kept)", async () => {
    const email = uniqueEmail("customer");
    const before = await confirmedAccount(PASSWORD, email);
    const { allowed, claims } = await signIn("google", { email: email.toUpperCase(), email_verified: true, name: "Other Name" });
    expect(allowed).toBe(true);
    const after = await db().user.findUniqueOrThrow({ where: { email } });
    expect(after).toMatchObject({ passwordHash: before.passwordHash, sessionVersion: before.sessionVersion, name: before.name });
    expect(claims).toMatchObject({ sub: before.id, sv: before.sessionVersion });
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it("with a verified address and no account, creates a confirmed account without a password", async () => {
    const email = uniqueEmail("newcomer");
    const { allowed, claims } = await signIn("google", { email, email_verified: true, name: "New Comer" });
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

  it("without an address (a phone-number account), is refused", async () => {
    expect((await signIn("facebook", { name: "No Mail" })).allowed).toMatch(/\/login\?error=/);
  });
});

describe("the linking function", () => {
  it("takes over a never-confirmed account in one go even when two sign-ins race", async () => {
    const email = uniqueEmail("race");
    const squatter = await preRegistered(email);
    const results = await Promise.all([1, 2].map(() => signInWithProvider({ email, name: "Owner", vouched: true })));
    expect(results.every((r) => r.ok)).toBe(true);
    const owner = await db().user.findUniqueOrThrow({ where: { email } });
    // Only one of them found it unconfirmed: sessions ended once, not twice.
    expect(owner.sessionVersion).toBe(squatter.sessionVersion + 1);
    expect(owner.passwordHash).toBeNull();
  });

  it("refuses what the provider does not vouch for", async () => {
    expect(await signInWithProvider({ email: uniqueEmail(), vouched: false })).toEqual({ ok: false, reason: "unverified" });
    expect(await signInWithProvider({ email: "  ", vouched: true })).toEqual({ ok: false, reason: "no-email" });
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
