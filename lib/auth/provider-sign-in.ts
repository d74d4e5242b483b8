import "server-only";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import type { Transaction } from "@/lib/db/types";
import type { Role } from "@/lib/auth/types";
import { endSessions } from "@/lib/auth/accounts";
import { dropBidiControls } from "@/lib/text";

// Google and Facebook sign-in (product.md §5): a provider's sign-in links to the shop account of
// the same e-mail address only when the provider vouches that the person owns that address.
// Otherwise anyone could open a Google account on someone else's address (Google lets you, it
// just marks it unverified) and walk into their shop account, or register here first with a
// password of their own and wait for the owner to confirm the address and sign in with Google
// (pre-account takeover): the first sign-in through a provider removes such a password.

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

const accountFields = {
  id: true,
  name: true,
  email: true,
  role: true,
  sessionVersion: true,
  emailConfirmedAt: true,
  passwordHash: true,
} as const;

function displayName(name: string | null | undefined, email: string) {
  return dropBidiControls(name ?? "").trim() || email.split("@")[0];
}

/**
 * Links the account to `provider` and settles whose it is; `sessionsEnd` when someone else may
 * hold a session of it. The first sign-in through a provider is the owner proving the account
 * through it: a password set before then may be someone else's, even on a confirmed account
 * (they registered the address, the owner clicked the confirmation link), so it goes. A
 * password set afterwards came from a reset link mailed to the owner, and stays.
 */
async function link(tx: Transaction, email: string, name: string | null | undefined, provider: string) {
  const existing = await tx.user.findUnique({ where: { email }, select: accountFields });
  if (!existing) {
    const created = await tx.user.create({
      data: { email, name: displayName(name, email), emailConfirmedAt: new Date(), providerLinks: { create: { provider } } },
      select: accountFields,
    });
    return { account: created, sessionsEnd: false };
  }
  // Of two first sign-ins through one provider racing, only one inserts the link and takes over.
  const linked = await tx.providerLink.createMany({ data: { userId: existing.id, provider }, skipDuplicates: true });
  const firstThroughProvider = linked.count === 1;
  const now = new Date();
  if (!existing.emailConfirmedAt) {
    // Never confirmed: whoever registered it never proved they own the address, and the
    // provider says the person signing in does. Links mailed for it end too, and the name they
    // typed is replaced by the owner's. Conditional on still being unconfirmed, so a
    // confirmation landing meanwhile (the owner, from the mail) keeps the account as the owner
    // made it (its password then goes below, as on any confirmed account).
    const taken = await tx.user.updateMany({
      where: { id: existing.id, emailConfirmedAt: null },
      data: { passwordHash: null, emailConfirmedAt: now, name: displayName(name, email) },
    });
    if (taken.count === 1) {
      await tx.oneTimeToken.updateMany({ where: { userId: existing.id, usedAt: null }, data: { usedAt: now } });
      return { account: await reread(tx, existing.id), sessionsEnd: true };
    }
  }
  if (firstThroughProvider && existing.passwordHash !== null) {
    await tx.user.update({ where: { id: existing.id }, data: { passwordHash: null } });
    return { account: await reread(tx, existing.id), sessionsEnd: true };
  }
  return { account: existing, sessionsEnd: false };
}

function reread(tx: Transaction, id: string) {
  return tx.user.findUniqueOrThrow({ where: { id }, select: accountFields });
}

function providerAccount({ id, name, email, role, sessionVersion }: ProviderAccount): ProviderAccount {
  return { id, name, email, role, sessionVersion };
}

/**
 * Finds, creates or takes over the shop account for a provider sign-in, in one transaction.
 * Refused without an address, or with one the provider does not vouch for, whether or not an
 * account exists: linking would be the takeover above, and creating an account would mark an
 * unproven address confirmed (its owner could then never register it).
 */
export async function signInWithProvider(input: {
  provider: string;
  email: string | null | undefined;
  name?: string | null;
  vouched: boolean;
}): Promise<ProviderSignInResult> {
  const email = input.email?.trim().toLowerCase();
  if (!email) return { ok: false, reason: "no-email" };
  if (!input.vouched) return { ok: false, reason: "unverified" };
  for (let attempt = 0; ; attempt++) {
    try {
      const { account, sessionsEnd } = await db().$transaction((tx) => link(tx, email, input.name, input.provider));
      if (!sessionsEnd) return { ok: true, account: providerAccount(account) };
      // After the commit, once the password is gone: a session signed in with it meanwhile ends too.
      await endSessions(account.id);
      return {
        ok: true,
        account: providerAccount(await db().user.findUniqueOrThrow({ where: { id: account.id }, select: accountFields })),
      };
    } catch (error) {
      // Two first sign-ins racing to create the account: the unique index decides, then link.
      if (!isUniqueViolation(error) || attempt > 0) throw error;
    }
  }
}
