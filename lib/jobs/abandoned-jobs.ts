import "server-only";
import type { Pool } from "pg";
import { MAIL_TASK } from "@/lib/jobs/mail";
import { MESSAGE_TASK } from "@/lib/jobs/messages";

// A worker that dies while it holds a mail (the instance is SIGKILLed, its machine goes away)
// leaves the job locked, and graphile-worker frees such locks only after 4 hours: the mail would
// wait that long, against product.md §5 (a try at least once a minute for the first ten
// minutes). Sending a mail takes well under a second, so a lock this old belongs to a worker
// that is gone. Freeing it may, at worst, send a mail twice; Resend drops the copy by the
// job's idempotency key (lib/email/task.ts). The outbox's push and WhatsApp messages are freed
// alike (each send gives up within seconds); a message sent just before its worker died may so
// reach the phone twice, which beats hours of silence.

/** A mail job locked longer than this is taken to be abandoned. */
export const ABANDONED_AFTER_SECONDS = 60;

/** Frees the jobs of workers that hold a mail job for longer than ABANDONED_AFTER_SECONDS; returns how many workers. */
export async function releaseAbandonedMail(pool: Pool): Promise<number> {
  // graphile-worker's documented force_unlock_workers() and its public jobs view, as
  // WorkerUtils.forceUnlockWorkers uses them.
  const { rows } = await pool.query<{ workers: string[] }>(
    `WITH gone AS (
       SELECT DISTINCT locked_by FROM graphile_worker.jobs
       WHERE task_identifier = ANY($1::text[]) AND locked_by IS NOT NULL AND locked_at < now() - make_interval(secs => $2)
     )
     SELECT ARRAY(SELECT locked_by FROM gone) AS workers, graphile_worker.force_unlock_workers(ARRAY(SELECT locked_by FROM gone))`,
    [[MAIL_TASK, MESSAGE_TASK], ABANDONED_AFTER_SECONDS],
  );
  return rows[0].workers.length;
}

/** Frees every job these (stopped) worker pools still hold. */
export async function releaseWorkers(pool: Pool, workerPoolIds: string[]): Promise<void> {
  await pool.query(`SELECT graphile_worker.force_unlock_workers($1::text[])`, [workerPoolIds]);
}
