import "server-only";
import { Logger, type TaskList } from "graphile-worker";
import { Pool } from "pg";
import { PACE_EVERY_MS, paceRetries } from "@/lib/jobs/retry-pace";
import { ABANDONED_AFTER_SECONDS, releaseAbandonedMail } from "@/lib/jobs/abandoned-jobs";
import { runSupervised, type SupervisedRunner } from "@/lib/jobs/supervised-runner";

// The job worker: graphile-worker takes queued jobs (woken at once by LISTEN/NOTIFY when a
// transaction that queued one commits; jobs due later and retries are found by polling) and runs
// each with its task's handler from the one list of them (lib/flows/job-list.ts). A task that
// throws is retried with backoff up to the job's max_attempts. It runs inside the server
// (instrumentation.ts) or on its own (`npm run worker`).

export type JobWorkerOptions = {
  connectionString: string;
  /** Every task's handler, by task name. */
  taskList: TaskList;
  /** Jobs run at once. Small, so a burst of mail never competes with the shop for connections. */
  concurrency?: number;
  /** The worker's own PostgreSQL connections (one of them held for LISTEN). */
  poolSize?: number;
  /** How often (ms) to look for jobs that have come due; new jobs do not wait for it. */
  pollInterval?: number;
  /** "warning" drops the worker's info lines too (tests). */
  logLevel?: "info" | "warning";
};

export type JobWorker = { stop: () => Promise<void> };

const COMPLETE_BATCH_MS = 50;

function makeLogger(logLevel: "info" | "warning"): Logger {
  return new Logger(() => (level, message) => {
    const lvl: string = level;
    if (lvl === "debug" || (lvl === "info" && logLevel !== "info")) return;
    // A line per job done at its first attempt would be one more write to the log per order;
    // failures, retries, jobs done after a retry and dropped jobs are logged.
    if (message.startsWith("Completed task") && !message.includes(", attempt ")) return;
    const line = `[jobs] ${message}`;
    if (lvl === "error") console.error(line);
    else if (lvl === "warning") console.warn(line);
    else console.info(line);
  });
}

/** Starts a worker on its own small pool; `stop()` lets running jobs finish, then closes it. */
export async function startJobWorker(options: JobWorkerOptions): Promise<JobWorker> {
  const logger = makeLogger(options.logLevel ?? "info");
  const pool = new Pool({ connectionString: options.connectionString, max: options.poolSize ?? 3 });
  // A connection that breaks (database restart, failover), idle or in use, must not crash the
  // process: pg drops it and graphile-worker reconnects by itself.
  pool.on("error", (error) => logger.warn(`database connection lost: ${error.message}`));
  pool.on("connect", (client) => client.on("error", (error) => logger.warn(`database connection lost: ${error.message}`)));

  const runOptions = {
    concurrency: options.concurrency ?? 2,
    pollInterval: options.pollInterval ?? 2_000,
    // Whoever starts the worker owns the process's signals (instrumentation, scripts/worker.ts).
    noHandleSignals: true,
    taskList: options.taskList,
    // No recurring jobs: do not look for a crontab file in the working directory.
    parsedCronItems: [],
    logger,
    // Marking a job done or failed is batched: unbatched, graphile-worker 0.17 fires that write
    // without awaiting it, so a database restart turns it into an unhandled rejection (which
    // ends a plain Node process, `npm run worker`) and the job stays locked. Batched, a failed
    // write stops the runner instead, and runSupervised starts another. Completions wait up to
    // COMPLETE_BATCH_MS for others: under a burst of orders one statement marks many jobs done.
    // A worker that dies in that window leaves its mails locked until
    // releaseAbandonedMail frees them; the resend is dropped by Resend (idempotencyKey).
    preset: { worker: { completeJobBatchDelay: COMPLETE_BATCH_MS, failJobBatchDelay: 0 } },
  };

  let runner: SupervisedRunner;
  try {
    runner = await runSupervised(pool, runOptions, logger);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }

  const sweep = () => {
    paceRetries(pool).catch((error: unknown) =>
      logger.warn(`could not pace mail retries: ${error instanceof Error ? error.message : String(error)}`),
    );
    releaseAbandonedMail(pool)
      .then((workers) => workers && logger.warn(`freed the mail held by ${workers} worker(s) gone for over ${ABANDONED_AFTER_SECONDS} s`))
      .catch((error: unknown) => logger.warn(`could not free abandoned mail: ${error instanceof Error ? error.message : String(error)}`));
  };
  // At once too: a restarted instance frees what its killed predecessor held.
  sweep();
  const pacer = setInterval(sweep, PACE_EVERY_MS);
  pacer.unref();

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      clearInterval(pacer);
      await runner.stop();
      await pool.end();
    })());
  return { stop };
}
