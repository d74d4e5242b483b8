import "server-only";
import type { TaskList } from "graphile-worker";
import { startJobWorker, type JobWorker } from "@/lib/jobs/worker";
import { runJobsAfterReplies } from "@/lib/jobs/after-reply";
import { stopOnSignal } from "@/lib/stop-on-signal";
import { env } from "@/lib/env";

// The job worker inside the Next.js server (started from instrumentation.ts), so one
// `npm start`, `npm run dev` or `next start` sends mail and runs the other jobs with nothing else
// to run, and the dev outbox sits in the server's own memory. With JOB_WORKER=off (implied on
// Vercel) no worker keeps running: each reply runs the jobs it queued once it has gone out
// (lib/jobs/after-reply.ts), GET /api/cron/jobs runs what comes due later, and separate
// `npm run worker` processes may run them too (graphile-worker's locks keep each job to one).

type Handle = { stop: () => Promise<void> };

// On globalThis: one worker per process even when dev reloads this module.
const globalForWorker = globalThis as unknown as { freshBowlJobWorker?: Handle };

const RETRY_START_MAX_MS = 60_000;

export function startJobWorkerInServer(taskList: TaskList): void {
  if (globalForWorker.freshBowlJobWorker) return;
  // `next build` may load instrumentation while prerendering; it has no database to work on.
  if (env().isBuildPhase) return;
  const connectionString = env().DATABASE_URL;
  if (!connectionString) {
    console.warn("[jobs] DATABASE_URL is not set: no job worker in this server.");
    return;
  }
  if (env().jobWorkerOff) {
    runJobsAfterReplies(taskList, connectionString);
    console.info("[jobs] no job worker in this server: jobs run after the reply that queued them and from GET /api/cron/jobs.");
    return;
  }

  let worker: JobWorker | undefined;
  let stopped = false;
  let wake: (() => void) | undefined;

  // The database may not be reachable yet (a restart, a failover): keep trying in the
  // background; queued jobs wait safely in the table meanwhile, and the shop serves on.
  const started = (async () => {
    for (let delay = 1_000; !stopped; delay = Math.min(delay * 2, RETRY_START_MAX_MS)) {
      try {
        worker = await startJobWorker({ connectionString, taskList });
        if (stopped) await worker.stop();
        return;
      } catch (error) {
        console.error(
          `[jobs] could not start the job worker, retrying in ${delay / 1000} s: ${error instanceof Error ? error.message : String(error)}`,
        );
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, delay).unref();
        });
      }
    }
  })();

  let stopping: Promise<void> | undefined;
  const handle: Handle = {
    stop: () =>
      (stopping ??= (async () => {
        stopped = true;
        wake?.();
        await started;
        await worker?.stop();
      })()),
  };
  globalForWorker.freshBowlJobWorker = handle;

  // Stop the worker gracefully when the server is told to end (the server waits for it).
  stopOnSignal(() => handle.stop());
}
