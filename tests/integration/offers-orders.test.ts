import "@/tests/support/async-local-storage";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect } from "vitest";
import { test as it } from "./fixtures";
import { db } from "@/lib/db";
import { POST as placeRoute } from "@/app/api/orders/route";
import { GET as getRoute, PATCH as patchRoute } from "@/app/api/orders/[id]/route";
import { call, type Caller } from "@/tests/support/api";
import { sampleAddress } from "@/tests/support/address";
import { storedOffer } from "@/tests/support/offers";
import { writesNothing } from "./watch-writes";
import { putAreas } from "@/tests/support/store-world";
import { resetStore } from "@/tests/support/store";
import type { ApiOrderWithHistory } from "@/lib/orders/types";

// A coupon on an order (product.md §13) through POST /api/orders on real PostgreSQL: decided
// inside the order's transaction, its use counted there, so however many customers use one code
// at once it is never used more than allowed; a refused code writes nothing; a cancelled order
// gives its use back.

type Placed = { status: number; order: ApiOrderWithHistory; body: Record<string, unknown> };

const made: string[] = [];
afterAll(async () => {
  await db().offer.deleteMany({ where: { id: { in: made } } });
  await resetStore();
});
const offer = async (over: Parameters<typeof storedOffer>[0] = {}) => {
  const row = await storedOffer(over);
  made.push(row.id);
  return row;
};

async function place(caller: Caller, item: string, extra: Record<string, unknown> = {}, quantity = 2): Promise<Placed> {
  const reply = await call(placeRoute, "POST", "/api/orders", {
    caller,
    headers: { "idempotency-key": randomUUID() },
    body: {
      items: [{ id: item, portion: "medium", quantity }],
      address: sampleAddress(caller.name),
      paymentMethod: "Cash on Delivery",
      ...extra,
    },
  });
  const body = reply.json as Record<string, unknown>;
  return { status: reply.status, order: body.order as ApiOrderWithHistory, body };
}

/** The uses held, counted row by row, and as the offer's counter says (they must agree). */
const usesOf = async (offerId: string) => {
  const [held, { used }] = await Promise.all([
    db().offerUse.count({ where: { offerId, releasedAt: null } }),
    db().offer.findUniqueOrThrow({ where: { id: offerId } }),
  ]);
  expect(used).toBe(held);
  return held;
};

describe("POST /api/orders with a couponCode", () => {
  it("takes the discount off the total, in any case of the code, and every reply carries it", async ({ customer, item }) => {
    const { id, code } = await offer({ kind: "flat", amount: 100 });
    const placed = await place(customer, item, { couponCode: code.toLowerCase() });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { order } = placed;
    // Two medium bowls at ₹199, delivery ₹40.
    expect(order).toMatchObject({ subtotal: 398, discount: 100, deliveryFee: 40, total: 338, coupon: { code, description: "₹100 off" } });
    expect(order.total).toBe(order.subtotal - order.discount + order.deliveryFee + order.packagingCharge);
    const read = await call(getRoute, "GET", `/api/orders/${order.id}`, { caller: customer, params: { id: order.id } });
    expect(read.json).toMatchObject({ discount: 100, total: 338, coupon: { code } });
    expect(await usesOf(id)).toBe(1);
  });

  it("an order without a code has no discount and no coupon", async ({ customer, item }) => {
    const { order } = await place(customer, item);
    expect(order).toMatchObject({ discount: 0, coupon: null, total: 438 });
  });

  it("rounds a percent down and caps it; free delivery gives the fee back and the order still shows it", async ({ newCaller, item }) => {
    const percent = await offer({ kind: "percent", amount: null, percent: 15, maxDiscount: 50 });
    expect((await place(await newCaller(), item, { couponCode: percent.code }, 1)).order).toMatchObject({
      subtotal: 199,
      discount: 29,
      total: 210,
    });
    expect((await place(await newCaller(), item, { couponCode: percent.code }, 3)).order).toMatchObject({ subtotal: 597, discount: 50 });
    const free = await offer({ kind: "free_delivery", amount: null });
    expect((await place(await newCaller(), item, { couponCode: free.code })).order).toMatchObject({
      deliveryFee: 40,
      discount: 40,
      total: 398,
      coupon: { description: "Free delivery" },
    });
  });

  it("refuses a code that does not apply with 400 invalid_coupon, its reason and words, writing nothing", async ({ newCaller, item }) => {
    const asha = await newCaller();
    const minimum = await offer({ minSubtotal: 500 });
    const online = await offer({ onlineOnly: true });
    const expired = await offer({ validTo: new Date(Date.now() - 60_000) });
    const cases: [string, string, RegExp][] = [
      [minimum.code, "below_minimum", /at least ₹500/],
      [online.code, "online_only", /paid online/],
      [expired.code, "expired", /expired/],
      ["NOSUCHCODE9", "invalid", /not valid/],
    ];
    for (const [code, reason, words] of cases) {
      const refused = await writesNothing(() => place(asha, item, { couponCode: code }));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: "invalid_coupon", reason, field: "couponCode" });
      expect(refused.body.error).toMatch(words);
    }
  });

  it("a first-order code is refused to a customer with an earlier order that is not cancelled", async ({ newCaller, item }) => {
    const first = await offer({ firstOrderOnly: true });
    const asha = await newCaller();
    expect((await place(asha, item, { couponCode: first.code })).status).toBe(201);
    const vikram = await newCaller();
    const earlier = await place(vikram, item);
    const refused = await place(vikram, item, { couponCode: first.code });
    expect(refused.body).toMatchObject({ code: "invalid_coupon", reason: "first_order_only" });
    // Once that order is cancelled, it is their first order again.
    await call(patchRoute, "PATCH", `/api/orders/${earlier.order.id}`, {
      caller: vikram,
      params: { id: earlier.order.id },
      body: { status: "cancelled" },
    });
    expect((await place(vikram, item, { couponCode: first.code })).status).toBe(201);
  });

  it("a flash sale: many customers on one code at once, never more orders than its total uses", async ({ newCaller, item }) => {
    const sale = await offer({ totalUses: 3, perCustomer: 1 });
    const customers = await Promise.all(Array.from({ length: 10 }, () => newCaller()));
    const replies = await Promise.all(customers.map((c) => place(c, item, { couponCode: sale.code })));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 400, 400, 400, 400, 400, 400, 400]);
    for (const r of replies.filter((r) => r.status === 400)) expect(r.body).toMatchObject({ code: "invalid_coupon", reason: "used_up" });
    expect(await usesOf(sale.id)).toBe(3);
    const orders = await db().order.count({ where: { couponCode: sale.code } });
    expect(orders).toBe(3);
  });

  it("one customer firing orders on one code at once uses it no more than per customer allows", async ({ newCaller, item }) => {
    const once = await offer({ perCustomer: 1 });
    const asha = await newCaller();
    const replies = await Promise.all([1, 2, 3].map(() => place(asha, item, { couponCode: once.code })));
    expect(replies.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    for (const r of replies.filter((r) => r.status === 400)) expect(r.body).toMatchObject({ reason: "already_used" });
    expect(await usesOf(once.id)).toBe(1);
  });

  it("a cancelled order gives its use back", async ({ newCaller, item }) => {
    const single = await offer({ totalUses: 1 });
    const asha = await newCaller();
    const placed = await place(asha, item, { couponCode: single.code });
    expect(placed.status).toBe(201);
    const vikram = await newCaller();
    expect((await place(vikram, item, { couponCode: single.code })).body).toMatchObject({ reason: "used_up" });
    const cancel = await call(patchRoute, "PATCH", `/api/orders/${placed.order.id}`, {
      caller: asha,
      params: { id: placed.order.id },
      body: { status: "cancelled" },
    });
    expect(cancel.status, cancel.text).toBe(200);
    expect(cancel.json).toMatchObject({ status: "cancelled", discount: 50, coupon: { code: single.code } });
    expect(await usesOf(single.id)).toBe(0);
    expect((await place(vikram, item, { couponCode: single.code })).status).toBe(201);
  });
  it("the area's minimum is the subtotal's, before the discount; free delivery gives back the area's fee", async ({
    admin,
    newCaller,
    item,
  }) => {
    await putAreas(admin, [{ name: "Bengaluru Central", pins: ["5600"], fee: 30, minimumOrder: 350 }]);
    try {
      const big = await offer({ kind: "flat", amount: 200 });
      // ₹398 of bowls reaches the ₹350 minimum; ₹198 after the discount does not need to.
      expect((await place(await newCaller(), item, { couponCode: big.code })).order).toMatchObject({
        subtotal: 398,
        discount: 200,
        deliveryFee: 30,
        total: 228,
      });
      const below = await place(await newCaller(), item, { couponCode: big.code }, 1);
      expect(below.body).toMatchObject({ code: "below_minimum" });
      const free = await offer({ kind: "free_delivery", amount: null });
      expect((await place(await newCaller(), item, { couponCode: free.code })).order).toMatchObject({ deliveryFee: 30, discount: 30 });
    } finally {
      await resetStore();
    }
  });
});
