import { describe, expect } from "vitest";
import { test as it } from "./fixtures";
import { writesNothing } from "./watch-writes";
import { db } from "@/lib/db";
import { call } from "@/tests/support/api";
import { GET as listOrdersRoute } from "@/app/api/orders/route";
import { GET as orderRoute, PATCH as orderPatch } from "@/app/api/orders/[id]/route";
import { orderNumber } from "@/lib/orders/status";
import type { ApiOrderWithHistory } from "@/lib/orders/types";
import { waitForMail } from "@/tests/support/mail-capture";
import { place } from "@/tests/support/store-world";
import { assignedOrder, handOver, orderAs, pickUp, refusal, riderOf, wrongCode } from "@/tests/support/riders";

// The door (product.md §12) through the real handlers on PostgreSQL: the customer's 4-digit code
// delivers the order, a wrong one counts a try and changes nothing else, five wrong ones lock the
// order until an admin delivers it, and the right code sent twice at once delivers once and
// mails once. The code is its customer's and the admins', never the rider's and never in lists.

const delivered = (order: ApiOrderWithHistory) => order.history.filter((h) => h.status === "delivered");
const mailSubject = (id: string, words: string) => `Your Fresh Bowl order #${orderNumber(id)} is ${words}`;

describe("POST /api/orders/{id}/handover", () => {
  it("the right code delivers a cash order: paid, the cash with its rider, history by rider", async ({ shop, customer, item }) => {
    const ravi = await riderOf(shop);
    const { id, code } = await assignedOrder(shop, customer.id, item, ravi.id, "out_for_delivery");
    const reply = await handOver(ravi, id, code);
    expect(reply.status, reply.text).toBe(200);
    const order = reply.json as ApiOrderWithHistory;
    expect(order.status).toBe("delivered");
    expect(order.history.at(-1)).toMatchObject({ status: "delivered", by: "rider" });
    expect(order.payment).toMatchObject({ status: "paid", collectedBy: ravi.id });
    expect(order).not.toHaveProperty("handoverCode");
  });

  it("an order paid online is delivered with no cash collected", async ({ shop, customer, item }) => {
    const ravi = await riderOf(shop);
    const paid = { paymentMethod: "upi", paymentStatus: "paid", paidAt: new Date() } as const;
    const { id, code } = await assignedOrder(shop, customer.id, item, ravi.id, "out_for_delivery", paid);
    const order = (await handOver(ravi, id, code)).json as ApiOrderWithHistory;
    expect(order.payment).toMatchObject({ status: "paid", collectedBy: null });
  });

  it("a wrong code is 400 wrong_handover_code on field code; only the count of tries changes", async ({ shop, customer, item }) => {
    const ravi = await riderOf(shop);
    const { id, code } = await assignedOrder(shop, customer.id, item, ravi.id, "out_for_delivery");
    const before = await db().order.findUniqueOrThrow({ where: { id } });
    const reply = await handOver(ravi, id, wrongCode(code));
    expect(refusal(reply)).toEqual({ status: 400, code: "wrong_handover_code", field: "code" });
    expect(reply.json).toMatchObject({ attemptsLeft: 4 });
    const after = await db().order.findUniqueOrThrow({ where: { id } });
    expect(after).toEqual({ ...before, handoverAttempts: 1 });
    expect(await db().orderStatusChange.count({ where: { orderId: id } })).toBe(0);
  });

  it("a code not of 4 digits is 400 on field code, not counted", async ({ shop, customer, item }) => {
    const ravi = await riderOf(shop);
    const { id } = await assignedOrder(shop, customer.id, item, ravi.id, "out_for_delivery");
    for (const code of ["123", "12345", "abcd", 4821, null, ""]) {
      expect(refusal(await writesNothing(() => handOver(ravi, id, code))), String(code)).toMatchObject({ status: 400, field: "code" });
    }
  });

  it("after 5 wrong codes even the right one is 429 until an admin marks it delivered", async ({ shop, admin, customer, item }) => {
    const ravi = await riderOf(shop);
    const { id, code } = await assignedOrder(shop, customer.id, item, ravi.id, "out_for_delivery");
    const left = [];
    for (let i = 0; i < 5; i++) left.push(((await handOver(ravi, id, wrongCode(code))).json as { attemptsLeft: number }).attemptsLeft);
    expect(left).toEqual([4, 3, 2, 1, 0]);
    for (const tried of [wrongCode(code), code]) {
      const reply = await writesNothing(() => handOver(ravi, id, tried));
      expect(refusal(reply)).toMatchObject({ status: 429, code: "handover_locked" });
      expect(reply.headers.get("retry-after")).toMatch(/^\d+$/);
    }
    const byAdmin = await call(orderPatch, "PATCH", `/api/orders/${id}`, { caller: admin, body: { status: "delivered" }, params: { id } });
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect((byAdmin.json as ApiOrderWithHistory).payment).toMatchObject({ status: "paid", collectedBy: ravi.id });
  });

  it("wrong codes sent at once are counted one by one: five are tried, the rest locked out", async ({ shop, customer, item }) => {
    const ravi = await riderOf(shop);
    const { id, code } = await assignedOrder(shop, customer.id, item, ravi.id, "out_for_delivery");
    const replies = await Promise.all(Array.from({ length: 7 }, () => handOver(ravi, id, wrongCode(code))));
    expect(replies.map((r) => r.status).sort()).toEqual([400, 400, 400, 400, 400, 429, 429]);
    expect((await db().order.findUniqueOrThrow({ where: { id } })).handoverAttempts).toBe(5);
  });

  it("the right code sent twice at once delivers once and mails once", async ({ shop, customer, item, mailbox }) => {
    const ravi = await riderOf(shop);
    const { id, code } = await assignedOrder(shop, customer.id, item, ravi.id, "out_for_delivery");
    const replies = await Promise.all([handOver(ravi, id, code), handOver(ravi, id, code), handOver(ravi, id, code)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    const order = await orderAs(customer, id);
    expect(delivered(order)).toHaveLength(1);
    await waitForMail(mailbox, (m) => m.subject === mailSubject(id, "delivered"));
    // A second mail would have been queued in the same commit as the first: give the worker a moment.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailbox.mails.filter((m) => m.subject === mailSubject(id, "delivered"))).toHaveLength(1);
    expect(await db().invoice.count({ where: { orderId: id } })).toBe(1);
  });

  it("refuses an order not out for delivery (409), another rider (404) and its customer (403)", async ({ shop, customer, item }) => {
    const [ravi, mohan] = [await riderOf(shop), await riderOf(shop)];
    const preparing = await assignedOrder(shop, customer.id, item, ravi.id, "preparing");
    expect(refusal(await writesNothing(() => handOver(ravi, preparing.id, preparing.code)))).toMatchObject({ status: 409 });
    const away = await assignedOrder(shop, customer.id, item, ravi.id, "out_for_delivery");
    expect((await writesNothing(() => handOver(mohan, away.id, away.code))).status).toBe(404);
    expect((await writesNothing(() => handOver(customer, away.id, away.code))).status).toBe(403);
  });
});

describe("who reads an order and its handover code", () => {
  it("its customer and admins see the code on the single order; its rider reads it without, nor the customer's e-mail; lists never", async ({
    shop,
    admin,
    customer,
    item,
  }) => {
    const [ravi, mohan] = [await riderOf(shop), await riderOf(shop)];
    const { id, code } = await assignedOrder(shop, customer.id, item, ravi.id, "out_for_delivery");
    expect(code).toMatch(/^\d{4}$/);
    expect((await orderAs(customer, id)).handoverCode).toBe(code);
    expect((await orderAs(admin, id)).handoverCode).toBe(code);
    const asRider = await orderAs(ravi, id);
    expect(asRider).not.toHaveProperty("handoverCode");
    expect(JSON.stringify(asRider)).not.toContain(`"${code}"`);
    expect(asRider.user).toEqual({ id: customer.id, _id: customer.id, name: expect.any(String) });
    expect((await orderAs(customer, id)).user.email).toBe(customer.email);
    expect((await call(orderRoute, "GET", `/api/orders/${id}`, { caller: mohan, params: { id } })).status).toBe(404);
    for (const caller of [customer, admin]) {
      const list = (await call(listOrdersRoute, "GET", "/api/orders", { caller })).json as ApiOrderWithHistory[];
      expect(list.find((o) => o.id === id)).not.toHaveProperty("handoverCode");
    }
  });

  it("placing an order gives it its own 4 digits", async ({ customer, item }) => {
    const placed = await Promise.all([1, 2, 3].map(() => place(customer, { item })));
    const codes = await db().order.findMany({ where: { id: { in: placed.map((p) => p.body.order.id) } }, select: { handoverCode: true } });
    expect(codes.map((c) => c.handoverCode)).toEqual([
      expect.stringMatching(/^\d{4}$/),
      expect.stringMatching(/^\d{4}$/),
      expect.stringMatching(/^\d{4}$/),
    ]);
    // The reply to placing it is not the single order's read: no code there.
    expect(placed[0].body.order).not.toHaveProperty("handoverCode");
  });

  it("the out-for-delivery mail tells the customer the code", async ({ shop, customer, item, mailbox }) => {
    const ravi = await riderOf(shop);
    const { id, code } = await assignedOrder(shop, customer.id, item, ravi.id, "preparing");
    await pickUp(ravi, id);
    const mail = await waitForMail(mailbox, (m) => m.subject === mailSubject(id, "out for delivery"));
    expect(mail.text).toContain(`Give the rider this code: ${code}`);
    expect(mail.html).toContain(`Give the rider this code: ${code}`);
  });
});
