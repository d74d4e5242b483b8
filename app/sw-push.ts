// The service worker's side of order updates (product.md §14), for the shop's worker at /sw.js
// to import and call once: `registerPushHandlers(self)`. A push (its JSON `{title, body, url,
// tag}`, as lib/notifications/send-message.ts sends it) shows as a notification, one per order
// (the tag replaces an older one); a tap opens the order, in a tab already showing it if any.
// Typed by what it uses, so it compiles beside the pages' DOM types as well as in the worker.

type Waitable = { waitUntil: (work: Promise<unknown>) => void };
type PushEventLike = Waitable & { data: { json: () => unknown } | null };
type ClickEventLike = Waitable & { notification: { data: unknown; close: () => void } };
type WindowClientLike = { url: string; focus: () => Promise<unknown> };

type PushScope = {
  location: { origin: string };
  registration: { showNotification: (title: string, options: { body: string; tag: string; data: { url: string } }) => Promise<void> };
  clients: {
    matchAll: (options: { type: "window"; includeUncontrolled: boolean }) => Promise<readonly WindowClientLike[]>;
    openWindow: (url: string) => Promise<unknown>;
  };
  addEventListener: (type: string, listener: (event: never) => void) => void;
};

export type OrderPush = { title: string; body: string; url: string; tag: string };

/** Only a page of the shop's own: a path, never another site. */
const isShopPath = (url: unknown): url is string => typeof url === "string" && url.startsWith("/") && !url.startsWith("//");

/** The push's JSON when it is the shop's; null for anything else (a malformed or foreign message). */
export function orderPushOf(value: unknown): OrderPush | null {
  const push = value as Partial<Record<keyof OrderPush, unknown>> | null;
  const { title, body, url, tag } = push ?? {};
  if (typeof title !== "string" || typeof body !== "string" || typeof tag !== "string" || !isShopPath(url)) return null;
  return { title, body, url, tag };
}

function readJson(event: PushEventLike): unknown {
  try {
    return event.data?.json() ?? null;
  } catch {
    return null;
  }
}

/** Registers the `push` and `notificationclick` listeners on the worker's global scope. */
export function registerPushHandlers(scope: unknown): void {
  const sw = scope as PushScope;
  sw.addEventListener("push", (event: PushEventLike) => {
    const push = orderPushOf(readJson(event));
    if (!push) return;
    event.waitUntil(sw.registration.showNotification(push.title, { body: push.body, tag: push.tag, data: { url: push.url } }));
  });
  sw.addEventListener("notificationclick", (event: ClickEventLike) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const path = isShopPath(data?.url) ? data.url : "/orders";
    const url = new URL(path, sw.location.origin).href;
    event.waitUntil(
      sw.clients.matchAll({ type: "window", includeUncontrolled: true }).then((tabs) => {
        const open = tabs.find((tab) => tab.url === url);
        return open ? open.focus() : sw.clients.openWindow(url);
      }),
    );
  });
}
