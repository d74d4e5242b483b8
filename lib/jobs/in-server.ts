import "server-only";
import type { TaskList } from "graphile-worker";
import { startJobWorker, type JobWorker } from "@/lib/jobs/worker";
import { stopOnSignal } from "@/lib/stop-on-signal";
import { env } from "@/lib/env";

// The job worker inside the Next.js server (started from instrumentation.ts), so one
// `npm start` or `npm run dev` sends mail and runs the other jobs with nothing else to run, and
// the dev outbox sits in the server's own memory. JOB_WORKER=off leaves the jobs to separate
// `npm run worker` processes (e.g. to scale them apart from the shop), or to GET /api/cron/jobs.

type Handle = { stop: () => Promise<void> };

// On globalThis: one worker per process even when dev reloads this module.
const globalForWorker = globalThis as unknown as { freshBowlJobWorker?: Handle };

const RETRY_START_MAX_MS = 60_000;

export function startJobWorkerInServer(taskList: TaskList): void {
  if (globalForWorker.freshBowlJobWorker) return;
  // `next build` may load instrumentation while prerendering; it has no database to work on.
  if (env().isBuildPhase) return;
  if (env().jobWorkerOff) {
    console.info("[jobs] JOB_WORKER=off: this server only queues jobs; run `npm run worker` to run them.");
    return;
  }
  const connectionString = env().DATABASE_URL;
  if (!connectionString) {
    console.warn("[jobs] DATABASE_URL is not set: no job worker in this server.");
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
