import "server-only";
import webpush from "web-push";
import { env } from "@/lib/env";

// The shop's VAPID keys (RFC 8292), which sign every push so push services know it is the shop:
// from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT. `npm run dev` sets them from a pair
// it keeps under .data/ (scripts/vapid-keys.ts); in production, without them, push is off.
// Anywhere else without them (tests, a bare `next dev`) a pair is made for the process: its
// subscriptions last as long as it does.

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const globalForVapid = globalThis as unknown as { freshBowlVapid?: VapidKeys };

/** The keys, or null when push is off (production without them). */
export async function vapidKeys(): Promise<VapidKeys | null> {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT, isProduction } = env();
  if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY && VAPID_SUBJECT)
    return { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY, subject: VAPID_SUBJECT };
  if (isProduction) return null;
  globalForVapid.freshBowlVapid ??= { ...webpush.generateVAPIDKeys(), subject: "mailto:orders@freshbowl.local" };
  return globalForVapid.freshBowlVapid;
}
