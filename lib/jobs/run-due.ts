import "server-only";
import { EventEmitter } from "node:events";
import { runOnce, type TaskList, type WorkerEvents, type WorkerPool } from "graphile-worker";
import { Pool } from "pg";
import { JOB_PRESET, makeLogger, sweepJobs } from "@/lib/jobs/worker";

// Runs the jobs that are due now and returns once none is left (or the time limit has passed):
// what GET /api/cron/jobs and the after-reply run (lib/jobs/after-reply.ts) do where no worker
// keeps running, e.g. on Vercel. graphile-worker's runOnce takes each job under the same row lock
// a running worker takes, so it is safe beside workers, other instances and itself: a job runs
// once, whoever gets to it first. The worker's upkeep (mail retries brought forward, abandoned
// mail freed) runs first, as a running worker does it every few seconds.

export type DueRun = {
  /** Jobs that ran and succeeded. */
  ran: number;
  /** Jobs that ran and threw (each is retried later, as graphile-worker's backoff says). */
  failed: number;
  /** True when the time limit stopped the run with jobs perhaps still due. */
  stoppedAtLimit: boolean;
};

export type DueRunOptions = {
  /** After this long no further job is started; the ones running finish. */
  timeLimitMs: number;
  logLevel?: "info" | "warning";
};

// One small pool per database and process, kept between runs (a warm serverless function reuses
// it); idle connections close by themselves and never keep the process alive.
const globalForRuns = globalThis as unknown as { freshBowlDueRunPools?: Map<string, Pool> };

function poolFor(connectionString: string): Pool {
  const pools = (globalForRuns.freshBowlDueRunPools ??= new Map<string, Pool>());
  let pool = pools.get(connectionString);
  if (!pool) {
    pool = new Pool({ connectionString, max: 3, idleTimeoutMillis: 10_000, allowExitOnIdle: true });
    // A connection the database drops, idle or in use, must not crash the process; pg replaces it.
    const lost = (error: Error) => console.warn(`[jobs] database connection lost: ${error.message}`);
    pool.on("error", lost);
    pool.on("connect", (client) => client.on("error", lost));
    pools.set(connectionString, pool);
  }
  return pool;
}

/** Runs every job due now with its handler from `taskList`, two at a time. */
export async function runDueJobs(connectionString: string, taskList: TaskList, options: DueRunOptions): Promise<DueRun> {
  const pool = poolFor(connectionString);
  const logger = makeLogger(options.logLevel ?? "info");
  await sweepJobs(pool, logger);

  const result: DueRun = { ran: 0, failed: 0, stoppedAtLimit: false };
  const events: WorkerEvents = new EventEmitter();
  let workerPool: WorkerPool | undefined;
  events.on("pool:create", (event) => (workerPool = event.workerPool));
  events.on("job:success", () => (result.ran += 1));
  events.on("job:error", () => (result.failed += 1));
  const limit = setTimeout(() => {
    result.stoppedAtLimit = true;
    void Promise.resolve(workerPool?.gracefulShutdown("the time limit of this run has passed")).catch(() => undefined);
  }, options.timeLimitMs);
  try {
    await runOnce({ pgPool: pool, taskList, concurrency: 2, noHandleSignals: true, logger, events, preset: JOB_PRESET });
  } finally {
    clearTimeout(limit);
  }
  return result;
}
