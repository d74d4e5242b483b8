import "server-only";
import type { SqlExecutor } from "@/lib/db/types";
import { namedStatement, runIn } from "@/lib/db/named-sql";

// The one way a job is queued: graphile-worker's documented SQL function `graphile_worker.add_job`
// (installed by lib/db/migrate.ts), called on the caller's transaction. The job becomes visible
// to a worker only when that transaction commits, so work the reply does not need (mail, refunds
// sent to the gateway, payment events, expiry) exists exactly when what caused it does. A worker
// is woken by the NOTIFY add_job sends at commit; jobs due later are found by polling.

/** graphile-worker waits exp(min(attempt, 10)) s between tries: 25 tries span about three days. */
const DEFAULT_MAX_ATTEMPTS = 25;

export type JobOptions = {
  /** Not before this time (default: now). */
  runAt?: Date;
  maxAttempts?: number;
};

/** Queues one `task` job with `payload` on the transaction `tx`. */
export async function queueJob(tx: SqlExecutor, task: string, payload: unknown, options: JobOptions = {}): Promise<void> {
  await queueJobs(tx, task, [payload], options);
}

/** Queues one `task` job per payload on the transaction `tx`, in one statement (many orders moved at once). */
async function queueJobs(tx: SqlExecutor, task: string, payloads: readonly unknown[], options: JobOptions = {}): Promise<void> {
  if (payloads.length === 0) return;
  await runIn(
    tx,
    ADD_JOBS({
      task,
      payloads: JSON.stringify(payloads),
      runAt: options.runAt?.toISOString() ?? null,
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    }),
  );
}

const ADD_JOBS = namedStatement(
  "jobs-add",
  `SELECT (graphile_worker.add_job(:task::text, payload, run_at => :runAt::timestamptz, max_attempts => :maxAttempts::int)).id
FROM json_array_elements(:payloads::json) AS payload`,
);

/**
 * The same for hand-written SQL run with `pg` (placing an order in one statement): an SQL
 * expression that queues a `task` job whose payload is the json expression `payloadSql` and
 * evaluates to the new job's id. Select it from a CTE that the main query references (PostgreSQL
 * skips a WITH query that only SELECTs and is never referenced). `payloadSql` and `runAtSql` are
 * SQL text put into the statement as they are: column references or parameter placeholders,
 * never values from a request.
 */
export function queueJobSql(task: string, payloadSql: string, options: { runAtSql?: string; maxAttempts?: number } = {}): string {
  if (!/^[a-z_]+$/.test(task)) throw new Error(`not a task name: ${task}`);
  const runAt = options.runAtSql ? `, run_at => (${options.runAtSql})::timestamptz` : "";
  const attempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(attempts) || attempts < 1) throw new Error(`maxAttempts must be a positive integer, got ${attempts}`);
  return `(graphile_worker.add_job('${task}', (${payloadSql})::json${runAt}, max_attempts => ${attempts})).id`;
}
