import "server-only";
import { startMailWorker, type MailWorker } from "@/lib/email/worker";
import { mailWorkerSwitchedOff } from "@/lib/email/switch";
import { stopOnSignal } from "@/lib/stop-on-signal";
import { env } from "@/lib/env";

// The mail worker inside the Next.js server (started from instrumentation.ts), so one
// `npm start` or `npm run dev` sends mail with nothing else to run, and the dev outbox sits in
// the server's own memory. MAIL_WORKER=off leaves mail to separate `npm run worker` processes
// (e.g. a serverless host, or to scale sending apart from the shop).

type Handle = { stop: () => Promise<void> };

// On globalThis: one worker per process even when dev reloads this module.
const globalForWorker = globalThis as unknown as { freshBowlMailWorker?: Handle };

const RETRY_START_MAX_MS = 60_000;

export function startMailWorkerInServer(): void {
  if (globalForWorker.freshBowlMailWorker) return;
  // `next build` may load instrumentation while prerendering; it has no database to work on.
  if (env().isBuildPhase) return;
  if (mailWorkerSwitchedOff()) {
    console.info("[mail] MAIL_WORKER=off: this server only queues mail; run `npm run worker` to send it.");
    return;
  }
  const connectionString = env().DATABASE_URL;
  if (!connectionString) {
    console.warn("[mail] DATABASE_URL is not set: no mail worker in this server.");
    return;
  }

  let worker: MailWorker | undefined;
  let stopped = false;
  let wake: (() => void) | undefined;

  // The database may not be reachable yet (a restart, a failover): keep trying in the
  // background; queued mail waits safely in the table meanwhile, and the shop serves on.
  const started = (async () => {
    for (let delay = 1_000; !stopped; delay = Math.min(delay * 2, RETRY_START_MAX_MS)) {
      try {
        worker = await startMailWorker({ connectionString });
        if (stopped) await worker.stop();
        return;
      } catch (error) {
        console.error(
          `[mail] could not start the mail worker, retrying in ${delay / 1000} s: ${error instanceof Error ? error.message : String(error)}`,
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
  globalForWorker.freshBowlMailWorker = handle;

  // Stop the worker gracefully when the server is told to end (the server waits for it).
  stopOnSignal(() => handle.stop());
}
