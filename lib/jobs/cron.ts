import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import type { TaskList } from "graphile-worker";
import { Unauthorized } from "@/lib/errors";
import { env } from "@/lib/env";
import { runDueJobs, type DueRun } from "@/lib/jobs/run-due";

// GET /api/cron/jobs is for the scheduler alone (Vercel Cron sends `Authorization: Bearer
// $CRON_SECRET`). Without CRON_SECRET the route refuses everyone: an open route would let anyone
// make the server work through the queue at will.

/** How long one cron call runs jobs; the next call, a minute later, goes on. */
const CRON_RUN_LIMIT_MS = 50_000;

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Throws 401 unless the request carries the cron secret as its bearer. */
export function requireCronCaller(req: Request): void {
  const secret = env().CRON_SECRET;
  const given = req.headers.get("authorization") ?? "";
  // Digests of equal length, so the comparison takes the same time whatever was sent.
  if (!secret) console.warn("[jobs] GET /api/cron/jobs refused: CRON_SECRET is not set on this server");
  if (!secret || !timingSafeEqual(digest(given), digest(`Bearer ${secret}`))) {
    throw new Unauthorized("This route is for the job scheduler: send Authorization: Bearer <CRON_SECRET>.");
  }
}

/** One scheduled run: every job due now, until none is left or the run's time is up. */
export function runScheduledJobs(taskList: TaskList): Promise<DueRun> {
  const url = env().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  return runDueJobs(url, taskList, { timeLimitMs: CRON_RUN_LIMIT_MS });
}
