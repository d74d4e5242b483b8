import "server-only";
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { hashPassword, passwordProblem, verifyPassword } from "@/lib/auth/password";

export type AdminResult = { action: "created" | "updated"; email: string; generatedPassword?: string } | { action: "kept"; email: string };

export const DEFAULT_ADMIN_EMAIL = "admin@freshbowl.local";

/**
 * With ADMIN_EMAIL and ADMIN_PASSWORD set, creates or updates that admin (confirmed).
 * Otherwise, when the shop has no admin yet and `mayGenerate` (development: the caller prints
 * the password once), creates one with a generated password. Production never generates one: a
 * password printed to a server's log outlives the person who needed it.
 */
export async function ensureAdmin(
  prisma: PrismaClient,
  email?: string,
  password?: string,
  { mayGenerate = true }: { mayGenerate?: boolean } = {},
): Promise<AdminResult | null> {
  if (email && password) {
    // The bootstrap admin keeps the same rules as every account (issue 32, L10): a weak
    // ADMIN_PASSWORD stops the start with the rule it breaks, never becomes the kitchen's key.
    const problem = passwordProblem(password);
    if (problem) throw new Error(`ADMIN_PASSWORD: ${problem}`);
    const normalised = email.trim().toLowerCase();
    const existing = await prisma.user.findUnique({ where: { email: normalised } });
    // Every start and build runs this: the same password is not hashed again (nor its sessions ended).
    const same = existing?.passwordHash ? await verifyPassword(existing.passwordHash, password) : false;
    if (same && existing?.role === "admin" && existing.emailConfirmedAt) return { action: "kept", email: normalised };
    const passwordHash = same && existing?.passwordHash ? existing.passwordHash : await hashPassword(password);
    await prisma.user.upsert({
      where: { email: normalised },
      update: {
        passwordHash,
        role: "admin",
        emailConfirmedAt: existing?.emailConfirmedAt ?? new Date(),
        // A new password ends the sessions signed in with the old one, as a reset does.
        ...(same ? {} : { sessionVersion: { increment: 1 } }),
      },
      create: { email: normalised, name: "Admin", passwordHash, role: "admin", emailConfirmedAt: new Date() },
    });
    return { action: existing ? "updated" : "created", email: normalised };
  }
  const admin = await prisma.user.findFirst({ where: { role: "admin" }, select: { email: true } });
  if (admin) return { action: "kept", email: admin.email };
  if (!mayGenerate) return null;
  const generatedPassword = randomBytes(12).toString("base64url");
  await prisma.user.upsert({
    where: { email: DEFAULT_ADMIN_EMAIL },
    update: { passwordHash: await hashPassword(generatedPassword), role: "admin", emailConfirmedAt: new Date() },
    create: {
      email: DEFAULT_ADMIN_EMAIL,
      name: "Admin",
      passwordHash: await hashPassword(generatedPassword),
      role: "admin",
      emailConfirmedAt: new Date(),
    },
  });
  return { action: "created", email: DEFAULT_ADMIN_EMAIL, generatedPassword };
}

/** What the start script logs about the admin; the password only when it was generated here. */
export function adminLogLines(admin: AdminResult | null, loginUrl: string): string[] {
  if (!admin) return ["no admin account yet: set ADMIN_EMAIL and ADMIN_PASSWORD and start again to create one"];
  if (admin.action === "kept") return [];
  if (admin.action === "created" && admin.generatedPassword) {
    return [
      `created the admin account. Sign in at ${loginUrl} with\n    email:    ${admin.email}\n    password: ${admin.generatedPassword}\n  (shown once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`,
    ];
  }
  return [`admin account ${admin.email} ${admin.action}`];
}
