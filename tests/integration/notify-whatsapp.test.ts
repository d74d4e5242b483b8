import "@/tests/support/async-local-storage";
import { describe, expect } from "vitest";
import { test as it } from "./fixtures";
import { db } from "@/lib/db";
import { GET as handshakeRoute, POST as webhookRoute } from "@/app/api/whatsapp/webhook/route";
import { PATCH as orderRoute } from "@/app/api/orders/[id]/route";
import { PUT as settingsRoute } from "@/app/api/me/notifications/route";
import { call, type Caller } from "@/tests/support/api";
import { place } from "@/tests/support/store-world";
import { changeSettings } from "@/tests/support/settings";
import { messagesAbout, settledMessages } from "@/tests/support/notify";
import { hubSignature, statusCallback, textCallback, type WhatsAppImitation } from "@/imitations/whatsapp/server";
import { orderNumber } from "@/lib/orders/status";
import { runMessageJob } from "@/tests/support/notify";

// WhatsApp updates (product.md §14) against the local imitation of the Cloud API: consent at
// placing, the order_update template for each change, the verified webhook (handshake and
// X-Hub-Signature-256, forged ones refused), delivery statuses on the outbox, STOP, retries.

const PHONE = "919876543210";

const move = async (caller: Caller, id: string, body: Record<string, unknown>) => {
  const reply = await call(orderRoute, "PATCH", `/api/orders/${id}`, { caller, params: { id }, body });
  expect(reply.status, reply.text).toBe(200);
};

/** A cash order placed by `customer` through POST /api/orders, asking for WhatsApp updates unless told; its id. */
async function placed(customer: Caller, item: string, whatsapp: unknown = true) {
  const reply = await place(customer, { item, whatsapp });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.order;
}

const hook = (raw: string, signature: string | null) =>
  call(webhookRoute, "POST", "/api/whatsapp/webhook", { raw, headers: { "x-hub-signature-256": signature, origin: null } });

const signedHook = (whatsapp: WhatsAppImitation, raw: string) => hook(raw, hubSignature(raw, whatsapp.settings.appSecret));

/** The one WhatsApp message about `id`, once sent (or failed). */
async function sentMessage(id: string) {
  const [message] = await settledMessages(id, "whatsapp", 1);
  return message;
}

describe("consent at the payment step", () => {
  it("is stored with its time when asked, and only then", async ({ customer, item, whatsapp }) => {
    void whatsapp;
    const before = Date.now();
    const asked = await placed(customer, item);
    expect(Date.parse(asked.whatsappConsentAt!)).toBeGreaterThanOrEqual(before - 1000);
    const stored = await db().order.findUniqueOrThrow({ where: { id: asked.id } });
    expect(stored.whatsappConsentAt?.toISOString()).toBe(asked.whatsappConsentAt);
    const notAsked = (await place(customer, { item })).body.order;
    const saidNo = await placed(customer, item, false);
    expect([notAsked.whatsappConsentAt, saidNo.whatsappConsentAt]).toEqual([null, null]);
  });

  it("refuses a whatsapp that is not true or false (400 naming it)", async ({ customer, item }) => {
    const reply = await place(customer, { item, whatsapp: "yes" });
    expect([reply.status, reply.body.code, reply.body.field]).toEqual([400, "invalid", "whatsapp"]);
  });

  it("is not taken while WhatsApp is off (its settings unset)", async ({ customer, item, whatsapp }) => {
    void whatsapp;
    const restore = changeSettings({ WHATSAPP_TOKEN: undefined });
    try {
      expect((await placed(customer, item)).whatsappConsentAt).toBeNull();
    } finally {
      restore();
    }
  });
});

describe("the order_update template", () => {
  it("goes for each change, as the contract writes it, and the outbox keeps its id", async ({ customer, admin, item, whatsapp }) => {
    const order = await placed(customer, item);
    await move(admin, order.id, { status: "confirmed" });
    await move(admin, order.id, { delayMinutes: 10 });
    await move(admin, order.id, { status: "preparing" });
    await move(admin, order.id, { status: "out_for_delivery" });
    await move(admin, order.id, { status: "delivered" });
    const rows = await settledMessages(order.id, "whatsapp", 4);
    const sent = whatsapp.sent.filter((m) => rows.some((r) => r.providerId === m.id));
    const code = orderNumber(order.id);
    expect(sent.map((m) => m.body)).toEqual(
      ["accepted", "running late", "out for delivery", "delivered"].map((words) => ({
        messaging_product: "whatsapp",
        to: PHONE,
        type: "template",
        template: {
          name: "order_update",
          language: { code: "en" },
          components: [{ type: "body", parameters: [code, words].map((text) => ({ type: "text", text })) }],
        },
      })),
    );
    expect(rows.every((r) => r.state === "sent" && r.recipient === PHONE)).toBe(true);
  });

  it("takes its name from WHATSAPP_TEMPLATE", async ({ customer, admin, item, whatsapp }) => {
    const restore = changeSettings({ WHATSAPP_TEMPLATE: "fresh_bowl_update" });
    try {
      const order = await placed(customer, item);
      await move(admin, order.id, { status: "confirmed" });
      const message = await sentMessage(order.id);
      expect(whatsapp.sent.find((m) => m.id === message.providerId)?.body.template).toMatchObject({ name: "fresh_bowl_update" });
    } finally {
      restore();
    }
  });

  it("is not sent for an order placed without consent", async ({ customer, admin, item, whatsapp }) => {
    void whatsapp;
    const order = await placed(customer, item, false);
    await move(admin, order.id, { status: "cancelled" });
    expect((await messagesAbout(order.id)).filter((m) => m.channel === "whatsapp")).toEqual([]);
  });

  it("is tried again while the API is down, and fails at once when WhatsApp refuses it", async ({ customer, admin, item, whatsapp }) => {
    const order = await placed(customer, item);
    whatsapp.refuseNext(1, 503);
    await move(admin, order.id, { status: "confirmed" });
    expect(await sentMessage(order.id)).toMatchObject({ state: "sent", attempts: 2, lastError: null });

    const refused = await placed(customer, item);
    whatsapp.refuseNext(1, 400);
    await move(admin, refused.id, { status: "confirmed" });
    expect(await sentMessage(refused.id)).toMatchObject({ state: "failed", attempts: 1, lastError: expect.stringContaining("(400)") });
  });
});

describe("the webhook", () => {
  const handshake = (query: string) => call(handshakeRoute, "GET", `/api/whatsapp/webhook?${query}`);

  it("answers Meta's handshake with the challenge as plain text, and 403 to anything else", async ({ whatsapp }) => {
    const token = whatsapp.settings.verifyToken;
    const ok = await handshake(`hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`);
    expect([ok.status, ok.text, ok.headers.get("content-type")]).toEqual([200, "1158201444", "text/plain; charset=utf-8"]);
    for (const query of [
      `hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`,
      `hub.mode=unsubscribe&hub.verify_token=${token}&hub.challenge=1`,
      `hub.mode=subscribe&hub.challenge=1`,
    ]) {
      expect((await handshake(query)).status, query).toBe(403);
    }
  });

  it("records delivery statuses, forward only", async ({ customer, admin, item, whatsapp }) => {
    const order = await placed(customer, item);
    await move(admin, order.id, { status: "confirmed" });
    const { providerId } = await sentMessage(order.id);
    expect((await signedHook(whatsapp, statusCallback(providerId!, "delivered"))).status).toBe(200);
    await signedHook(whatsapp, statusCallback(providerId!, "sent"));
    await signedHook(whatsapp, statusCallback(providerId!, "read"));
    const message = await sentMessage(order.id);
    expect(message.state).toBe("delivered");
    expect(message.deliveredAt).not.toBeNull();

    const failing = await placed(customer, item);
    await move(admin, failing.id, { status: "confirmed" });
    const other = await sentMessage(failing.id);
    await signedHook(whatsapp, statusCallback(other.providerId!, "failed"));
    expect(await sentMessage(failing.id)).toMatchObject({ state: "failed", lastError: "Message undeliverable" });
  });

  it("refuses forged signatures with 400 and changes nothing", async ({ customer, admin, item, whatsapp }) => {
    const order = await placed(customer, item);
    await move(admin, order.id, { status: "confirmed" });
    const { providerId } = await sentMessage(order.id);
    const raw = statusCallback(providerId!, "delivered");
    const forged = [
      null,
      "",
      hubSignature(raw, "not-the-app-secret"),
      hubSignature(raw, whatsapp.settings.appSecret).replace("sha256=", "sha1="),
      hubSignature(raw, whatsapp.settings.appSecret).slice(0, -2),
      hubSignature(raw.replace("delivered", "failed"), whatsapp.settings.appSecret),
    ];
    for (const signature of forged) {
      const reply = await hook(raw, signature);
      expect([reply.status, (reply.json as { code: string }).code], String(signature)).toEqual([400, "invalid_signature"]);
    }
    expect((await sentMessage(order.id)).state).toBe("sent");
    const stop = textCallback(PHONE, "STOP");
    expect((await hook(stop, hubSignature(stop, "guess"))).status).toBe(400);
    expect(await db().whatsappOptOut.count({ where: { phone: PHONE } })).toBe(0);
  });

  it("turns WhatsApp off for a number that says STOP, until its customer turns it on again", async ({
    customer,
    admin,
    item,
    whatsapp,
  }) => {
    const order = await placed(customer, item);
    expect((await signedHook(whatsapp, textCallback(PHONE, " stop "))).status).toBe(200);
    expect(await db().whatsappOptOut.count({ where: { phone: PHONE } })).toBe(1);
    await move(admin, order.id, { status: "confirmed" });
    expect((await messagesAbout(order.id)).filter((m) => m.channel === "whatsapp")).toEqual([]);

    // A message queued before the STOP and sent after it does not go either.
    const early = await db().orderMessage.create({
      data: { orderId: order.id, channel: "whatsapp", event: "confirmed", recipient: PHONE },
    });
    await runMessageJob(early.id);
    expect(await db().orderMessage.findUniqueOrThrow({ where: { id: early.id } })).toMatchObject({
      state: "failed",
      lastError: "The number asked for no more WhatsApp messages (STOP).",
    });

    const on = await call(settingsRoute, "PUT", "/api/me/notifications", { caller: customer, body: { whatsapp: true } });
    expect(on.status, on.text).toBe(200);
    expect(await db().whatsappOptOut.count({ where: { phone: PHONE } })).toBe(0);
    await move(admin, order.id, { status: "preparing" });
    await move(admin, order.id, { status: "out_for_delivery" });
    const [, sent] = await settledMessages(order.id, "whatsapp", 2);
    expect(sent).toMatchObject({ event: "out_for_delivery", state: "sent" });
  });
});
