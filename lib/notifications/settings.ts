import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { whatsappNumberSql } from "@/lib/jobs/messages";
import type { SessionUser } from "@/lib/auth/session";
import { pushOffered } from "@/lib/notifications/subscriptions";
import type { NotificationSettings } from "@/lib/notifications/types";

// The customer's own switches for order updates (product.md §14: `/account` turns push and
// WhatsApp off, and on again). Off, nothing is queued for that channel; the subscriptions and
// consents stay, so turning it on again needs no new permission.

/** The numbers WhatsApp knows the actor's consenting orders by, as the outbox writes them. */
const WHATSAPP_NUMBERS = (userId: string) =>
  db().$queryRaw<{ phone: string }[]>`
    SELECT DISTINCT ${Prisma.raw(whatsappNumberSql("address_phone"))} AS phone
    FROM orders WHERE user_id = ${userId} AND whatsapp_consent_at IS NOT NULL`;

export async function notificationSettings(actor: SessionUser): Promise<NotificationSettings> {
  const user = await db().user.findUniqueOrThrow({ where: { id: actor.id }, select: { pushUpdates: true, whatsappUpdates: true } });
  return {
    push: user.pushUpdates,
    whatsapp: user.whatsappUpdates,
    pushAvailable: await pushOffered(),
    whatsappAvailable: env().whatsappEnabled,
  };
}

export async function changeNotificationSettings(
  actor: SessionUser,
  change: { push?: boolean; whatsapp?: boolean },
): Promise<NotificationSettings> {
  await db().user.update({ where: { id: actor.id }, data: { pushUpdates: change.push, whatsappUpdates: change.whatsapp } });
  // Turning WhatsApp on again is the customer's word over a STOP their number sent earlier.
  if (change.whatsapp === true) {
    const phones = (await WHATSAPP_NUMBERS(actor.id)).map((r) => r.phone);
    await db().whatsappOptOut.deleteMany({ where: { phone: { in: phones } } });
  }
  return notificationSettings(actor);
}
