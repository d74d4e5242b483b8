import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Conflict, Forbidden, Invalid, Unauthorized } from "@/lib/errors";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "@/lib/auth/password";
import { CONFIRM_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS, hashToken, looksLikeToken, newToken } from "@/lib/auth/tokens";
import { encodeSession } from "@/lib/auth/jwt";
import type { SessionUser } from "@/lib/auth/session";
import { assertNotLimited, consume, penalise, reset } from "@/lib/rate-limit";
import { enqueueMail, linkMailJob } from "@/lib/email/queue";
import type { Prisma, TokenKind } from "@/lib/generated/prisma/client";

// The account journey: register, confirm, sign in, resend, forgot and reset password.
// Replies about an e-mail address never reveal whether an account exists (except register's
// 409, which the contract asks for).

export const MESSAGES = {
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

export function toSessionUser(u: { id: string; name: string; email: string; role: "user" | "admin" }): SessionUser {
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
async function issueTokenAndMail(tx: Prisma.TransactionClient, userId: string, kind: TokenKind) {
  const { mail, path, ttlMs } = LINK_MAILS[kind];
  const { token, tokenHash } = newToken();
  await tx.oneTimeToken.create({ data: { userId, kind, tokenHash, expiresAt: new Date(Date.now() + ttlMs) } });
  await enqueueMail(tx, linkMailJob(mail, userId, `${env().appUrl}${path}${token}`));
}

export async function register(input: { name: string; email: string; password: string }, ip: string) {
  await consume("registerIp", ip);
  await consume("registerEmail", input.email);
  const existing = await db().user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) throw new Conflict(MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password);
  try {
    await db().$transaction(async (tx) => {
      const user = await tx.user.create({ data: { name: input.name, email: input.email, passwordHash, role: "user" }, select: { id: true } });
      await issueTokenAndMail(tx, user.id, "confirm_email");
    });
  } catch (error) {
    // Two registrations racing for one address: the unique index decides.
    if ((error as { code?: string }).code === "P2002") throw new Conflict(MESSAGES.emailTaken);
    throw error;
  }
  return { message: MESSAGES.registered };
}

export async function login(input: { email: string; password: string }, ip: string) {
  const accountKey = input.email;
  await assertNotLimited("loginIp", ip);
  await assertNotLimited("loginAccount", accountKey);
  const user = await db().user.findUnique({ where: { email: input.email } });
  const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    await Promise.all([penalise("loginIp", ip), penalise("loginAccount", accountKey)]);
    throw new Unauthorized(MESSAGES.badCredentials);
  }
  if (!user.emailConfirmedAt) throw new Forbidden(MESSAGES.unconfirmed);
  await reset("loginAccount", accountKey);
  const sessionUser = toSessionUser(user);
  const token = await encodeSession({ sub: user.id, name: user.name, email: user.email, role: user.role, sv: user.sessionVersion });
  return { user: sessionUser, token };
}

export async function resendConfirmation(email: string, ip: string) {
  await consume("mailIp", ip);
  await consume("mailEmail", `confirm:${email}`);
  const user = await db().user.findUnique({ where: { email }, select: { id: true, emailConfirmedAt: true } });
  if (user && !user.emailConfirmedAt) await db().$transaction((tx) => issueTokenAndMail(tx, user.id, "confirm_email"));
  return { message: MESSAGES.resent };
}

export async function forgotPassword(email: string, ip: string) {
  await consume("mailIp", ip);
  await consume("mailEmail", `reset:${email}`);
  const user = await db().user.findUnique({ where: { email }, select: { id: true } });
  if (user) await db().$transaction((tx) => issueTokenAndMail(tx, user.id, "reset_password"));
  return { message: MESSAGES.resetSent };
}

async function findToken(token: string, kind: TokenKind) {
  if (!looksLikeToken(token)) return null;
  const row = await db().oneTimeToken.findUnique({ where: { tokenHash: hashToken(token) } });
  return row && row.kind === kind ? row : null;
}

export async function confirmEmail(token: string) {
  const row = await findToken(token, "confirm_email");
  if (!row || row.usedAt) throw new Invalid(MESSAGES.confirmInvalid);
  if (row.expiresAt <= new Date()) throw new Invalid(MESSAGES.confirmExpired);
  const now = new Date();
  // Single use even under a double click: only the request that flips used_at wins.
  const claimed = await db().oneTimeToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
  if (claimed.count !== 1) throw new Invalid(MESSAGES.confirmInvalid);
  await db().$transaction([
    db().user.updateMany({ where: { id: row.userId, emailConfirmedAt: null }, data: { emailConfirmedAt: now } }),
    db().oneTimeToken.updateMany({ where: { userId: row.userId, kind: "confirm_email", usedAt: null }, data: { usedAt: now } }),
  ]);
  return { message: MESSAGES.confirmed };
}

export async function verifyResetToken(token: string) {
  const row = await findToken(token, "reset_password");
  if (!row || row.usedAt || row.expiresAt <= new Date()) throw new Invalid(MESSAGES.resetInvalid);
  return { valid: true as const };
}

export async function resetPassword(token: string, password: string) {
  const row = await findToken(token, "reset_password");
  if (!row || row.usedAt || row.expiresAt <= new Date()) throw new Invalid(MESSAGES.resetInvalid);
  const passwordHash = await hashPassword(password);
  const now = new Date();
  await db().$transaction(async (tx) => {
    const claimed = await tx.oneTimeToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
    if (claimed.count !== 1) throw new Invalid(MESSAGES.resetInvalid);
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

/** Ends every session of the user on the server (logout). */
export async function endSessions(userId: string) {
  await db().user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}
