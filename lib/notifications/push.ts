import "server-only";
import webpush from "web-push";
import type { VapidKeys } from "@/lib/notifications/vapid";

// The Web Push port (product.md §14): one message, encrypted for one subscription (RFC 8291,
// aes128gcm) and signed with the shop's VAPID keys by the `web-push` library, posted to the
// subscription's push service. The library makes the request; `fetch` sends it, so a push
// service on plain http (the local imitation, outside production) is reached the same way as
// a real one.

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type PushPayload = { title: string; body: string; url: string; tag: string };

/** sent: the push service took it; gone: it no longer knows the subscription (404, 410). */
export type PushOutcome = "sent" | "gone";

/** How long the push service keeps a message for a phone that is off (seconds). */
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;

/** Sends `payload` to `target`; throws when the push service cannot be reached or refuses for now (retried). */
export async function sendPush(target: PushTarget, payload: PushPayload, keys: VapidKeys): Promise<PushOutcome> {
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: keys,
      TTL: TTL_SECONDS,
      contentEncoding: "aes128gcm",
    },
  );
  // The body's length is fetch's to write.
  const headers = Object.entries(request.headers).flatMap(([name, value]): [string, string][] =>
    name.toLowerCase() === "content-length" ? [] : [[name, String(value)]],
  );
  const reply = await fetch(request.endpoint, {
    method: request.method,
    headers,
    body: request.body ? new Uint8Array(request.body) : undefined,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await reply.body?.cancel();
  if (reply.status === 404 || reply.status === 410) return "gone";
  if (!reply.ok) throw new Error(`the push service answered ${reply.status}`);
  return "sent";
}
