import { describe, expect, it, vi } from "vitest";
import { orderPushOf, registerPushHandlers } from "@/app/sw-push";

// The service worker's push handlers (app/sw-push.ts) on a stand-in for the worker's global
// scope: a push shows one notification per order with the push's words; a tap opens the order,
// in the tab already showing it when there is one; anything not the shop's is ignored.

type Listener = (event: unknown) => void;

function fakeWorker(tabs: { url: string; focus: () => Promise<unknown> }[] = []) {
  const listeners = new Map<string, Listener>();
  const waited: Promise<unknown>[] = [];
  const scope = {
    location: { origin: "https://freshbowl.in" },
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: { matchAll: vi.fn(async () => tabs), openWindow: vi.fn(async () => undefined) },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  registerPushHandlers(scope);
  const fire = async (type: string, event: object) => {
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => waited.push(p) });
    await Promise.all(waited);
  };
  return { scope, fire };
}

const PUSH = { title: "Fresh Bowl", body: "#7KQ2AB12 is out for delivery", url: "/orders/c123", tag: "order-c123" };

describe("the service worker's push handlers", () => {
  it("show a push as a notification tagged by its order", async () => {
    const { scope, fire } = fakeWorker();
    await fire("push", { data: { json: () => PUSH } });
    expect(scope.registration.showNotification).toHaveBeenCalledWith("Fresh Bowl", {
      body: "#7KQ2AB12 is out for delivery",
      tag: "order-c123",
      data: { url: "/orders/c123" },
    });
  });

  it("ignore a push that is not the shop's, or points off the shop", async () => {
    const { scope, fire } = fakeWorker();
    await fire("push", { data: null });
    await fire("push", { data: { json: () => ({ ...PUSH, url: "https://evil.example/orders" }) } });
    await fire("push", { data: { json: () => JSON.parse("{") } });
    expect(scope.registration.showNotification).not.toHaveBeenCalled();
    expect(orderPushOf({ ...PUSH, url: "//evil.example" })).toBeNull();
  });

  it("open the order on a tap, or bring forward the tab that shows it", async () => {
    const close = vi.fn();
    const fresh = fakeWorker();
    await fresh.fire("notificationclick", { notification: { data: { url: "/orders/c123" }, close } });
    expect(close).toHaveBeenCalled();
    expect(fresh.scope.clients.openWindow).toHaveBeenCalledWith("https://freshbowl.in/orders/c123");

    const focus = vi.fn(async () => undefined);
    const open = fakeWorker([{ url: "https://freshbowl.in/orders/c123", focus }]);
    await open.fire("notificationclick", { notification: { data: { url: "/orders/c123" }, close } });
    expect(focus).toHaveBeenCalled();
    expect(open.scope.clients.openWindow).not.toHaveBeenCalled();
  });
});
