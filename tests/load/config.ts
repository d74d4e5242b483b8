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

const count = (envName: string, flagName: string, fallback: number) => Math.round(positive(envName, flagName, fallback));

export const config = {
  /** Customers shopping at once; one who has placed `ordersPerCustomer` leaves and a new one comes. */
  customers: count("LOAD_CUSTOMERS", "customers", 40),
  /** Orders each customer places before leaving: more than three, so the kitchen must free an open order. */
  ordersPerCustomer: count("LOAD_ORDERS", "orders", 4),
  /** A customer's pause between two orders (ms, ±50%), and before the first. */
  thinkMs: positive("LOAD_THINK_MS", "think-ms", 2_000),
  /** Seconds of the quiet phase (customers and the kitchen only) whose order p99 is the yardstick. */
  quietSeconds: positive("LOAD_QUIET_SECONDS", "quiet-seconds", 20),
  /**
   * Seconds the p99s leave out after the instances start serving (the quiet phase's start) and
   * after each outage window and its grace: a started instance loads its code and both fill their
   * connection pools again then.
   */
  warmupSeconds: positive("LOAD_WARMUP_SECONDS", "warmup-seconds", 6),
  /** Seconds of the main phase at the least (abuse and faults); it goes on until every fault has been recovered from, plus `tailSeconds`. */
  seconds: positive("LOAD_SECONDS", "seconds", 30),
  /** Requests the abusive account keeps in flight at once, each sent as soon as the one before is answered. */
  abuseConnections: count("LOAD_ABUSE_CONNECTIONS", "abuse-connections", 4),
  /** Accounts holding live streams, each as many as one user may hold (STREAMS_PER_USER), half on each instance. */
  streamAccounts: count("LOAD_STREAM_ACCOUNTS", "stream-accounts", 200),
  /** Streams asked for beyond the instances' caps once those are full (each from an account of its own). */
  extraStreams: count("LOAD_EXTRA_STREAMS", "extra-streams", 10),
  /** The kitchen's hands: order status changes in flight at once. */
  kitchenWorkers: count("LOAD_KITCHEN_WORKERS", "kitchen-workers", 8),
  /** How long PostgreSQL stays down. */
  pgDownSeconds: positive("LOAD_PG_DOWN_SECONDS", "pg-down-seconds", 3),
  /**
   * Load kept up after the last recovery at the least, so the recovered stack is seen serving; it
   * goes on (up to twice the quiet phase) until the main phase's p99 rests on as many requests as the quiet one's.
   */
  tailSeconds: positive("LOAD_TAIL_SECONDS", "tail-seconds", 4),
  /** A 503 this long after an outage window closes still counts as inside it (replies already on their way). */
  graceSeconds: positive("LOAD_GRACE_SECONDS", "grace-seconds", 3),
  /** One request's timeout (ms); a timed-out request is retried with the same key. */
  timeoutMs: positive("LOAD_TIMEOUT_MS", "timeout-ms", 10_000),
  /** A checkout not acknowledged after this many seconds of retries counts as lost. */
  giveUpSeconds: positive("LOAD_GIVE_UP_SECONDS", "give-up-seconds", 90),
  /**
   * Seconds to wait after the load for every stored order's confirmation mail. A mail the killed
   * instance held is freed once its lock is 60 s old (lib/email/abandoned-jobs.ts), so this
   * covers that plus the sweeps' 15 s.
   */
  mailWaitSeconds: positive("LOAD_MAIL_WAIT_SECONDS", "mail-wait-seconds", 100),
};

export type LoadConfig = typeof config;

/** Real customers' order p99 under abuse and faults may be at most this many times the quiet phase's (issue 22). */
export const P99_FACTOR = 2;
