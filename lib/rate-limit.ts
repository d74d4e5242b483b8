import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { pool } from "@/lib/db";
import { RateLimited } from "@/lib/errors";

// Limits live in PostgreSQL (table rate_limit_buckets, created by the migrations), so they
// hold across several app instances.

type Rule = { points: number; durationSeconds: number };

export const RULES = {
  /** failed sign-ins per account */
  loginAccount: { points: 10, durationSeconds: 15 * 60 },
  /** failed sign-ins per IP */
  loginIp: { points: 50, durationSeconds: 15 * 60 },
  // Per-IP limits are generous (offices, campuses and mobile carriers share addresses);
  // the per-address limits below are what stop mail bombing of one inbox.
  registerIp: { points: 60, durationSeconds: 60 * 60 },
  registerEmail: { points: 5, durationSeconds: 60 * 60 },
  /** confirmation and reset mails per address */
  mailEmail: { points: 5, durationSeconds: 60 * 60 },
  mailIp: { points: 100, durationSeconds: 60 * 60 },
} satisfies Record<string, Rule>;

export type RuleName = keyof typeof RULES;

const globalForLimits = globalThis as unknown as { freshBowlLimiters?: Map<RuleName, RateLimiterPostgres> };

function limiter(name: RuleName): RateLimiterPostgres {
  globalForLimits.freshBowlLimiters ??= new Map();
  let l = globalForLimits.freshBowlLimiters.get(name);
  if (!l) {
    l = new RateLimiterPostgres({
      storeClient: pool(),
      tableName: "rate_limit_buckets",
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: name,
      points: RULES[name].points,
      duration: RULES[name].durationSeconds,
    });
    globalForLimits.freshBowlLimiters.set(name, l);
  }
  return l;
}

function retryAfter(res: RateLimiterRes) {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** Throws RateLimited when the key has used up its points, without spending one. */
export async function assertNotLimited(name: RuleName, key: string) {
  const res = await limiter(name).get(key);
  if (res && res.consumedPoints >= RULES[name].points) throw new RateLimited(retryAfter(res));
}

/** Spends one point; throws RateLimited once the allowance is used up. */
export async function consume(name: RuleName, key: string) {
  try {
    await limiter(name).consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new RateLimited(retryAfter(error));
    throw error;
  }
}

/** Records a failure without throwing (the caller answers the failure itself). */
export async function penalise(name: RuleName, key: string) {
  await limiter(name).penalty(key, 1);
}

export async function reset(name: RuleName, key: string) {
  await limiter(name).delete(key);
}
