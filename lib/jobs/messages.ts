import "server-only";
import { z } from "zod";
import type { SqlExecutor } from "@/lib/db/types";
import { namedStatement, runIn } from "@/lib/db/named-sql";
import { env } from "@/lib/env";

// The outbox's push and WhatsApp messages (product.md §14): what any part of the shop that
// changes an order asks to be told to its customer's phones. In the kernel, as mail's job is
// (lib/jobs/mail.ts), so that orders and payments queue messages without importing the
// notifications domain that sends them (it reads the order, so it sits above them). One statement
// on the caller's transaction writes a row per subscription and WhatsApp number and queues each
// row's job: the messages exist exactly when the change commits.

/** The one graphile-worker task that sends a push or WhatsApp message of the outbox; the payload names the row. */
export const MESSAGE_TASK = "send_message";

export const messageJobSchema = z.object({ messageId: z.string().min(1) });

/** What a message tells about its order (product.md §14); e-mails add `placed`. */
export const MESSAGE_EVENTS = ["confirmed", "delayed", "out_for_delivery", "delivered", "cancelled", "paid", "refunded"] as const;

export type MessageEvent = (typeof MESSAGE_EVENTS)[number];

/** The status moves a customer's phones are told of; the kitchen's own steps (preparing) are not. */
const STATUS_EVENTS: Record<string, MessageEvent> = {
  confirmed: "confirmed",
  out_for_delivery: "out_for_delivery",
  delivered: "delivered",
  cancelled: "cancelled",
};

/** The event an order reaching `status` tells its customer's phones; null for a move they are not told of. */
export function messageEventOfStatus(status: string): MessageEvent | null {
  return STATUS_EVENTS[status] ?? null;
}

/**
 * A failing push service or Graph API is retried with graphile-worker's backoff (exp(attempt)
 * seconds between tries): 10 attempts span about three and a half hours, and news of an order
 * older than that is no news worth sending.
 */
const MESSAGE_MAX_ATTEMPTS = 10;

/** SQL for a WhatsApp number as the Cloud API takes it: 91 and the ten digits of the phone column `column`. */
export function whatsappNumberSql(column: string): string {
  return `'91' || right(regexp_replace(${column}, '[^0-9]', '', 'g'), 10)`;
}

const WHATSAPP_NUMBER_SQL = whatsappNumberSql("o.address_phone");

const QUEUE_MESSAGES = namedStatement(
  "messages-queue",
  `WITH o AS (
  SELECT o.id, o.user_id, o.address_phone, o.whatsapp_consent_at, u.push_updates, u.whatsapp_updates
  FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = ANY(:orderIds::text[])
), push AS (
  INSERT INTO order_messages (id, order_id, channel, event, recipient, push_subscription_id)
  SELECT gen_random_uuid()::text, o.id, 'push'::"MessageChannel", :event::text, s.endpoint, s.id
  FROM o JOIN push_subscriptions s ON s.user_id = o.user_id WHERE o.push_updates
  RETURNING id
), whatsapp AS (
  INSERT INTO order_messages (id, order_id, channel, event, recipient)
  SELECT gen_random_uuid()::text, o.id, 'whatsapp'::"MessageChannel", :event::text, ${WHATSAPP_NUMBER_SQL}
  FROM o WHERE :whatsapp::boolean AND o.whatsapp_consent_at IS NOT NULL AND o.whatsapp_updates
    AND NOT EXISTS (SELECT 1 FROM whatsapp_opt_outs x WHERE x.phone = ${WHATSAPP_NUMBER_SQL})
  RETURNING id
)
SELECT (graphile_worker.add_job('${MESSAGE_TASK}', json_build_object('messageId', m.id), max_attempts => ${MESSAGE_MAX_ATTEMPTS})).id
FROM (SELECT id FROM push UNION ALL SELECT id FROM whatsapp) m`,
);

/** Writes and queues the push and WhatsApp messages telling `event` about each of `orderIds`, on the transaction `tx`. */
export async function queueOrderMessages(tx: SqlExecutor, orderIds: readonly string[], event: MessageEvent): Promise<void> {
  if (orderIds.length === 0) return;
  await runIn(tx, QUEUE_MESSAGES({ orderIds: [...orderIds], event, whatsapp: env().whatsappEnabled }));
}
