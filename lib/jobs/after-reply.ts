import "server-only";
import { after } from "next/server";
import type { TaskList } from "graphile-worker";
import { runDueJobs } from "@/lib/jobs/run-due";

// Where the server keeps no job worker running (Vercel, JOB_WORKER=off), the jobs a reply queued
// run in the same process right after that reply has gone out, through Next's after(); what is
// due later (retries, the expiry of an unpaid order) is run by GET /api/cron/jobs every minute.
//
// Why here and so:
// - Every reply that can queue a job (orders, status moves, register, resend, forgot-password,
//   payments, refunds, the gateway's webhooks) answers a state-changing call, and every route
//   handler is wrapped by lib/http.ts's route(): route() calls runJobsAfterReply() once for each
//   such call, so no handler has to remember it and a new one is covered as it is written. A call
//   that queued nothing costs a look at the queue after its reply, never time before it.
// - The kernel may not import the handlers (they belong to the domains and flows above it), so
//   instrumentation.ts hands the one task list (lib/flows/job-list.ts) to startJobWorkerInServer,
//   which keeps it here when it starts no worker. Nothing kept (a server running its own worker,
//   tests calling handlers directly): nothing to do.
// - One run at a time per process: a reply that comes while one is running asks it to look once
//   more when it ends, so a job committed during a run is not left for the cron.
// Kept on globalThis: instrumentation and the route handlers may load this module apart.

/** A run started after a reply starts no job after this; the cron takes what is left. */
const AFTER_REPLY_LIMIT_MS = 8_000;

type State = { connectionString: string; taskList: TaskList; running?: Promise<void>; again: boolean };
const globalForAfterReply = globalThis as unknown as { freshBowlJobsAfterReply?: State };

/** Called once at start by a server that runs no worker: from now on, replies run the jobs they queued. */
export function runJobsAfterReplies(taskList: TaskList, connectionString: string): void {
  globalForAfterReply.freshBowlJobsAfterReply ??= { connectionString, taskList, again: false };
}

function drain(state: State): Promise<void> {
  state.again = true;
  state.running ??= (async () => {
    try {
      while (state.again) {
        state.again = false;
        await runDueJobs(state.connectionString, state.taskList, { timeLimitMs: AFTER_REPLY_LIMIT_MS }).catch((error: unknown) =>
          console.error(`[jobs] could not run the jobs after a reply: ${error instanceof Error ? error.message : String(error)}`),
        );
      }
    } finally {
      state.running = undefined;
    }
  })();
  return state.running;
}

/** Inside a request: once the reply has gone out, runs what is due (when this server runs no worker). */
export function runJobsAfterReply(): void {
  const state = globalForAfterReply.freshBowlJobsAfterReply;
  if (state) after(() => drain(state));
}
