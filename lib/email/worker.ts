import "server-only";
import { Logger, type Task } from "graphile-worker";
import { Pool } from "pg";
import { MAIL_TASK } from "@/lib/email/queue";
import { mailJobSchema } from "@/lib/email/schema";
import { composeMail, UnsendableMail } from "@/lib/email/compose";
import { sendEmail } from "@/lib/email/send";
import { PACE_EVERY_MS, paceRetries } from "@/lib/email/retry-pace";
import { ABANDONED_AFTER_SECONDS, releaseAbandonedMail } from "@/lib/email/abandoned-jobs";
import { runSupervised, type SupervisedRunner } from "@/lib/email/supervised-runner";
import { paymentTasks } from "@/lib/payments/jobs";

// The mail worker: graphile-worker takes queued mails (woken at once by LISTEN/NOTIFY when a
// transaction that queued one commits; retries due later are found by polling), renders them
// and sends them. A task that throws is retried with backoff up to MAIL_MAX_ATTEMPTS times.
// It runs inside the server (instrumentation.ts) or on its own (`npm run worker`).

export type MailWorkerOptions = {
  connectionString: string;
  /** Mails sent at once. Small, so a burst of mail never competes with the shop for connections. */
  concurrency?: number;
  /** The worker's own PostgreSQL connections (one of them held for LISTEN). */
  poolSize?: number;
  /** How often (ms) to look for retries that have come due; new mails do not wait for it. */
  pollInterval?: number;
  /** "warning" drops the worker's info lines too (tests). */
  logLevel?: "info" | "warning";
};

export type MailWorker = { stop: () => Promise<void> };

const COMPLETE_BATCH_MS = 50;

function makeLogger(logLevel: "info" | "warning"): Logger {
  return new Logger(() => (level, message) => {
    const lvl: string = level;
    if (lvl === "debug" || (lvl === "info" && logLevel !== "info")) return;
    // A line per mail sent at its first attempt would be one more write to the log per order;
    // failures, retries, mail sent after a retry and dropped mail are logged.
    if (message.startsWith("Completed task") && !message.includes(", attempt ")) return;
    const line = `[mail] ${message}`;
    if (lvl === "error") console.error(line);
    else if (lvl === "warning") console.warn(line);
    else console.info(line);
  });
}

const sendMail: Task = async (payload, helpers) => {
  const job = mailJobSchema.safeParse(payload);
  try {
    // A malformed payload or a link that cannot be opened will never send: log it and let the
    // job go, rather than failing it 25 times over three days.
    if (!job.success)
      throw new UnsendableMail(`malformed ${MAIL_TASK} payload: ${job.error.issues.map((i) => i.path.join(".")).join(", ")}`);
    const mail = await composeMail(job.data);
    if (!mail) return;
    // Stable for every attempt of this job, and unlikely to meet another database's job ids.
    await sendEmail(mail, { idempotencyKey: `fresh-bowl-mail/${helpers.job.id}/${new Date(helpers.job.created_at).getTime()}` });
  } catch (error) {
    if (!(error instanceof UnsendableMail)) throw error;
    helpers.logger.error(`Dropped mail job ${helpers.job.id}: ${error.message}`);
  }
};

/** Starts a worker on its own small pool; `stop()` lets running mails finish, then closes it. */
export async function startMailWorker(options: MailWorkerOptions): Promise<MailWorker> {
  const logger = makeLogger(options.logLevel ?? "info");
  const pool = new Pool({ connectionString: options.connectionString, max: options.poolSize ?? 3 });
  // A connection that breaks (database restart, failover), idle or in use, must not crash the
  // process: pg drops it and graphile-worker reconnects by itself.
  pool.on("error", (error) => logger.warn(`database connection lost: ${error.message}`));
  pool.on("connect", (client) => client.on("error", (error) => logger.warn(`database connection lost: ${error.message}`)));

  const runOptions = {
    concurrency: options.concurrency ?? 2,
    pollInterval: options.pollInterval ?? 2_000,
    // Whoever starts the worker owns the process's signals (instrumentation, scripts/worker.ts).
    noHandleSignals: true,
    // The payment flow's jobs (webhook events, unpaid orders expiring) ride on the same worker.
    taskList: { [MAIL_TASK]: sendMail, ...paymentTasks },
    // No recurring jobs: do not look for a crontab file in the working directory.
    parsedCronItems: [],
    logger,
    // Marking a job done or failed is batched: unbatched, graphile-worker 0.17 fires that write
    // without awaiting it, so a database restart turns it into an unhandled rejection (which
    // ends a plain Node process, `npm run worker`) and the job stays locked. Batched, a failed
    // write stops the runner instead, and runSupervised starts another. Completions wait up to
    // COMPLETE_BATCH_MS for others: under a burst of orders one statement marks many mails done
    // (0.66 -> 0.1 per order). A worker that dies in that window leaves its mails locked until
    // releaseAbandonedMail frees them; the resend is dropped by Resend (idempotencyKey).
    preset: { worker: { completeJobBatchDelay: COMPLETE_BATCH_MS, failJobBatchDelay: 0 } },
  };

  let runner: SupervisedRunner;
  try {
    runner = await runSupervised(pool, runOptions, logger);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }

  const sweep = () => {
    paceRetries(pool).catch((error: unknown) =>
      logger.warn(`could not pace mail retries: ${error instanceof Error ? error.message : String(error)}`),
    );
    releaseAbandonedMail(pool)
      .then((workers) => workers && logger.warn(`freed the mail held by ${workers} worker(s) gone for over ${ABANDONED_AFTER_SECONDS} s`))
      .catch((error: unknown) => logger.warn(`could not free abandoned mail: ${error instanceof Error ? error.message : String(error)}`));
  };
  // At once too: a restarted instance frees what its killed predecessor held.
  sweep();
  const pacer = setInterval(sweep, PACE_EVERY_MS);
  pacer.unref();

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      clearInterval(pacer);
      await runner.stop();
      await pool.end();
    })());
  return { stop };
}
