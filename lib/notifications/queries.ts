import "server-only";
import { db } from "@/lib/db";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import type { ApiOrderMessage } from "@/lib/notifications/types";

// What was sent about an order (product.md §14), for its admin page: every message of the
// outbox, oldest first, on every channel.

/** A push endpoint is a capability URL: its push service's host is all an admin needs to see. */
function shownRecipient(channel: string, recipient: string): string {
  if (channel !== "push") return recipient;
  try {
    return new URL(recipient).host;
  } catch {
    return "push service";
  }
}

export async function orderMessages(viewer: SessionUser, orderId: string): Promise<ApiOrderMessage[]> {
  assertAdmin(viewer);
  const rows = await db().orderMessage.findMany({ where: { orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    about: row.event,
    to: shownRecipient(row.channel, row.recipient),
    state: row.state,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  }));
}
