import "server-only";
import type { SqlExecutor } from "@/lib/db/types";
import { isStatusMailStatus, mailJobSchema } from "@/lib/email/schema";
import type { LinkMail, LinkMailJob, MailJob } from "@/lib/email/types";
import type { OrderStatus } from "@/lib/orders/status";
import type { OrderActor } from "@/lib/orders/types";
import { seal } from "@/lib/email/seal";

// Every mail is a graphile-worker job written in the same transaction (or the same statement)
// as what caused it: if that rolls back, no mail goes out; once it commits, the mail is not lost
// to a crash or a provider outage, and the reply never waits for the provider. The worker
// (lib/email/worker.ts) renders and sends it, retrying with backoff.
//
// Jobs are written with graphile-worker's documented SQL function `graphile_worker.add_job`,
// which lib/db/migrate.ts installs in every migrated database.

/** The one graphile-worker task that sends mail; the payload says which mail. */
export const MAIL_TASK = "send_mail";

/**
 * graphile-worker waits exp(min(attempt, 10)) seconds after each failure (≈ 3 s, 7 s, 20 s,
 * 55 s, … then 6 h); lib/email/retry-pace.ts keeps the first ten minutes to at least one try a
 * minute (product.md §5). 25 attempts cover a provider outage of about three days.
 */
export const MAIL_MAX_ATTEMPTS = 25;

/** What a sealed link is bound to: the same link does not open in another user's or kind's job. */
export function linkContext(mail: LinkMail, userId: string): string {
  return `${mail}:${userId}`;
}

/** A confirm or reset mail for `userId` with its link (containing the raw token) sealed. */
export function linkMailJob(mail: LinkMail, userId: string, url: string): LinkMailJob {
  return { mail, userId, link: seal(url, linkContext(mail, userId)) };
}

/**
 * The customer's mail about their order reaching `status` at `at`, moved there by `by`; null for
 * a move no one is mailed about (product.md §7: out for delivery, delivered, cancelled are).
 */
export function orderStatusMailJob(orderId: string, status: OrderStatus, by: OrderActor, at: Date): MailJob | null {
  return isStatusMailStatus(status) ? { mail: "order-status", orderId, status, by, at: at.toISOString() } : null;
}

/** The customer's mail that their order now arrives by `promisedBy` (product.md §9: running late). */
export function orderLateMailJob(orderId: string, promisedBy: Date): MailJob {
  return { mail: "order-late", orderId, promisedBy: promisedBy.toISOString() };
}

/**
 * Queues `job` on the transaction `tx`: it becomes visible to the worker only when that
 * transaction commits (the worker is woken by the NOTIFY add_job sends, delivered at commit).
 */
export async function enqueueMail(tx: SqlExecutor, job: MailJob): Promise<void> {
  await tx.$executeRaw`SELECT graphile_worker.add_job(${MAIL_TASK}, ${JSON.stringify(job)}::json, max_attempts => ${MAIL_MAX_ATTEMPTS}::int)`;
}

/** Queues every job of `jobs` on the transaction `tx` in one statement (many orders moved at once). */
export async function enqueueMails(tx: SqlExecutor, jobs: readonly MailJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await tx.$executeRaw`SELECT graphile_worker.add_job(${MAIL_TASK}, job, max_attempts => ${MAIL_MAX_ATTEMPTS}::int)
    FROM json_array_elements(${JSON.stringify(jobs)}::json) AS job`;
}

// ---------------------------------------------------------------------------------------------
// For hand-written SQL run with `pg` (e.g. placing an order in one statement).
//
// Each helper returns an SQL *expression* that queues the mail and evaluates to the new job's
// id (bigint). Select it from a CTE and reference that CTE from the main query: PostgreSQL does
// not run a WITH query that only SELECTs and is never referenced.
//
//   WITH o AS (INSERT INTO orders (…) VALUES (…) RETURNING id, …),
//        mail AS (SELECT ${orderConfirmationJobSql("o.id")} AS job_id FROM o)
//   SELECT o.*, (SELECT job_id FROM mail) AS mail_job_id FROM o
//
// The arguments are SQL text put into the statement as they are: pass column references or
// parameter placeholders, never values from a request.

/** Queues a mail whose payload is the SQL expression `payloadSql` (json or text holding a MailJob). */
function addMailJobSql(payloadSql: string): string {
  return `(graphile_worker.add_job('${MAIL_TASK}', (${payloadSql})::json, max_attempts => ${MAIL_MAX_ATTEMPTS})).id`;
}

/**
 * Queues the order confirmation for the order whose id is the SQL expression `orderIdSql` (e.g.
 * "o.id"); `orderSql`, a json expression (e.g. "$25::json"), carries the order as placed so the
 * worker need not read it.
 */
export function orderConfirmationJobSql(orderIdSql: string, orderSql?: string): string {
  const order = orderSql ? `, 'order', ${orderSql}` : "";
  return addMailJobSql(`json_build_object('mail', 'order-confirmation', 'orderId', ${orderIdSql}${order})`);
}

/**
 * The same with the payload as a bind parameter: `text` uses `$<paramIndex>`, `values` goes
 * into the statement's values at that position.
 *
 *   const mail = mailJobFragment(job, 3);
 *   await client.query(`WITH … SELECT …, ${mail.text} AS mail_job_id`, [a, b, ...mail.values]);
 */
export function mailJobFragment(job: MailJob, paramIndex: number): { text: string; values: [string] } {
  return { text: mailJobParameterSql(paramIndex), values: [JSON.stringify(mailJobSchema.parse(job))] };
}

/** mailJobFragment's `text` alone, for a statement written once and run with many jobs. */
function mailJobParameterSql(paramIndex: number): string {
  if (!Number.isInteger(paramIndex) || paramIndex < 1) throw new Error(`paramIndex must be a positive integer, got ${paramIndex}`);
  return addMailJobSql(`$${paramIndex}::json`);
}
