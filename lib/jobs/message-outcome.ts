import "server-only";
import { db } from "@/lib/db";

// What became of a message of the outbox (product.md §14), written by the job that sends it:
// mail (lib/email/task.ts) and the phone messages (lib/notifications/send-message.ts) alike, so
// every channel's row tells its state the same way. A failed attempt keeps the row `queued`
// with its error until the job's last attempt, which leaves it `failed`.

const LAST_ERROR_LENGTH = 500;

/** Sent: handed to the provider (`providerId`: its id for the message, which its delivery statuses name). */
export async function recordMessageSent(messageId: string, providerId: string | null = null): Promise<void> {
  const at = new Date();
  await db().orderMessage.updateMany({
    where: { id: messageId, state: { in: ["queued", "failed"] } },
    data: { state: "sent", sentAt: at, providerId, lastError: null, attempts: { increment: 1 }, updatedAt: at },
  });
}

/** One attempt failed with `error`; the last one (`final`) leaves the message failed. */
export async function recordMessageAttempt(messageId: string, error: string, final: boolean): Promise<void> {
  await db().orderMessage.updateMany({
    where: { id: messageId, state: "queued" },
    data: {
      attempts: { increment: 1 },
      lastError: error.slice(0, LAST_ERROR_LENGTH),
      ...(final ? { state: "failed" as const } : {}),
      updatedAt: new Date(),
    },
  });
}

/** Nothing to send any more (the order moved on before its mail went, or is gone): the row goes, as it was never sent. */
export async function dropMessage(messageId: string): Promise<void> {
  await db().orderMessage.deleteMany({ where: { id: messageId, state: "queued" } });
}
