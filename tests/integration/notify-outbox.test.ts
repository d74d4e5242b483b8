import "@/tests/support/async-local-storage";
import { describe, expect } from "vitest";
import { test as it } from "./fixtures";
import { db } from "@/lib/db";
import { GET as messagesRoute } from "@/app/api/orders/[id]/messages/route";
import { GET as readSettings, PUT as writeSettings } from "@/app/api/me/notifications/route";
import { call, type Caller } from "@/tests/support/api";
import { place } from "@/tests/support/store-world";
import { patchOrder } from "@/tests/support/online-payments";
import { settledMessages, subscribedBrowser } from "@/tests/support/notify";
import { waitForMail } from "@/tests/support/mail-capture";
import { orderNumber } from "@/lib/orders/status";
import { orderStatusMailJob, queueMail } from "@/lib/jobs/mail";
import type { ApiOrderMessage } from "@/lib/notifications/types";

// One outbox for every message about an order (product.md §14): the mails the shop already sent
// are rows of it too, sent as before; an admin reads every message of an order with its
// channel, time and state; the customer's own switches turn push and WhatsApp off and on.

const messagesOf = (caller: Caller | undefined, id: string) =>
  call(messagesRoute, "GET", `/api/orders/${id}/messages`, { caller, params: { id } });

describe("mail through the outbox", () => {
  it("records the confirmation and the status mails as sent, as they were mailed", async ({ customer, admin, item, mailbox }) => {
    const { order } = (await place(customer, { item })).body;
    const code = orderNumber(order.id);
    await waitForMail(mailbox, (m) => m.subject === `Your Fresh Bowl order #${code} is placed`);
    for (const status of ["confirmed", "preparing", "out_for_delivery"])
      expect((await patchOrder(admin, order.id, { status })).status).toBe(200);
    await waitForMail(mailbox, (m) => m.subject === `Your Fresh Bowl order #${code} is out for delivery`);
    const mails = await settledMessages(order.id, "email", 2);
    expect(mails.map((m) => [m.event, m.state, m.recipient, m.attempts])).toEqual([
      ["placed", "sent", customer.email, 1],
      ["out_for_delivery", "sent", customer.email, 1],
    ]);
  });

  it("drops the row of a mail that has nothing left to say (the order moved on before it went)", async ({ customer, shop, item }) => {
    const id = await shop.order(customer.id, item);
    await db().order.update({ where: { id }, data: { status: "out_for_delivery" } });
    // Delivered before the out-for-delivery mail went: that mail is moot and not sent (tests/integration/status-mail.test.ts).
    await db().$transaction(async (tx) => {
      await queueMail(tx, orderStatusMailJob(id, "out_for_delivery", "admin", new Date())!);
      expect(await tx.orderMessage.count({ where: { orderId: id, channel: "email", state: "queued" } })).toBe(1);
      await tx.order.update({ where: { id }, data: { status: "delivered" } });
    });
    await expect.poll(async () => db().orderMessage.count({ where: { orderId: id } })).toBe(0);
  });
});

describe("what was sent about an order", () => {
  it("lists every message for admins, oldest first, with channel, time and state", async ({ customer, admin, item, pushService }) => {
    await subscribedBrowser(pushService, customer);
    const { order } = (await place(customer, { item })).body;
    expect((await patchOrder(admin, order.id, { status: "confirmed" })).status).toBe(200);
    await settledMessages(order.id, "push", 1);
    await settledMessages(order.id, "email", 1);
    const reply = await messagesOf(admin, order.id);
    expect(reply.status, reply.text).toBe(200);
    const list = reply.json as ApiOrderMessage[];
    expect(list.map((m) => [m.channel, m.about, m.state])).toEqual([
      ["email", "placed", "sent"],
      ["push", "confirmed", "sent"],
    ]);
    // A push endpoint is the browser's secret: an admin sees its push service only.
    expect(list[1].to).toBe(new URL(pushService.url).host);
    expect(list.every((m) => m.sentAt && Date.parse(m.createdAt) <= Date.parse(m.sentAt))).toBe(true);
  });

  it("is the admins' alone", async ({ customer, shop, item }) => {
    const id = await shop.order(customer.id, item);
    expect((await messagesOf(undefined, id)).status).toBe(401);
    expect((await messagesOf(customer, id)).status).toBe(403);
  });
});

describe("the customer's switches", () => {
  const put = (caller: Caller | undefined, body: unknown) => call(writeSettings, "PUT", "/api/me/notifications", { caller, body });

  it("turns push and WhatsApp off and on again", async ({ customer }) => {
    const read = await call(readSettings, "GET", "/api/me/notifications", { caller: customer });
    expect(read.json).toEqual({ push: true, whatsapp: true, pushAvailable: true, whatsappAvailable: false });
    expect((await put(customer, { push: false, whatsapp: false })).json).toMatchObject({ push: false, whatsapp: false });
    expect((await put(customer, { push: true })).json).toMatchObject({ push: true, whatsapp: false });
    expect(await db().user.findUniqueOrThrow({ where: { id: customer.id }, select: { pushUpdates: true, whatsappUpdates: true } })).toEqual(
      {
        pushUpdates: true,
        whatsappUpdates: false,
      },
    );
  });

  it.for([
    ["push", { push: "off" }],
    ["whatsapp", { whatsapp: 1 }],
  ] as const)("refuses a %s that is not true or false, and changes nothing", async ([field, body], { customer }) => {
    const reply = await put(customer, body);
    expect([reply.status, (reply.json as { field: string }).field]).toEqual([400, field]);
    expect(await db().user.findUniqueOrThrow({ where: { id: customer.id }, select: { pushUpdates: true, whatsappUpdates: true } })).toEqual(
      {
        pushUpdates: true,
        whatsappUpdates: true,
      },
    );
  });

  it("is 401 signed out", async () => {
    expect((await put(undefined, { push: false })).status).toBe(401);
    expect((await call(readSettings, "GET", "/api/me/notifications")).status).toBe(401);
  });
});
