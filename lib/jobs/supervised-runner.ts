import "server-only";
import { EventEmitter } from "node:events";
import { run, type Logger, type Runner, type RunnerOptions, type WorkerEvents } from "graphile-worker";
import type { Pool } from "pg";
import { releaseWorkers } from "@/lib/jobs/abandoned-jobs";

// graphile-worker 0.17 shuts its runner down for good when it cannot write a job's outcome (the
// database went away at that moment: "queue is in an inconsistent state"), and that shutdown can
// itself hang forever (a failed batch leaves its batcher pending; seen in
// tests/integration/db-outage.test.ts). The shop must reconnect by itself (product.md §5), so
// this keeps a runner going: when the current one shuts down unasked, it waits a few seconds at
// most, kills it if it hangs, frees the jobs it still held (their outcome was lost; a mail already
// sent is dropped by Resend through its idempotency key) and starts another, with backoff while
// the database is away.

const SHUTDOWN_WAIT_MS = 5_000;
const RESTART_MAX_MS = 30_000;

type Running = { runner: Runner; poolId: string | undefined };

export type SupervisedRunner = { stop: () => Promise<void> };

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Starts graphile-worker's runner on `pool` (the first start's failure is thrown) and keeps one running until `stop()`. */
export async function runSupervised(
  pool: Pool,
  options: Omit<RunnerOptions, "pgPool" | "events">,
  logger: Logger,
): Promise<SupervisedRunner> {
  const events: WorkerEvents = new EventEmitter();
  // Jobs are locked under the id of the worker pool that took them.
  let createdPoolId: string | undefined;
  events.on("pool:create", ({ workerPool }) => (createdPoolId = workerPool.id));

  let stopped = false;
  let wake: (() => void) | undefined;
  const start = async (): Promise<Running> => {
    createdPoolId = undefined;
    const runner = await run({ ...options, pgPool: pool, events });
    return { runner, poolId: createdPoolId };
  };

  const replaced = new WeakSet<Runner>();
  const replace = async (dying: Running, why: string): Promise<void> => {
    if (stopped || replaced.has(dying.runner)) return;
    replaced.add(dying.runner);
    logger.warn(`the mail worker stopped (${why}); starting it again`);
    const ended = await Promise.race([
      dying.runner.promise.then(
        () => true,
        () => true,
      ),
      new Promise<false>((resolve) => setTimeout(resolve, SHUTDOWN_WAIT_MS, false)),
    ]);
    if (!ended) void dying.runner.kill("its shutdown hung").catch(() => undefined);
    for (let delay = 1_000; !stopped; delay = Math.min(delay * 2, RESTART_MAX_MS)) {
      try {
        if (dying.poolId) await releaseWorkers(pool, [dying.poolId]);
        const next = await start();
        if (stopped) return void (await next.runner.stop().catch(() => undefined));
        current = next;
        watch(next);
        logger.info("the mail worker is running again");
        return;
      } catch (error) {
        logger.warn(`could not restart the mail worker, retrying in ${delay / 1000} s: ${message(error)}`);
        // A timer that holds the process open: in `npm run worker` nothing else may be running
        // while the database is away, and the process would end.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  };
  const watch = (running: Running): void => {
    void running.runner.promise.then(() => "it ended", message).then((why) => replace(running, why));
  };

  let current = await start();
  watch(current);
  // The shutdown may hang before the runner's promise settles, so its start is the signal.
  events.on("pool:gracefulShutdown", ({ workerPool, message: why }) => {
    if (workerPool.id === current.poolId) void replace(current, why);
  });

  return {
    stop: async () => {
      stopped = true;
      wake?.();
      // A healthy runner lets the mails in hand finish; one already going down may never finish.
      if (!replaced.has(current.runner)) return void (await current.runner.stop().catch(() => undefined));
      await Promise.race([current.runner.kill().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, SHUTDOWN_WAIT_MS))]);
    },
  };
}
