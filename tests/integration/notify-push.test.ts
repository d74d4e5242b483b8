import "@/tests/support/async-local-storage";
import { describe, expect } from "vitest";
import { test as it } from "./fixtures";
import { db } from "@/lib/db";
import { GET as keyRoute } from "@/app/api/push/key/route";
import { PATCH as orderRoute } from "@/app/api/orders/[id]/route";
import { call, type Caller } from "@/tests/support/api";
import { changeSettings } from "@/tests/support/settings";
import { messagesAbout, pushesTo, settledMessages, subscribe, subscribedBrowser, unsubscribe } from "@/tests/support/notify";
import { orderNumber } from "@/lib/orders/status";
import { waitFor } from "@/tests/support/wait";
import webpush from "web-push";

// Web Push (product.md §14) through the route handlers on real PostgreSQL and a local push
// service: the key, subscribing and letting go, and one encrypted push per subscription for each
// change, read back as the phone reads it; a subscription the push service no longer knows goes.

const move = (admin: Caller, id: string, body: Record<string, unknown>) =>
  call(orderRoute, "PATCH", `/api/orders/${id}`, { caller: admin, params: { id }, body });

async function moved(admin: Caller, id: string, body: Record<string, unknown>) {
  const reply = await move(admin, id, body);
  expect(reply.status, reply.text).toBe(200);
}

const PRODUCTION_WITHOUT_PUSH = {
  NODE_ENV: "production",
  VAPID_PUBLIC_KEY: undefined,
  VAPID_PRIVATE_KEY: undefined,
  VAPID_SUBJECT: undefined,
};

describe("the push key", () => {
  it("is the VAPID public key, an uncompressed P-256 point", async () => {
    const reply = await call(keyRoute, "GET", "/api/push/key");
    expect(reply.status, reply.text).toBe(200);
    const { publicKey } = reply.json as { publicKey: string };
    const point = Buffer.from(publicKey, "base64url");
    expect([point.length, point[0]]).toEqual([65, 4]);
  });

  it("is 404 in production without VAPID keys, and subscribing is 404 too", async ({ customer, pushService }) => {
    const restore = changeSettings(PRODUCTION_WITHOUT_PUSH);
    try {
      expect((await call(keyRoute, "GET", "/api/push/key")).status).toBe(404);
      expect((await subscribe(customer, pushService.subscribe())).status).toBe(404);
    } finally {
      restore();
    }
    expect(await db().pushSubscription.count({ where: { userId: customer.id } })).toBe(0);
  });
});

describe("subscribing", () => {
  it("keeps a subscription (201); the same endpoint again replaces its keys", async ({ customer, pushService }) => {
    const first = pushService.subscribe();
    const reply = await subscribe(customer, first);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.json).toEqual({ id: expect.any(String), endpoint: first.endpoint, createdAt: expect.any(String) });
    const fresh = pushService.subscribe();
    expect((await subscribe(customer, { endpoint: first.endpoint, keys: fresh.keys })).status).toBe(201);
    const rows = await db().pushSubscription.findMany({ where: { userId: customer.id } });
    expect(rows.map((r) => [r.endpoint, r.p256dh, r.auth])).toEqual([[first.endpoint, fresh.keys.p256dh, fresh.keys.auth]]);
  });

  it.for([
    ["endpoint", { endpoint: "not a url" }],
    ["keys.p256dh", { keys: { p256dh: "c2hvcnQ", auth: "AAAAAAAAAAAAAAAAAAAAAA" } }],
    ["keys.auth", { keys: { p256dh: Buffer.alloc(65, 4).toString("base64url"), auth: "c2hvcnQ" } }],
    ["keys", { keys: null }],
  ] as const)("refuses a bad %s with 400 naming it, and keeps nothing", async ([field, change], { customer, pushService }) => {
    const reply = await subscribe(customer, { ...pushService.subscribe(), ...change });
    expect(reply.status, reply.text).toBe(400);
    expect(reply.json).toMatchObject({ code: "invalid", field });
    expect(await db().pushSubscription.count({ where: { userId: customer.id } })).toBe(0);
  });

  it("takes only https endpoints in production", async ({ customer, pushService }) => {
    // Keys of its own, so production's push is on.
    const keys = webpush.generateVAPIDKeys();
    const vapid = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: "mailto:ops@freshbowl.in" };
    const restore = changeSettings({ NODE_ENV: "production", ...vapid });
    try {
      const reply = await subscribe(customer, pushService.subscribe());
      expect(reply.json).toMatchObject({ code: "invalid", field: "endpoint" });
      const https = { ...pushService.subscribe(), endpoint: "https://fcm.googleapis.com/fcm/send/abc" };
      expect((await subscribe(customer, https)).status).toBe(201);
    } finally {
      restore();
    }
  });

  it("is 401 signed out", async ({ pushService }) => {
    expect((await subscribe(undefined, pushService.subscribe())).status).toBe(401);
    expect((await unsubscribe(undefined, "https://push.example.com/x")).status).toBe(401);
  });

  it("keeps at most 10 per customer, however many subscribe at once", async ({ customer, pushService }) => {
    const replies = await Promise.all(Array.from({ length: 14 }, () => subscribe(customer, pushService.subscribe())));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = replies.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, (r.json as { code: string }).code])).toEqual(Array(4).fill([409, "push_subscriptions_full"]));
    expect(await db().pushSubscription.count({ where: { userId: customer.id } })).toBe(10);
  });

  it("lets go of the customer's own subscription only", async ({ customer, newCaller, pushService }) => {
    const other = await newCaller();
    const endpoint = await subscribedBrowser(pushService, customer);
    expect((await unsubscribe(other, endpoint)).status).toBe(200);
    expect(await db().pushSubscription.count({ where: { endpoint } })).toBe(1);
    const reply = await unsubscribe(customer, endpoint);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json).toEqual({ message: "This browser no longer gets order updates." });
    expect(await db().pushSubscription.count({ where: { endpoint } })).toBe(0);
  });
});

describe("a push for each change", () => {
  // One encrypted push per subscription and change, saying the order's code and status in words.
  it("tells every subscription of each change", async ({ customer, admin, shop, item, pushService }) => {
    const [phone, laptop] = [await subscribedBrowser(pushService, customer), await subscribedBrowser(pushService, customer)];
    const id = await shop.order(customer.id, item);
    const code = orderNumber(id);
    await moved(admin, id, { status: "confirmed" });
    await moved(admin, id, { delayMinutes: 15 });
    await moved(admin, id, { status: "preparing" });
    await moved(admin, id, { status: "out_for_delivery" });
    await moved(admin, id, { status: "delivered" });
    const words = ["accepted", "running late", "out for delivery", "delivered"];
    for (const endpoint of [phone, laptop]) {
      const pushes = await pushesTo(pushService, endpoint, 4);
      expect(pushes).toEqual(
        words.map((w) => ({ title: "Fresh Bowl", body: `#${code} is ${w}`, url: `/orders/${id}`, tag: `order-${id}` })),
      );
    }
    const sent = await settledMessages(id, "push", 8);
    expect(sent.map((m) => m.state)).toEqual(Array(8).fill("sent"));
    expect(sent.every((m) => m.sentAt && m.attempts === 1)).toBe(true);
    // aes128gcm, signed with VAPID, and kept a day for a phone that is off.
    const one = pushService.received.find((p) => p.endpoint === phone)!;
    expect(one.headers).toMatchObject({ "content-encoding": "aes128gcm", ttl: "86400" });
    expect(one.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
  });

  it("tells a cancellation", async ({ customer, shop, item, pushService }) => {
    const endpoint = await subscribedBrowser(pushService, customer);
    const id = await shop.order(customer.id, item);
    await moved(customer, id, { status: "cancelled" });
    expect(await pushesTo(pushService, endpoint, 1)).toEqual([expect.objectContaining({ body: `#${orderNumber(id)} is cancelled` })]);
  });

  // A subscription its push service no longer knows (404, 410) goes; the message fails.
  it("prunes gone subscriptions", async ({ customer, admin, shop, item, pushService }) => {
    const [gone, unknown, kept] = [
      await subscribedBrowser(pushService, customer),
      await subscribedBrowser(pushService, customer),
      await subscribedBrowser(pushService, customer),
    ];
    pushService.answer(gone, 410);
    pushService.answer(unknown, 404);
    const id = await shop.order(customer.id, item);
    await moved(admin, id, { status: "confirmed" });
    const rows = await settledMessages(id, "push", 3);
    expect(
      rows
        .filter((m) => m.state === "failed")
        .map((m) => m.recipient)
        .sort(),
    ).toEqual([gone, unknown].sort());
    expect(rows.find((m) => m.recipient === kept)?.state).toBe("sent");
    expect(rows.find((m) => m.recipient === gone)?.lastError).toMatch(/no longer knows this subscription/);
    expect((await db().pushSubscription.findMany({ where: { userId: customer.id } })).map((s) => s.endpoint)).toEqual([kept]);
  });

  it("tries again when the push service fails for a while", async ({ customer, admin, shop, item, pushService }) => {
    const endpoint = await subscribedBrowser(pushService, customer);
    pushService.answer(endpoint, 503);
    const id = await shop.order(customer.id, item);
    await moved(admin, id, { status: "confirmed" });
    const failedOnce = await waitForAttempts(id, 1);
    expect(failedOnce).toMatchObject({ state: "queued", lastError: "the push service answered 503" });
    pushService.answer(endpoint, 201);
    const [sent] = await settledMessages(id, "push", 1);
    expect(sent).toMatchObject({ state: "sent", attempts: 2, lastError: null });
    expect(await pushesTo(pushService, endpoint, 1)).toHaveLength(1);
  });

  it("sends nothing to a customer who turned push off, nor for the kitchen's own steps", async ({
    customer,
    admin,
    shop,
    item,
    pushService,
  }) => {
    await subscribedBrowser(pushService, customer);
    const id = await shop.order(customer.id, item);
    await moved(admin, id, { status: "confirmed" });
    await moved(admin, id, { status: "preparing" });
    await settledMessages(id, "push", 1);
    await db().user.update({ where: { id: customer.id }, data: { pushUpdates: false } });
    await moved(admin, id, { status: "out_for_delivery" });
    expect((await messagesAbout(id)).filter((m) => m.channel === "push").map((m) => m.event)).toEqual(["confirmed"]);
  });
});

function waitForAttempts(orderId: string, attempts: number) {
  return waitFor(async () => (await messagesAbout(orderId)).find((m) => m.channel === "push" && m.attempts >= attempts), {
    what: `a push about ${orderId} tried ${attempts} time(s)`,
  });
}
