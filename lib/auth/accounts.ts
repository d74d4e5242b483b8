import "server-only";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { env } from "@/lib/env";
import { Conflict, Forbidden, Invalid, Unauthorized } from "@/lib/errors";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "@/lib/auth/password";
import { CONFIRM_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS, hashToken, looksLikeToken, newToken } from "@/lib/auth/tokens";
import { encodeSession } from "@/lib/auth/jwt";
import type { SessionUser } from "@/lib/auth/session";
import type { Role } from "@/lib/auth/types";
import { consume, refund, reset } from "@/lib/rate-limit";
import { networkOf } from "@/lib/client-ip";
import { queueMail } from "@/lib/jobs/mail";
import { linkMailJob } from "@/lib/auth/link-mail";
import { newId } from "@/lib/db/ids";
import { namedStatement, rowsIn } from "@/lib/db/named-sql";
import type { TokenKind } from "@/lib/generated/prisma/client";
import type { Transaction } from "@/lib/db/types";

// The account journey: register, confirm, sign in, resend, forgot and reset password.
// Replies about an e-mail address never reveal whether an account exists (except register's
// 409, which the contract asks for).

const MESSAGES = {
  registered: "Registration successful! Please check your email to confirm.",
  emailTaken: "An account with this email already exists.",
  badCredentials: "Invalid email or password.",
  unconfirmed: "Please confirm your email before logging in.",
  resent: "If this email belongs to an account that still needs confirming, a new confirmation link is on its way.",
  resetSent: "If an account exists for this email, a password reset link is on its way.",
  confirmed: "Email confirmed successfully!",
  confirmInvalid: "This confirmation link is invalid or has already been used.",
  confirmExpired: "This confirmation link has expired. Please request a new one.",
  resetInvalid: "Invalid or expired token",
  resetDone: "Password reset successfully!",
} as const;

function toSessionUser(u: { id: string; name: string; email: string; role: Role }): SessionUser {
  return { id: u.id, name: u.name, email: u.email, role: u.role };
}

/** The user as the API shows it: both `id` and `_id` for clients of the old app. */
export function publicUser(u: SessionUser) {
  return { id: u.id, _id: u.id, name: u.name, email: u.email, role: u.role };
}

const LINK_MAILS = {
  confirm_email: { mail: "confirm-email", path: "/confirm/", ttlMs: CONFIRM_TOKEN_TTL_MS },
  reset_password: { mail: "reset-password", path: "/reset-password/", ttlMs: RESET_TOKEN_TTL_MS },
} as const;

/**
 * Issues a one-time token and queues the mail carrying its link, on the caller's transaction:
 * the token and its mail exist together or not at all. The mail goes out after the commit.
 */
async function issueTokenAndMail(tx: Transaction, userId: string, kind: TokenKind) {
  const { mail, path, ttlMs } = LINK_MAILS[kind];
  const { token, tokenHash } = newToken();
  await tx.oneTimeToken.create({ data: { userId, kind, tokenHash, expiresAt: new Date(Date.now() + ttlMs) } });
  await queueMail(tx, linkMailJob(mail, userId, `${env().appUrl}${path}${token}`));
}

export async function register(input: { name: string; email: string; password: string }, ip: string) {
  await consume("registerIp", ip);
  await consume("registerEmail", input.email);
  const existing = await db().user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) throw new Conflict(MESSAGES.emailTaken, {}, "email_taken");
  const passwordHash = await hashPassword(input.password, networkOf(ip));
  try {
    await db().$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { name: input.name, email: input.email, passwordHash, role: "user" },
        select: { id: true },
      });
      await issueTokenAndMail(tx, user.id, "confirm_email");
    });
  } catch (error) {
    // Two registrations racing for one address: the unique index decides.
    if (isUniqueViolation(error)) throw new Conflict(MESSAGES.emailTaken, {}, "email_taken");
    throw error;
  }
  return { message: MESSAGES.registered };
}

export async function login(input: { email: string; password: string }, ip: string) {
  const accountKey = input.email;
  // Points are spent before the password is checked (lib/rate-limit.ts): of any number of
  // sign-ins for one account arriving at once, only the allowance reaches the check; the rest,
  // a right password among them, get 429 until the window passes. A hash refused with 503
  // keeps its point: it was an attempt, and giving it back would let a flood retry for free.
  await consume("loginIp", ip);
  await consume("loginAccount", accountKey);
  const user = await db().user.findUnique({ where: { email: input.email } });
  const network = networkOf(ip);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password, network)
    : await verifyAgainstDummy(input.password, network);
  if (!user || !ok) throw new Unauthorized(MESSAGES.badCredentials, "bad_credentials");
  // The right password: the IP's limit counts failures only, and the account starts afresh.
  await Promise.all([refund("loginIp", ip), reset("loginAccount", accountKey)]);
  if (!user.emailConfirmedAt) throw new Forbidden(MESSAGES.unconfirmed, "email_unconfirmed");
  const sessionUser = toSessionUser(user);
  const token = await encodeSession({ sub: user.id, name: user.name, email: user.email, role: user.role, sv: user.sessionVersion });
  return { user: sessionUser, token };
}

/**
 * A token for the account at :email that may have it (an unconfirmed one only, for confirming);
 * expiry in SQL, as UTC, like Prisma's own DateTime columns (timestamp without time zone).
 */
const ISSUE_LINK_TOKEN = namedStatement(
  "accounts-issue-link-token",
  `INSERT INTO one_time_tokens (id, user_id, kind, token_hash, expires_at)
SELECT :id::text, u.id, :kind::"TokenKind", :tokenHash::text, (now() AT TIME ZONE 'UTC') + make_interval(secs => :seconds::int)
FROM users u
WHERE u.email = :email::text AND (NOT :onlyUnconfirmed::boolean OR u.email_confirmed_at IS NULL)
RETURNING user_id`,
);

/**
 * Forgot-password and resend-confirmation: the same statements whether or not the address has an
 * account that may get the mail, so the reply time does not tell (product.md §5). Looking the
 * account up first and writing only for a known one made a known address cost a transaction
 * more. Here both paths run one transaction: an INSERT … SELECT that writes the token only for
 * an account that may have it, and a queued mail job in every case. Both commits write (the job),
 * so both wait for the same WAL flush. With no such account the job names a fresh id that
 * belongs to nobody: the worker, off the request path, finds no recipient and sends nothing
 * (lib/email/compose.ts returns null).
 */
async function requestLinkMail(email: string, kind: TokenKind) {
  const { mail, path, ttlMs } = LINK_MAILS[kind];
  const { token, tokenHash } = newToken();
  const onlyUnconfirmed = kind === "confirm_email";
  await db().$transaction(async (tx) => {
    const issued = await rowsIn<{ user_id: string }>(
      tx,
      ISSUE_LINK_TOKEN({ id: newId(), kind, tokenHash, seconds: ttlMs / 1000, email, onlyUnconfirmed }),
    );
    const userId = issued[0]?.user_id ?? newId();
    await queueMail(tx, linkMailJob(mail, userId, `${env().appUrl}${path}${token}`));
  });
}

export async function resendConfirmation(email: string, ip: string) {
  await consume("mailIp", ip);
  await consume("mailEmail", `confirm:${email}`);
  await requestLinkMail(email, "confirm_email");
  return { message: MESSAGES.resent };
}

export async function forgotPassword(email: string, ip: string) {
  await consume("mailIp", ip);
  await consume("mailEmail", `reset:${email}`);
  await requestLinkMail(email, "reset_password");
  return { message: MESSAGES.resetSent };
}

async function findToken(token: string, kind: TokenKind) {
  if (!looksLikeToken(token)) return null;
  const row = await db().oneTimeToken.findUnique({ where: { tokenHash: hashToken(token) } });
  return row && row.kind === kind ? row : null;
}

export async function confirmEmail(token: string) {
  const row = await findToken(token, "confirm_email");
  if (!row || row.usedAt) throw new Invalid(MESSAGES.confirmInvalid, undefined, "token_invalid");
  if (row.expiresAt <= new Date()) throw new Invalid(MESSAGES.confirmExpired, undefined, "token_expired");
  const now = new Date();
  // Single use even under a double click: only the request that flips used_at wins.
  const claimed = await db().oneTimeToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
  if (claimed.count !== 1) throw new Invalid(MESSAGES.confirmInvalid, undefined, "token_invalid");
  await db().$transaction([
    db().user.updateMany({ where: { id: row.userId, emailConfirmedAt: null }, data: { emailConfirmedAt: now } }),
    db().oneTimeToken.updateMany({ where: { userId: row.userId, kind: "confirm_email", usedAt: null }, data: { usedAt: now } }),
  ]);
  return { message: MESSAGES.confirmed };
}

export async function verifyResetToken(token: string) {
  const row = await findToken(token, "reset_password");
  if (!row || row.usedAt || row.expiresAt <= new Date()) throw new Invalid(MESSAGES.resetInvalid, undefined, "token_invalid");
  return { valid: true as const };
}

export async function resetPassword(token: string, password: string, ip: string) {
  const row = await findToken(token, "reset_password");
  if (!row || row.usedAt || row.expiresAt <= new Date()) throw new Invalid(MESSAGES.resetInvalid, undefined, "token_invalid");
  const passwordHash = await hashPassword(password, networkOf(ip));
  const now = new Date();
  await db().$transaction(async (tx) => {
    const claimed = await tx.oneTimeToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
    if (claimed.count !== 1) throw new Invalid(MESSAGES.resetInvalid, undefined, "token_invalid");
    await tx.oneTimeToken.updateMany({ where: { userId: row.userId, kind: "reset_password", usedAt: null }, data: { usedAt: now } });
    const user = await tx.user.findUniqueOrThrow({ where: { id: row.userId }, select: { emailConfirmedAt: true } });
    // Opening the mailed link proves the address, so an unconfirmed account becomes confirmed.
    await tx.user.update({
      where: { id: row.userId },
      data: { passwordHash, sessionVersion: { increment: 1 }, emailConfirmedAt: user.emailConfirmedAt ?? now },
    });
  });
  await reset("loginAccount", (await db().user.findUniqueOrThrow({ where: { id: row.userId }, select: { email: true } })).email);
  return { message: MESSAGES.resetDone };
}

/**
 * Ends every session of the user on the server (logout). The new session version is announced
 * on commit (a trigger on users, like a password reset's and a role change's), and every
 * instance closes the user's live streams.
 */
export async function endSessions(userId: string) {
  await db().user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}
