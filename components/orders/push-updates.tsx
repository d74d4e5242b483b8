"use client";

import { useState } from "react";
import { api, ApiError } from "@/lib/client/api-client";
import { buttonClass } from "@/components/ui/button";

/** How long to wait for the shop's service worker to take charge before saying it did not. */
const WORKER_WAIT_MS = 10_000;

/** The VAPID key as pushManager.subscribe takes it: its bytes, from base64url. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + "=".repeat((4 - (base64Url.length % 4)) % 4)).replaceAll("-", "+").replaceAll("_", "/");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** The shop's service worker once it is active (the PWA registers it at /sw.js); null if it never is. */
async function activeWorker(): Promise<ServiceWorkerRegistration | null> {
  const registration =
    (await navigator.serviceWorker.getRegistration("/")) ?? (await navigator.serviceWorker.register("/sw.js", { scope: "/" }));
  if (registration.active) return registration;
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(resolve, WORKER_WAIT_MS, null))]);
}

/** Subscribes this browser and tells the shop; the sentence to show. */
async function subscribeThisPhone(): Promise<string> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
    return "This browser cannot show notifications. You will still get e-mails about your order.";
  // Asked only now, on the customer's tap (browsers ignore or block a request made unasked).
  const permission = await Notification.requestPermission();
  if (permission !== "granted")
    return "Notifications are blocked for this site. Allow them in your browser's site settings, then tap again.";
  const { publicKey } = await api.pushKey();
  const registration = await activeWorker();
  if (!registration) return "Could not set up notifications on this phone. Please reload the page and try again.";
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await api.subscribePush(subscription.toJSON());
  return "Done: this phone will show a notification each time your order moves on.";
}

/**
 * `Get updates on this phone` (product.md §14): on a tap, asks the browser's permission,
 * subscribes with the shop's VAPID key through the shop's service worker, and sends the
 * subscription to the shop; then says in words what happened.
 */
export function PushUpdates() {
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState("");

  async function tap() {
    setBusy(true);
    setSaid("");
    try {
      setSaid(await subscribeThisPhone());
    } catch (error) {
      setSaid(
        error instanceof ApiError && error.status === 404
          ? "Notifications are not available on this shop right now."
          : "Could not set up notifications on this phone. Please try again.",
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <button type="button" onClick={tap} disabled={busy} className={buttonClass({ variant: "secondary", size: "sm" })}>
        Get updates on this phone
      </button>
      <p role="status" className="text-sm text-stone-800">
        {busy ? "Setting up notifications…" : said}
      </p>
    </div>
  );
}
