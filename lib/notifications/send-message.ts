import "server-only";
import type { Task } from "graphile-worker";
import { db } from "@/lib/db";
import { MESSAGE_EVENTS, MESSAGE_TASK, messageJobSchema, type MessageEvent } from "@/lib/jobs/messages";
import { recordMessageAttempt, recordMessageSent } from "@/lib/jobs/message-outcome";
import { orderNumber } from "@/lib/orders/status";
import { sendPush } from "@/lib/notifications/push";
import { vapidKeys } from "@/lib/notifications/vapid";
import { sendTemplate, WhatsAppRefusal } from "@/lib/notifications/whatsapp";
import { pushBody, STATUS_WORDS } from "@/lib/notifications/words";

// The notifications domain's one job: send one push or WhatsApp message of the outbox, after the
// change that wrote it has committed, and record what became of it. A throw is retried with
// graphile-worker's backoff (lib/jobs/messages.ts says how often); the last attempt leaves the
// message failed. A refusal no retry can mend fails it at once.

/** A message that will never go: recorded failed at once, not retried. */
class Undeliverable extends Error {}

const messageRead = {
  id: true,
  orderId: true,
  channel: true,
  event: true,
  recipient: true,
  pushSubscription: { select: { endpoint: true, p256dh: true, auth: true } },
} as const;

type Message = NonNullable<Awaited<ReturnType<typeof readMessage>>>;

const readMessage = (id: string) => db().orderMessage.findFirst({ where: { id, state: "queued" }, select: messageRead });

const isEvent = (event: string): event is MessageEvent => (MESSAGE_EVENTS as readonly string[]).includes(event);

async function sendPushMessage(message: Message, event: MessageEvent): Promise<void> {
  const target = message.pushSubscription;
  if (!target) throw new Undeliverable("The subscription was removed before the push went.");
  const keys = await vapidKeys();
  if (!keys) throw new Undeliverable("Push is off on this server (no VAPID keys).");
  const id = message.orderId;
  const payload = { title: "Fresh Bowl", body: pushBody(orderNumber(id), event), url: `/orders/${id}`, tag: `order-${id}` };
  if ((await sendPush(target, payload, keys)) === "sent") return;
  // Expired or unsubscribed at the push service: the subscription goes, the message fails.
  await db().pushSubscription.deleteMany({ where: { endpoint: target.endpoint } });
  throw new Undeliverable("The push service no longer knows this subscription (404 or 410): it was removed.");
}

async function sendWhatsAppMessage(message: Message, event: MessageEvent): Promise<string> {
  // A STOP heard after the message was queued still holds.
  if (await db().whatsappOptOut.count({ where: { phone: message.recipient } }))
    throw new Undeliverable("The number asked for no more WhatsApp messages (STOP).");
  try {
    return await sendTemplate({ to: message.recipient, code: orderNumber(message.orderId), words: STATUS_WORDS[event] });
  } catch (error) {
    if (error instanceof WhatsAppRefusal) throw new Undeliverable(error.message);
    throw error;
  }
}

const sendMessage: Task = async (payload, helpers) => {
  const job = messageJobSchema.safeParse(payload);
  if (!job.success) return helpers.logger.error(`Dropped ${MESSAGE_TASK} job ${helpers.job.id}: malformed payload`);
  const message = await readMessage(job.data.messageId);
  // Gone with its order, or sent already by an earlier run of this job.
  if (!message) return;
  try {
    if (!isEvent(message.event)) throw new Undeliverable(`Nothing to say about "${message.event}".`);
    if (message.channel === "email") throw new Undeliverable("E-mail goes by the mail job, not this one.");
    if (message.channel === "push") await sendPushMessage(message, message.event);
    const providerId = message.channel === "whatsapp" ? await sendWhatsAppMessage(message, message.event) : null;
    await recordMessageSent(message.id, providerId);
  } catch (error) {
    const final = error instanceof Undeliverable || helpers.job.attempts >= helpers.job.max_attempts;
    await recordMessageAttempt(message.id, error instanceof Error ? error.message : String(error), final);
    if (error instanceof Undeliverable) return helpers.logger.warn(`${MESSAGE_TASK} ${message.id} failed: ${error.message}`);
    throw error;
  }
};

export const notificationTasks = { [MESSAGE_TASK]: sendMessage };
