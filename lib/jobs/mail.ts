import "server-only";
import { z } from "zod";
import type { SqlExecutor } from "@/lib/db/types";
import { namedStatement, runIn } from "@/lib/db/named-sql";
import { queueJobSql } from "@/lib/jobs/queue";

// The mail job: what any part of the shop may ask the mail domain to send, and how it asks. It
// lives in the kernel so that the domains that cause mail (accounts, orders, payments) queue it
// without importing the mail domain, which renders it from their data and so sits above them.
// The worker parses every payload with this schema before composing: a job table is data from
// outside the process.

/** The one graphile-worker task that sends mail; the payload says which mail. */
export const MAIL_TASK = "send_mail";

/**
 * The order as placed, written by the same statement as the order so the worker need not read it
 * back: checked only for what the mail cannot do without (validating every field again would
 * cost the worker more than the read it saves). Its full shape is the orders domain's ApiOrder.
 */
const placedOrderSnapshot = z.custom<PlacedOrderSnapshot>(
  (value) => {
    const order = value as Partial<PlacedOrderSnapshot> | null;
    return typeof order?.id === "string" && typeof order.user?.email === "string" && Array.isArray(order.items);
  },
  { message: "not a placed order" },
);

export type PlacedOrderSnapshot = { id: string; user: { email: string }; items: unknown[]; promisedBy?: string };

/**
 * The moves a customer is mailed about (product.md §7); the others (confirmed, preparing) show
 * on the order's page, and a mail for each would be noise.
 */
const STATUS_MAIL_STATUSES = ["out_for_delivery", "delivered", "cancelled"] as const;

export type StatusMailStatus = (typeof STATUS_MAIL_STATUSES)[number];

function isStatusMailStatus(status: string): status is StatusMailStatus {
  return (STATUS_MAIL_STATUSES as readonly string[]).includes(status);
}

/** Who moved an order, as its history records it. */
const ORDER_ACTORS = ["customer", "admin", "system", "rider"] as const;

/** A sealed link (lib/auth/seal.ts): the raw token never lies in the job table in clear. */
const sealedLink = z.string().startsWith("v1.");

export const mailJobSchema = z.discriminatedUnion("mail", [
  z.object({ mail: z.literal("confirm-email"), userId: z.string().min(1), link: sealedLink }),
  z.object({ mail: z.literal("reset-password"), userId: z.string().min(1), link: sealedLink }),
  // The id, and the order as it was placed (`order`): the worker then sends without reading it
  // back. A job with the id alone (hand-written SQL, jobs queued before) is read.
  z.object({ mail: z.literal("order-confirmation"), orderId: z.string().min(1), order: placedOrderSnapshot.optional() }),
  // Written with the move (lib/flows/move-orders.ts): where it went, when and by whom, as the
  // history recorded it; the order itself is read when the mail is sent.
  z.object({
    mail: z.literal("order-status"),
    orderId: z.string().min(1),
    status: z.enum(STATUS_MAIL_STATUSES),
    by: z.enum(ORDER_ACTORS),
    at: z.iso.datetime(),
  }),
  // Written with the delay (lib/orders/delay.ts): the promise as that delay set it; a later delay
  // queues its own mail, so an older one finds the order promised later and is not sent.
  z.object({ mail: z.literal("order-late"), orderId: z.string().min(1), promisedBy: z.iso.datetime() }),
  // Written with the refund (lib/payments/refunds.ts): the refund and its order are read when sent.
  z.object({ mail: z.literal("refund"), refundId: z.string().min(1) }),
  // Written with the complaint (lib/complaints/writes.ts): its acknowledgement, and its resolution
  // once an admin resolves it; the ticket is read when sent.
  z.object({ mail: z.literal("complaint-acknowledged"), complaintId: z.string().min(1) }),
  z.object({ mail: z.literal("complaint-resolved"), complaintId: z.string().min(1) }),
]);

export type MailJob = z.infer<typeof mailJobSchema>;
export type LinkMailJob = Extract<MailJob, { link: string }>;
export type LinkMail = LinkMailJob["mail"];

/**
 * A failing provider is retried at least once a minute for ten minutes (lib/jobs/retry-pace.ts),
 * then with graphile-worker's backoff: 25 attempts cover an outage of about three days.
 */
const MAIL_MAX_ATTEMPTS = 25;

/**
 * A mail about an order (or its refund) is also a row of the outbox (product.md §14), written by
 * the same statement as its job, which carries the row's id as `messageId`: the worker records
 * there whether it went. Other mails (links, complaints) are jobs only.
 */
const QUEUE_MAILS = namedStatement(
  "mails-queue",
  `WITH j AS (
  SELECT job, ord FROM json_array_elements(:payloads::json) WITH ORDINALITY AS p(job, ord)
), r AS (
  SELECT j.job, j.ord, o.id AS order_id, u.email, CASE WHEN o.id IS NULL THEN NULL ELSE gen_random_uuid()::text END AS message_id
  FROM j
  LEFT JOIN orders o ON o.id = coalesce(j.job->>'orderId', (SELECT f.order_id FROM refunds f WHERE f.id = j.job->>'refundId'))
  LEFT JOIN users u ON u.id = o.user_id
), m AS (
  INSERT INTO order_messages (id, order_id, channel, event, recipient)
  SELECT message_id, order_id, 'email'::"MessageChannel",
         CASE job->>'mail' WHEN 'order-confirmation' THEN 'placed' WHEN 'order-late' THEN 'delayed' WHEN 'refund' THEN 'refunded'
                           ELSE coalesce(job->>'status', job->>'mail') END,
         email
  FROM r WHERE message_id IS NOT NULL
  RETURNING 1
)
SELECT (graphile_worker.add_job('${MAIL_TASK}',
          CASE WHEN r.message_id IS NULL THEN r.job ELSE (r.job::jsonb || jsonb_build_object('messageId', r.message_id))::json END,
          max_attempts => :maxAttempts::int)).id
FROM r ORDER BY r.ord`,
);

/** Queues every mail of `jobs` on the transaction `tx`, in one statement. */
export async function queueMails(tx: SqlExecutor, jobs: readonly MailJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await runIn(tx, QUEUE_MAILS({ payloads: JSON.stringify(jobs), maxAttempts: MAIL_MAX_ATTEMPTS }));
}

/** The outbox row a queued mail records its outcome on (absent for mails about no order, and jobs queued before the outbox). */
export const mailMessageSchema = z.object({ messageId: z.string().min(1).optional() });

/** Queues `job` on the transaction `tx`. */
export async function queueMail(tx: SqlExecutor, job: MailJob): Promise<void> {
  await queueMails(tx, [job]);
}

/**
 * The customer's mail about their order reaching `status` at `at`, moved there by `by`; null for
 * a move no one is mailed about.
 */
export function orderStatusMailJob(orderId: string, status: string, by: (typeof ORDER_ACTORS)[number], at: Date): MailJob | null {
  return isStatusMailStatus(status) ? { mail: "order-status", orderId, status, by, at: at.toISOString() } : null;
}

/** The customer's mail that their order now arrives by `promisedBy` (product.md §9: running late). */
export function orderLateMailJob(orderId: string, promisedBy: Date): MailJob {
  return { mail: "order-late", orderId, promisedBy: promisedBy.toISOString() };
}

/**
 * For hand-written SQL: queues the order confirmation for the order whose id is the SQL
 * expression `orderIdSql` (e.g. "o.id"); `orderSql`, a json expression (e.g. "$25::json"),
 * carries the order as placed so the worker need not read it (see queueJobSql); `messageIdSql`
 * names the outbox row confirmationMessageSql writes beside it.
 */
export function orderConfirmationJobSql(orderIdSql: string, orderSql?: string, messageIdSql?: string): string {
  const order = orderSql ? `, 'order', ${orderSql}` : "";
  const message = messageIdSql ? `, 'messageId', ${messageIdSql}` : "";
  return queueJobSql(MAIL_TASK, `json_build_object('mail', 'order-confirmation', 'orderId', ${orderIdSql}${order}${message})`, {
    maxAttempts: MAIL_MAX_ATTEMPTS,
  });
}

/**
 * For hand-written SQL: the INSERT … SELECT (its FROM and WHERE are the caller's to add) that
 * writes the confirmation's outbox row for the order `orderIdSql`, mailed to `recipientSql`,
 * with the id `messageIdSql` its job carries. SQL text put in as it is: column references or
 * placeholders, never values from a request.
 */
export function confirmationMessageSql(messageIdSql: string, orderIdSql: string, recipientSql: string): string {
  return `INSERT INTO order_messages (id, order_id, channel, event, recipient)
  SELECT ${messageIdSql}, ${orderIdSql}, 'email'::"MessageChannel", 'placed', ${recipientSql}`;
}
