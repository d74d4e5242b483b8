import "server-only";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import type { Transaction } from "@/lib/db/types";
import type { Role } from "@/lib/auth/types";

// Google and Facebook sign-in (product.md §5): a provider's sign-in links to the shop account of
// the same e-mail address only when the provider vouches that the person owns that address.
// Otherwise anyone could open a Google account on someone else's address (Google lets you, it
// just marks it unverified) and walk into their shop account, or register here first with a
// password of their own and wait for the owner to sign in with Google (pre-account takeover).

export type ProviderSignInRefusal = "no-email" | "unverified";
type ProviderAccount = { id: string; name: string; email: string; role: Role; sessionVersion: number };
export type ProviderSignInResult = { ok: true; account: ProviderAccount } | { ok: false; reason: ProviderSignInRefusal };

/**
 * Whether the provider vouches for the address in this profile (the provider's own, unmapped).
 * - Google: its OpenID Connect claim `email_verified` (Google hands out addresses it has not
 *   verified, e.g. a Google account opened on a non-Gmail address). Only an explicit true counts.
 * - Facebook: the Graph API returns `email` only for a confirmed, reachable primary address and
 *   leaves the field out otherwise (its User reference: "not returned if no valid email address is
 *   available"; accounts opened with a phone number have none). It has no separate flag, so
 *   an address present is an address Facebook confirmed.
 * - Any other provider: not vouched until someone reads its documentation and adds it here.
 */
export function providerVouches(provider: string, profile: Record<string, unknown> | undefined): boolean {
  if (!profile) return false;
  switch (provider) {
    case "google":
      return profile.email_verified === true || profile.email_verified === "true";
    case "facebook":
      return typeof profile.email === "string" && profile.email.includes("@");
    default:
      return false;
  }
}

const accountFields = { id: true, name: true, email: true, role: true, sessionVersion: true, emailConfirmedAt: true } as const;

function displayName(name: string | null | undefined, email: string) {
  return name?.trim() || email.split("@")[0];
}

async function link(tx: Transaction, email: string, name: string | null | undefined) {
  const existing = await tx.user.findUnique({ where: { email }, select: accountFields });
  if (!existing) {
    return tx.user.create({ data: { email, name: displayName(name, email), emailConfirmedAt: new Date() }, select: accountFields });
  }
  if (existing.emailConfirmedAt) return existing;
  // Never confirmed: whoever registered it never proved they own the address, and the provider
  // says the person signing in does. Their password goes, every session of the account ends and
  // so do links mailed for it; the name they typed is replaced by the owner's. Conditional on
  // still being unconfirmed, so a confirmation landing meanwhile (the owner, from the mail)
  // keeps the account as the owner made it.
  const now = new Date();
  const taken = await tx.user.updateMany({
    where: { id: existing.id, emailConfirmedAt: null },
    data: { passwordHash: null, sessionVersion: { increment: 1 }, emailConfirmedAt: now, name: displayName(name, email) },
  });
  if (taken.count === 1) await tx.oneTimeToken.updateMany({ where: { userId: existing.id, usedAt: null }, data: { usedAt: now } });
  return tx.user.findUniqueOrThrow({ where: { id: existing.id }, select: accountFields });
}

/**
 * Finds, creates or takes over the shop account for a provider sign-in, in one transaction.
 * Refused without an address, or with one the provider does not vouch for, whether or not an
 * account exists: linking would be the takeover above, and creating an account would mark an
 * unproven address confirmed (its owner could then never register it).
 */
export async function signInWithProvider(input: {
  email: string | null | undefined;
  name?: string | null;
  vouched: boolean;
}): Promise<ProviderSignInResult> {
  const email = input.email?.trim().toLowerCase();
  if (!email) return { ok: false, reason: "no-email" };
  if (!input.vouched) return { ok: false, reason: "unverified" };
  for (let attempt = 0; ; attempt++) {
    try {
      const a = await db().$transaction((tx) => link(tx, email, input.name));
      return { ok: true, account: { id: a.id, name: a.name, email: a.email, role: a.role, sessionVersion: a.sessionVersion } };
    } catch (error) {
      // Two first sign-ins racing to create the account: the unique index decides, then link.
      if (!isUniqueViolation(error) || attempt > 0) throw error;
    }
  }
}
