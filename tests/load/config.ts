// The load-and-fault run's knobs (environment variables; `npm run test:load -- --customers=50`
// works too) and the fixed conditions every run keeps.

function flag(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

function positive(envName: string, flagName: string, fallback: number): number {
  const raw = flag(flagName) ?? process.env[envName];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${envName} (--${flagName}) must be a positive number (got "${raw}")`);
  return value;
}

export const config = {
  /** Customers checking out at once, each placing one order after another. */
  customers: Math.round(positive("LOAD_CUSTOMERS", "customers", 40)),
  /** Seconds of load at the least; the run goes on until every fault has been recovered from, plus `tailSeconds`. */
  seconds: positive("LOAD_SECONDS", "seconds", 30),
  /** Orders per customer at most (unset: as many as fit in the time). */
  ordersPerCustomer: (flag("orders") ?? process.env.LOAD_ORDERS) ? Math.round(positive("LOAD_ORDERS", "orders", 1)) : Infinity,
  /** A customer's pause between two checkouts (ms), so the run spans the faults without flooding a 2-core machine. */
  thinkMs: positive("LOAD_THINK_MS", "think-ms", 50),
  /** How long PostgreSQL stays down. */
  pgDownSeconds: positive("LOAD_PG_DOWN_SECONDS", "pg-down-seconds", 3),
  /** Load kept up after the last recovery, so the recovered stack is seen serving. */
  tailSeconds: positive("LOAD_TAIL_SECONDS", "tail-seconds", 4),
  /** A 503 this long after an outage window closes still counts as inside it (replies already on their way). */
  graceSeconds: positive("LOAD_GRACE_SECONDS", "grace-seconds", 3),
  /** One request's timeout (ms); a timed-out request is retried with the same key. */
  timeoutMs: positive("LOAD_TIMEOUT_MS", "timeout-ms", 10_000),
  /** A checkout not acknowledged after this many seconds of retries counts as lost. */
  giveUpSeconds: positive("LOAD_GIVE_UP_SECONDS", "give-up-seconds", 90),
  /** Sign-ins at once before the load (password hashing is bounded to the cores, product.md §5). */
  loginConcurrency: Math.round(positive("LOAD_LOGIN_CONCURRENCY", "login-concurrency", 2)),
  /**
   * Seconds to wait after the load for every stored order's confirmation mail. A mail the killed
   * instance held is freed once its lock is 60 s old (lib/email/abandoned-jobs.ts), so this
   * covers that plus the sweeps' 15 s.
   */
  mailWaitSeconds: positive("LOAD_MAIL_WAIT_SECONDS", "mail-wait-seconds", 100),
};

export type LoadConfig = typeof config;

/** The password every load customer has (any uncommon password of 8+ characters). */
export const CUSTOMER_PASSWORD = "load-run-customer-2026-bowls";
