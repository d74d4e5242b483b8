import { describe, expect } from "vitest";
import { test as it } from "./fixtures";
import { writesNothing } from "./watch-writes";
import { db } from "@/lib/db";
import type { Caller } from "@/tests/support/api";
import type { ShopFixtures } from "@/tests/support/shop-fixtures";
import { moveOrders } from "@/lib/flows/move-orders";
import { orderNumber } from "@/lib/orders/status";
import type { RiderLedger, RiderSettlement } from "@/lib/riders/types";
import { assignedOrder, ledgerOf, refusal, riderOf, settle } from "@/tests/support/riders";

// The cash-up (product.md §12) through the real handlers on PostgreSQL: per rider and India day,
// every delivery with the cash taken (0 for one paid online), the cash handed in, and what is
// still owed; settlements never more than owed in all, however many are recorded at once.

/** The fixtures' orders total ₹189: one ₹149 bowl and the ₹40 delivery fee. */
const TOTAL = 189;

/** An order of `customer` carried by `rider` and delivered at `at`, as the status move records it. */
async function deliveredAt(shop: ShopFixtures, customer: Caller, item: string, rider: Caller, at: Date, paidOnline = false) {
  const online = { paymentMethod: "upi", paymentStatus: "paid", paidAt: at } as const;
  const { id } = await assignedOrder(shop, customer.id, item, rider.id, "out_for_delivery", paidOnline ? online : {});
  await db().$transaction((tx) => moveOrders(tx, { id, status: "out_for_delivery" }, "delivered", "rider", at));
  return id;
}

const ledger = async (caller: Caller, riderId: string, date?: string) => {
  const reply = await ledgerOf(caller, riderId, date);
  expect(reply.status, reply.text).toBe(200);
  return reply.json as RiderLedger;
};

describe("GET /api/riders/{id}/ledger", () => {
  it("counts each India day apart: 23:59 and 00:01 India time are two days", async ({ shop, admin, customer, item }) => {
    const ravi = await riderOf(shop);
    // 18:29 and 18:31 UTC are 23:59 on the 20th and 00:01 on the 21st in India.
    const late = await deliveredAt(shop, customer, item, ravi, new Date("2026-11-20T18:29:00Z"));
    const early = await deliveredAt(shop, customer, item, ravi, new Date("2026-11-20T18:31:00Z"));
    const online = await deliveredAt(shop, customer, item, ravi, new Date("2026-11-20T20:00:00Z"), true);
    expect(await ledger(admin, ravi.id, "2026-11-20")).toEqual({
      date: "2026-11-20",
      collected: TOTAL,
      settled: 0,
      owed: TOTAL,
      deliveries: [{ orderId: late, code: orderNumber(late), cash: TOTAL }],
    });
    expect(await ledger(admin, ravi.id, "2026-11-21")).toEqual({
      date: "2026-11-21",
      collected: TOTAL,
      settled: 0,
      owed: 2 * TOTAL,
      deliveries: [
        { orderId: early, code: orderNumber(early), cash: TOTAL },
        { orderId: online, code: orderNumber(online), cash: 0 },
      ],
    });
    expect(await ledger(admin, ravi.id, "2026-11-19")).toMatchObject({ collected: 0, owed: 0, deliveries: [] });
  });

  it("today by default: the day's cash handed in, and what is owed now over every day", async ({ shop, admin, customer, item }) => {
    const ravi = await riderOf(shop);
    await deliveredAt(shop, customer, item, ravi, new Date("2026-11-20T06:00:00Z"));
    await deliveredAt(shop, customer, item, ravi, new Date());
    expect((await settle(admin, ravi.id, { amount: 200, note: "Evening cash-up" })).status).toBe(201);
    expect(await ledger(ravi, ravi.id)).toMatchObject({ collected: TOTAL, settled: 200, owed: 2 * TOTAL - 200 });
    // A past day's owed is as it stood at that day's end.
    expect(await ledger(ravi, ravi.id, "2026-11-20")).toMatchObject({ collected: TOTAL, settled: 0, owed: TOTAL });
  });

  it("is the admins' and the rider's own: another rider and a customer are 403, a customer's id 404", async ({ shop, admin, customer }) => {
    const [ravi, mohan] = [await riderOf(shop), await riderOf(shop)];
    expect((await ledgerOf(mohan, ravi.id)).status).toBe(403);
    expect((await ledgerOf(customer, ravi.id)).status).toBe(403);
    expect((await ledgerOf(undefined, ravi.id)).status).toBe(401);
    expect((await ledgerOf(admin, customer.id)).status).toBe(404);
    for (const date of ["2026-02-30", "20-11-2026", "today", ""]) {
      expect(refusal(await ledgerOf(admin, ravi.id, date || "%20")), date).toMatchObject({ status: 400, field: "date" });
    }
  });
});

describe("POST /api/riders/{id}/settlements", () => {
  it("records cash handed in, with its note and who took it", async ({ shop, admin, customer, item }) => {
    const ravi = await riderOf(shop);
    await deliveredAt(shop, customer, item, ravi, new Date());
    const reply = await settle(admin, ravi.id, { amount: TOTAL, note: "All of it" });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.json as RiderSettlement).toEqual({
      id: expect.any(String),
      riderId: ravi.id,
      amount: TOTAL,
      note: "All of it",
      createdAt: expect.any(String),
      createdBy: admin.id,
    });
    expect(await ledger(admin, ravi.id)).toMatchObject({ settled: TOTAL, owed: 0 });
  });

  it("refuses more than owed (400 more_than_owed), amounts outside 1–100000, non-riders and non-admins", async ({
    shop,
    admin,
    customer,
    item,
  }) => {
    const ravi = await riderOf(shop);
    await deliveredAt(shop, customer, item, ravi, new Date());
    const over = await writesNothing(() => settle(admin, ravi.id, { amount: TOTAL + 1 }));
    expect(refusal(over)).toEqual({ status: 400, code: "more_than_owed", field: "amount" });
    for (const amount of [0, -5, 100_001, 1.5, "50", null]) {
      expect(refusal(await writesNothing(() => settle(admin, ravi.id, { amount }))), String(amount)).toMatchObject({
        status: 400,
        field: "amount",
      });
    }
    expect((await writesNothing(() => settle(admin, customer.id, { amount: 1 }))).status).toBe(404);
    for (const caller of [ravi, customer]) expect((await writesNothing(() => settle(caller, ravi.id, { amount: 1 }))).status).toBe(403);
  });

  it("settlements sent at once never add up to more than owed", async ({ shop, admin, customer, item }) => {
    const ravi = await riderOf(shop);
    await deliveredAt(shop, customer, item, ravi, new Date());
    await deliveredAt(shop, customer, item, ravi, new Date());
    // ₹378 owed: three of five ₹100 fit.
    const replies = await Promise.all(Array.from({ length: 5 }, () => settle(admin, ravi.id, { amount: 100 })));
    expect(replies.map((r) => r.status).sort()).toEqual([201, 201, 201, 400, 400]);
    expect(await ledger(admin, ravi.id)).toMatchObject({ settled: 300, owed: 2 * TOTAL - 300 });
  });
});
