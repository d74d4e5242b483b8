import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

// OWASP ASVS 5.0 §6.2 (lengths in lib/schemas.ts): common passwords refused,
// argon2id with m = 47 MiB, t = 1 (OWASP's first recommended argon2id setting).


const ARGON2 = { algorithm: 2 /* Algorithm.Argon2id (an ambient const enum, not importable here) */, memoryCost: 47_104, timeCost: 1, parallelism: 1 } as const;

let common: Set<string> | undefined;

/** The bundled list of ~49,000 most common passwords (zxcvbn-ts, ranked by frequency). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so a reply does not reveal whether an account exists. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("fresh-bowl-timing-equaliser");
  await verifyPassword(await dummyHash, password);
  return false;
}
