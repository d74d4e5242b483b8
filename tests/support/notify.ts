import { expect } from "vitest";
import type { JobHelpers } from "graphile-worker";
import { notificationTasks } from "@/lib/notifications/send-message";
import { MESSAGE_TASK } from "@/lib/jobs/messages";
import { db } from "@/lib/db";
import { POST as subscribeRoute, DELETE as unsubscribeRoute } from "@/app/api/push/subscriptions/route";
import { call, type Caller, type Reply } from "@/tests/support/api";
import { waitFor } from "@/tests/support/wait";
import type { PushImitation, ReceivedPush } from "@/imitations/push/server";

// Helpers of the outbox's tests (product.md §14): subscribing a browser of the push imitation,
// the shop's WhatsApp settings for its imitation, and the messages the outbox holds for an order.

/** The shop's WHATSAPP_* settings pointed at the imitation (tests/integration/fixtures.ts). */
export { whatsappShopSettings as whatsappSettings } from "@/imitations/whatsapp/server";

export const subscribe = (caller: Caller | undefined, body: unknown): Promise<Reply> =>
  call(subscribeRoute, "POST", "/api/push/subscriptions", { caller, body });

export const unsubscribe = (caller: Caller | undefined, endpoint: string): Promise<Reply> =>
  call(unsubscribeRoute, "DELETE", "/api/push/subscriptions", { caller, body: { endpoint } });

/** A new browser of `service` subscribed for `caller`; its endpoint. */
export async function subscribedBrowser(service: PushImitation, caller: Caller): Promise<string> {
  const subscription = service.subscribe();
  const reply = await subscribe(caller, subscription);
  expect(reply.status, reply.text).toBe(201);
  return subscription.endpoint;
}

/** The outbox's rows about `orderId`, oldest first. */
export const messagesAbout = (orderId: string) =>
  db().orderMessage.findMany({ where: { orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

/** Waits until every message about `orderId` on `channel` has left `queued`; those rows. */
export async function settledMessages(orderId: string, channel: "email" | "push" | "whatsapp", count: number) {
  return waitFor(
    async () => {
      const rows = (await messagesAbout(orderId)).filter((m) => m.channel === channel);
      return rows.length === count && rows.every((m) => m.state !== "queued") && rows;
    },
    { what: `${count} ${channel} message(s) about ${orderId} to be sent or fail` },
  );
}

/** The pushes `endpoint` has received, decrypted, once there are `count`. */
export async function pushesTo(service: PushImitation, endpoint: string, count: number): Promise<unknown[]> {
  const got = await waitFor(
    () => {
      const pushes = service.received.filter((p: ReceivedPush) => p.endpoint === endpoint);
      return pushes.length >= count && pushes;
    },
    { what: `${count} push(es) to ${endpoint}` },
  );
  return got.map((p) => p.json());
}

/** Runs the send job of message `messageId` here and now, as its attempt `attempt` of `maxAttempts` (the worker may be running too: the row is sent once). */
export async function runMessageJob(messageId: string, attempt = 1, maxAttempts = 10): Promise<void> {
  const helpers = {
    job: { id: "test", attempts: attempt, max_attempts: maxAttempts },
    logger: { warn: () => undefined, error: () => undefined, info: () => undefined },
  } as unknown as JobHelpers;
  await notificationTasks[MESSAGE_TASK]({ messageId }, helpers);
}
