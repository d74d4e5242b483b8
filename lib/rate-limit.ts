import "server-only";
import { createHash } from "node:crypto";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { widerNetworks } from "@/lib/client-ip";
import { pool } from "@/lib/db";
import { RateLimited } from "@/lib/errors";
import { env } from "@/lib/env";

// Limits live in PostgreSQL (table rate_limit_buckets, created by the migrations), so they
// hold across several app instances.
//
// A point is spent *before* the work it limits (consume, one atomic upsert that returns the new
// count): however many requests for one key arrive at once, only `points` of them get through in
// a window. Checking first and recording the failure afterwards let a burst of parallel guesses
// all pass the check before any was recorded.

type Rule = { points: number; durationSeconds: number };

export const RULES = {
  /** sign-in attempts per account (a successful sign-in gives them back) */
  loginAccount: { points: 10, durationSeconds: 15 * 60 },
  /** failed sign-ins per IP (a successful sign-in gives its point back) */
  loginIp: { points: 50, durationSeconds: 15 * 60 },
  // Per-IP limits are generous (offices, campuses and mobile carriers share addresses);
  // the per-address limits below are what stop mail bombing of one inbox.
  registerIp: { points: 60, durationSeconds: 60 * 60 },
  registerEmail: { points: 5, durationSeconds: 60 * 60 },
  /** confirmation and reset mails per address */
  mailEmail: { points: 5, durationSeconds: 60 * 60 },
  mailIp: { points: 100, durationSeconds: 60 * 60 },
  // Orders per account and per IP (product.md §5); admins are not limited. Settings: lib/env.ts.
  orderAccount: {
    get points() {
      return env().ORDER_LIMIT_PER_ACCOUNT;
    },
    durationSeconds: 10 * 60,
  },
  orderIp: {
    get points() {
      return env().ORDER_LIMIT_PER_IP;
    },
    durationSeconds: 10 * 60,
  },
  /** complaints per account (product.md §11): each mails an acknowledgement, so a flood would mail-bomb */
  complaintAccount: { points: 5, durationSeconds: 60 * 60 },
  // Payment proofs per account (issue 32, M3): each new proof makes the shop ask the gateway.
  paymentProof: {
    get points() {
      return env().PAYMENT_PROOFS_PER_ACCOUNT;
    },
    durationSeconds: 15 * 60,
  },
} satisfies Record<string, Rule>;

export type RuleName = keyof typeof RULES;

/**
 * Rules whose refusal this instance remembers until the window ends, answering the key's next
 * requests from memory without asking PostgreSQL: a flood of orders from one account or address
 * would otherwise cost a database write and a pool connection each, beside real customers' orders. Only rules never refunded or reset: nothing can lift such a refusal early,
 * so every instance's memory agrees with the table.
 */
const REFUSALS_REMEMBERED: ReadonlySet<RuleName> = new Set(["orderAccount", "orderIp"]);

const TABLE = "rate_limit_buckets";

/** How often an instance deletes expired buckets (each instance sweeps; a sweep is one DELETE). */
const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

const globalForLimits = globalThis as unknown as {
  freshBowlLimiters?: { pool: ReturnType<typeof pool>; byRule: Map<RuleName, RateLimiterPostgres> };
  freshBowlLimitSweptAt?: number;
};

function limiter(name: RuleName): RateLimiterPostgres {
  const store = pool();
  // A limiter keeps the pool it was made with: after disconnectDb() made a new pool, make new ones.
  if (globalForLimits.freshBowlLimiters?.pool !== store) globalForLimits.freshBowlLimiters = { pool: store, byRule: new Map() };
  const limiters = globalForLimits.freshBowlLimiters.byRule;
  let l = limiters.get(name);
  // Some allowances are settings (read again after resetEnvCache() in tests): a changed one gets a new limiter.
  if (!l || l.points !== RULES[name].points) {
    l = new RateLimiterPostgres({
      storeClient: store,
      tableName: TABLE,
      tableCreated: true,
      // Its own timer would run a DELETE every few minutes per rule even on an idle server;
      // sweepIfDue below does it once per instance, only while limits are being used.
      clearExpiredByTimeout: false,
      keyPrefix: name,
      points: RULES[name].points,
      duration: RULES[name].durationSeconds,
      // Reaching one more than the allowance is the first refusal: remembered until the window ends.
      inMemoryBlockOnConsumed: REFUSALS_REMEMBERED.has(name) ? RULES[name].points + 1 : 0,
    });
    limiters.set(name, l);
  }
  return l;
}

// An IPv6 client is keyed per /64 (lib/client-ip.ts), but one network may hold 256 (/56) or
// 65,536 (/48) of those, each with a fresh allowance. So an IPv6 key also counts against its /56
// and its /48, each allowed this many times the rule's own points: a household's or an office's
// devices, not one network's every /64. A request refused for its /64 spends nothing wider, so
// one /64 alone cannot use up its neighbours' share.
const WIDER_ALLOWANCE = { 56: 4, 48: 16 } as const;

const globalForWiderLimits = globalThis as unknown as {
  freshBowlWiderLimiters?: { pool: ReturnType<typeof pool>; byName: Map<string, RateLimiterPostgres> };
};

function widerLimiter(name: RuleName, prefix: keyof typeof WIDER_ALLOWANCE): RateLimiterPostgres {
  const store = pool();
  if (globalForWiderLimits.freshBowlWiderLimiters?.pool !== store) {
    globalForWiderLimits.freshBowlWiderLimiters = { pool: store, byName: new Map() };
  }
  const limiters = globalForWiderLimits.freshBowlWiderLimiters.byName;
  const keyPrefix = `${name}/${prefix}`;
  const points = RULES[name].points * WIDER_ALLOWANCE[prefix];
  let l = limiters.get(keyPrefix);
  // An allowance may be a setting, read again after the environment changed (tests).
  if (!l || l.points !== points) {
    l = new RateLimiterPostgres({
      storeClient: store,
      tableName: TABLE,
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix,
      points,
      duration: RULES[name].durationSeconds,
    });
    limiters.set(keyPrefix, l);
  }
  return l;
}

/** The buckets one point of `name` for `key` is spent from, narrowest first. */
function bucketsFor(name: RuleName, key: string): { limiter: RateLimiterPostgres; key: string }[] {
  return [{ limiter: limiter(name), key }, ...widerNetworks(key).map((n) => ({ limiter: widerLimiter(name, n.prefix), key: n.key }))];
}

/**
 * The key as the limiter gets it: a SHA-256 of what the caller passed. The table's key column
 * is VARCHAR(255) and a 254-character e-mail or a long forwarded address would not fit (an
 * insert error, then a 500); hashed, every key fits, and the table holds no e-mail addresses
 * or IP addresses in clear.
 */
function hashed(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("base64url");
}

/** The row key a bucket is stored under (for tests and operators looking at the table). */
export function storedKey(name: RuleName, key: string): string {
  return `${name}:${hashed(key)}`;
}

function retryAfter(res: RateLimiterRes) {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** Deletes every expired bucket now. */
async function sweepExpiredBuckets(): Promise<number> {
  globalForLimits.freshBowlLimitSweptAt = Date.now();
  const res = await pool().query(`DELETE FROM "${TABLE}" WHERE expire < $1`, [Date.now()]);
  return res.rowCount ?? 0;
}

/** Starts a sweep when the last one is SWEEP_INTERVAL_MS old; never delays or fails the caller. */
function sweepIfDue() {
  const last = globalForLimits.freshBowlLimitSweptAt ?? 0;
  if (Date.now() - last < SWEEP_INTERVAL_MS) return;
  sweepExpiredBuckets().catch((error: Error) => console.warn(`Could not delete expired rate-limit buckets: ${error.message}`));
}

/** For tests: the next consume sweeps. */
export function sweepOnNextUse() {
  globalForLimits.freshBowlLimitSweptAt = 0;
}

/**
 * Spends one point; throws RateLimited once the allowance is used up (that attempt included), for
 * the key or, for an IPv6 client, its /56 or /48.
 */
export async function consume(name: RuleName, key: string) {
  sweepIfDue();
  for (const bucket of bucketsFor(name, key)) {
    try {
      await bucket.limiter.consume(hashed(bucket.key));
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new RateLimited(retryAfter(error));
      throw error;
    }
  }
}

/**
 * Gives back one point spent in the current window (an attempt that turned out fine). Never
 * below zero and never into a new window, unlike the library's reward(), which would start a
 * window at -1 if the old one had just ended.
 */
export async function refund(name: RuleName, key: string) {
  const keys = bucketsFor(name, key).map((bucket) => bucket.limiter.getKey(hashed(bucket.key)));
  await pool().query(`UPDATE "${TABLE}" SET points = points - 1 WHERE key = ANY($1) AND points > 0 AND expire > $2`, [keys, Date.now()]);
}

export async function reset(name: RuleName, key: string) {
  await limiter(name).delete(hashed(key));
}
