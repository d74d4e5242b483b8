import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { isUniqueViolation } from "@/lib/db/errors";
import type { SessionUser } from "@/lib/auth/session";
import { Conflict, Invalid, NotFound } from "@/lib/errors";
import { vapidKeys } from "@/lib/notifications/vapid";
import type { PushSubscriptionInput } from "@/lib/notifications/schema";
import type { ApiPushSubscription } from "@/lib/notifications/types";

// A customer's browsers that get their order updates by push (product.md §14). The same
// endpoint again replaces its keys (and moves it to whoever is signed in on that browser now);
// at most MAX_SUBSCRIPTIONS per account, counted under the account's row lock so that many
// subscribing at once cannot pass it.

const MAX_SUBSCRIPTIONS = 10;

const PUSH_OFF = "Push notifications are not available on this shop.";

/** Whether this shop sends pushes at all (production without VAPID keys does not). */
export async function pushOffered(): Promise<boolean> {
  return (await vapidKeys()) !== null;
}

/** 404 while push is off (production without VAPID keys). */
export async function publicPushKey(): Promise<{ publicKey: string }> {
  const keys = await vapidKeys();
  if (!keys) throw new NotFound(PUSH_OFF);
  return { publicKey: keys.publicKey };
}

export async function saveSubscription(actor: SessionUser, input: PushSubscriptionInput): Promise<ApiPushSubscription> {
  if (!(await vapidKeys())) throw new NotFound(PUSH_OFF);
  // Real push services are https; outside production a local one (the imitation) may be plain http.
  if (env().isProduction && new URL(input.endpoint).protocol !== "https:") throw new Invalid("endpoint must be an https: URL", "endpoint");
  const keys = { p256dh: input.keys.p256dh, auth: input.keys.auth };
  const write = () =>
    db().$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${actor.id} FOR UPDATE`;
      const mine = await tx.pushSubscription.findMany({ where: { userId: actor.id }, select: { endpoint: true } });
      if (!mine.some((s) => s.endpoint === input.endpoint) && mine.length >= MAX_SUBSCRIPTIONS)
        throw new Conflict(
          `You can get updates on at most ${MAX_SUBSCRIPTIONS} browsers. Turn one off first.`,
          { field: "endpoint" },
          "push_subscriptions_full",
        );
      return tx.pushSubscription.upsert({
        where: { endpoint: input.endpoint },
        create: { userId: actor.id, endpoint: input.endpoint, ...keys },
        update: { userId: actor.id, ...keys },
        select: { id: true, endpoint: true, createdAt: true },
      });
    });
  // Two accounts saving one endpoint at once: the second finds the first's row and takes it over.
  const row = await write().catch((error: unknown) => {
    if (isUniqueViolation(error)) return write();
    throw error;
  });
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** Removes the actor's subscription with `endpoint`; one they do not have stays as it is. */
export async function removeSubscription(actor: SessionUser, endpoint: string): Promise<{ message: string }> {
  await db().pushSubscription.deleteMany({ where: { userId: actor.id, endpoint } });
  return { message: "This browser no longer gets order updates." };
}
