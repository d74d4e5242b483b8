import "server-only";
import type { Pool } from "pg";
import { MAIL_TASK } from "@/lib/jobs/mail";

// product.md §5: a mail that fails is retried at least once a minute for its first ten minutes,
// then with backoff. graphile-worker's own backoff (exp(attempts) seconds, not configurable in
// 0.17) already waits 148 s after the fifth failure, so the worker calls this every
// PACE_EVERY_MS to bring such retries forward. It uses only graphile-worker's public view and
// its documented reschedule_jobs(), which leaves jobs that a worker holds alone.

/** How often the worker runs paceRetries. */
export const PACE_EVERY_MS = 15_000;
/** Young failed mails run again within this much of the sweep: 15 s + 40 s (+ the 2 s poll) < 1 min. */
const NEXT_TRY_SECONDS = 40;
const YOUNG_MINUTES = 10;

/** Brings forward the next try of mails that failed within their first ten minutes; returns how many. */
export async function paceRetries(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM graphile_worker.reschedule_jobs(
       ARRAY(
         SELECT id FROM graphile_worker.jobs
         WHERE task_identifier = $1
           AND locked_at IS NULL
           AND attempts > 0 AND attempts < max_attempts
           AND created_at > now() - make_interval(mins => $2)
           AND run_at > now() + make_interval(secs => $3)
       ),
       run_at => now() + make_interval(secs => $3)
     )`,
    [MAIL_TASK, YOUNG_MINUTES, NEXT_TRY_SECONDS],
  );
  return rows.length;
}
