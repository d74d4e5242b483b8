import "server-only";
import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import { createHashGate, type HashGate } from "@/lib/auth/hash-gate";
import { libuvThreadPoolSize } from "@/lib/env";
import { registerApiSchema, resetPasswordApiSchema } from "@/lib/auth/schema";

// OWASP ASVS 5.0 §6.2 (lengths in lib/auth/schema.ts): common passwords refused,
// argon2id with m = 47 MiB, t = 1 (OWASP's first recommended argon2id setting).

const ARGON2 = {
  algorithm: 2 /* Algorithm.Argon2id (an ambient const enum, not importable here) */,
  memoryCost: 47_104,
  timeCost: 1,
  parallelism: 1,
} as const;

let common: Set<string> | undefined;

/** The bundled list of ~49,000 most common passwords (zxcvbn-ts, ranked by frequency). */
function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

// Hashing is bounded (product.md §5). Each argon2 call holds a core and 47 MiB for tens of
// milliseconds on one of libuv's threads, the pool that file reads, DNS lookups and zlib share.
// Unbounded, a flood of anonymous sign-ins could queue any number of hashes there and stall the shop.
// So: at most one hash per core, and always at least one libuv thread left for everything else;
// a queue of twice that many, so a short burst is absorbed (a queued sign-in waits about three
// hash times, well under a second); anything beyond is refused at once with 503 and Retry-After
// rather than waiting behind work the machine cannot catch up with. One network's flood cannot
// take the whole queue from everyone else (lib/auth/hash-gate.ts).
const LIBUV_THREADS = libuvThreadPoolSize();
export const HASH_SLOTS = Math.max(1, Math.min(availableParallelism(), LIBUV_THREADS - 1));
export const HASH_QUEUE = 2 * HASH_SLOTS;
/** The queue drains in a fraction of a second; a client is told to come back after one. */
export const HASH_RETRY_AFTER_SECONDS = 1;
/** The network of hashes the shop does for itself (the admin at start), and of callers that name none. */
const OWN_WORK = "shop";

// One gate per process: route handlers may be bundled with their own copy of this module.
const globalForHashing = globalThis as unknown as { freshBowlFairHashGate?: HashGate };
const gate = (globalForHashing.freshBowlFairHashGate ??= createHashGate({
  slots: HASH_SLOTS,
  queue: HASH_QUEUE,
  retryAfterSeconds: HASH_RETRY_AFTER_SECONDS,
}));

/**
 * `network`: whom the hash is for (lib/client-ip.ts networkOf). Throws ServiceUnavailable (503)
 * when the machine is already hashing all it can.
 */
export function hashPassword(password: string, network = OWN_WORK): Promise<string> {
  return gate.run(network, () => hash(password, ARGON2));
}

/** As hashPassword: throws ServiceUnavailable (503) when the machine is already hashing all it can. */
export async function verifyPassword(passwordHash: string, password: string, network = OWN_WORK): Promise<boolean> {
  return gate.run(network, async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

/**
 * A hash made with ARGON2's settings (of a password nobody uses), so checking against it costs what
 * a real check costs. A constant rather than hashed at first use: that first hash could be
 * refused by the gate and a cached refusal would fail every later check. Regenerate it when
 * ARGON2 changes (a unit test compares their parameters).
 */
export const DUMMY_HASH = "$argon2id$v=19$m=47104,t=1,p=1$+jGXMfkNU4Co+IUjlpYsNg$S2Yya3BCsPiGvAAublYOj2lyzw0D17R8Rh6HiW9HtjU";

/** Spends the same time as a real check, so a reply does not reveal whether an account exists. */
export async function verifyAgainstDummy(password: string, network = OWN_WORK): Promise<false> {
  await verifyPassword(DUMMY_HASH, password, network);
  return false;
}

// The API's account schemas with the common-password check on top (server only: the list is big).
const COMMON = "This password is too common. Please choose a less common one.";

export const registerServerSchema = registerApiSchema.refine((v) => !isCommonPassword(v.password), {
  message: COMMON,
  path: ["password"],
});

export const resetPasswordServerSchema = resetPasswordApiSchema.refine((v) => !isCommonPassword(v.password), {
  message: COMMON,
  path: ["password"],
});

/** Why `password` breaks the password rules (product.md §5: length, the common list), or null when it keeps them. */
export function passwordProblem(password: string): string | null {
  const parsed = resetPasswordServerSchema.safeParse({ password });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "This password is not allowed.");
}
