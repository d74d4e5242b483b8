import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { requireCronCaller, runScheduledJobs } from "@/lib/jobs/cron";
import { taskList } from "@/lib/flows/job-list";

// The job queue's clock where no worker keeps running (product.md §15): Vercel Cron calls this
// every minute (vercel.json) with `Authorization: Bearer $CRON_SECRET`, and it runs every job
// that is due (retries, an unpaid order's expiry, anything a reply's own run left), for at most
// 50 seconds. Safe beside a running worker and other calls: each job runs once.
// Replies `{ ran, failed, stoppedAtLimit }`; 401 `{ error, code }` without the secret.

// Vercel's limit for this function: the run's time and the jobs it has in hand.
export const maxDuration = 60;

export const GET = route(async (req) => {
  requireCronCaller(req);
  return NextResponse.json(await runScheduledJobs(taskList), { headers: { "cache-control": "no-store" } });
});
