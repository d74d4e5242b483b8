import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { test } from "./fixtures";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { POST as placeRoute } from "@/app/api/orders/route";
import { call, randomIp, type AnyHandler, type Caller } from "@/tests/support/api";
import { changeSettings } from "@/tests/support/settings";
import { ASHA_ADDRESS, checkoutProof, payAsBrowser } from "@/tests/support/online-payments";

// What an order waiting for online payment may hold (issue 32, M2 and L3): it keeps a delivery
// slot for 15 minutes at no cost, so a customer holds one at a time and one client address at most
// UNPAID_ORDERS_PER_IP (default 3), however many arrive at once; and an order paid online is worth
// at most ONLINE_ORDER_MAX rupees.

type Placed = { order: { id: string; status: string }; checkout: { orderId: string }; code?: string; field?: string; error?: string };

const it = test.extend("place", ({ gateway, item }) => {
  void gateway;
  return (caller: Caller, { method = "UPI", ip = randomIp(), quantity = 1 }: { method?: string; ip?: string; quantity?: number } = {}) =>
    call(placeRoute as AnyHandler, "POST", "/api/orders", {
      headers: { ...caller.headers, "idempotency-key": randomUUID() },
      body: { items: [{ id: item, portion: "medium", quantity }], address: ASHA_ADDRESS, paymentMethod: method },
      ip,
    }).then((r) => ({ status: r.status, headers: r.headers, json: r.json as Placed }));
});

const awaitingOf = (userIds: string[]) => db().order.count({ where: { userId: { in: userIds }, status: "awaiting_payment" } });

describe("unpaid orders held per customer", () => {
  it("a second order to pay online while one waits is 409 unpaid_order_exists; cash still goes", async ({ place, customer }) => {
    const first = await place(customer);
    expect(first.status).toBe(201);
    const second = await place(customer, { method: "Card" });
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({ code: "unpaid_order_exists", error: expect.stringContaining("waiting for payment") });
    expect(await awaitingOf([customer.id])).toBe(1);
    expect((await place(customer, { method: "Cash on Delivery" })).status).toBe(201);
  });

  it("once the waiting order is paid, the next may be placed", async ({ place, gateway, customer }) => {
    const first = await place(customer);
    const proof = gateway.pay(first.json.checkout.orderId);
    expect((await payAsBrowser(customer, first.json.order.id, checkoutProof(first.json.checkout.orderId, proof))).status).toBe(200);
    expect((await place(customer)).status).toBe(201);
  });

  it("of five orders of one customer at once, one is placed", async ({ place, customer }) => {
    const replies = await Promise.all(Array.from({ length: 5 }, () => place(customer)));
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await awaitingOf([customer.id])).toBe(1);
  });
});

describe("unpaid orders held per client address", () => {
  it("of six customers on one address at once, three are placed; the rest 429 with Retry-After", async ({ place, newCaller }) => {
    const callers = await Promise.all(Array.from({ length: 6 }, () => newCaller()));
    const ip = randomIp();
    const replies = await Promise.all(callers.map((c) => place(c, { ip })));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = replies.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual([429, 429, 429]);
    for (const r of refused) {
      expect(r.json.code).toBe("too_many_unpaid_orders");
      const retryAfter = Number(r.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    expect(await awaitingOf(callers.map((c) => c.id))).toBe(3);
    // Another address, and cash on this one, are not held back.
    const [other, cash] = await Promise.all([newCaller(), newCaller()]);
    expect((await place(other)).status).toBe(201);
    expect((await place(cash, { ip, method: "Cash on Delivery" })).status).toBe(201);
  });

  it("a hold ends when its order is paid or switched to cash", async ({ place, gateway, newCaller }) => {
    const callers = await Promise.all(Array.from({ length: 4 }, () => newCaller()));
    const ip = randomIp();
    const placed = [];
    for (const c of callers.slice(0, 3)) placed.push((await place(c, { ip })).json);
    expect((await place(callers[3], { ip })).status).toBe(429);
    const proof = gateway.pay(placed[0].checkout.orderId);
    expect((await payAsBrowser(callers[0], placed[0].order.id, checkoutProof(placed[0].checkout.orderId, proof))).status).toBe(200);
    expect((await place(callers[3], { ip })).status).toBe(201);
  });

  it("an IPv6 network's /64s count together against its /56 (4 times the allowance)", async ({ place, newCaller }) => {
    const restore = changeSettings({ UNPAID_ORDERS_PER_IP: "1" });
    try {
      const callers = await Promise.all(Array.from({ length: 6 }, () => newCaller()));
      const net = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}`;
      const replies = await Promise.all(callers.map((c, i) => place(c, { ip: `${net}:aa0${i}::1` })));
      expect(replies.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 429, 429]);
    } finally {
      restore();
    }
  });

  it("UNPAID_ORDERS_PER_IP is a setting", async ({ place, newCaller }) => {
    const restore = changeSettings({ UNPAID_ORDERS_PER_IP: "1" });
    try {
      const [a, b] = await Promise.all([newCaller(), newCaller()]);
      const ip = randomIp();
      expect((await place(a, { ip })).status).toBe(201);
      expect((await place(b, { ip })).status).toBe(429);
    } finally {
      restore();
    }
  });
});

describe("the value of an order paid online", () => {
  it("above ONLINE_ORDER_MAX is 400 online_order_too_large naming total, nothing written; cash is not capped", async ({
    place,
    customer,
  }) => {
    const restore = changeSettings({ ONLINE_ORDER_MAX: "500" });
    try {
      const before = await db().order.count({ where: { userId: customer.id } });
      const big = await place(customer, { quantity: 3 });
      expect(big.status).toBe(400);
      expect(big.json).toMatchObject({ code: "online_order_too_large", field: "total" });
      expect(big.json.error).toContain("₹500");
      expect(await db().order.count({ where: { userId: customer.id } })).toBe(before);
      expect((await place(customer, { quantity: 2 })).status).toBe(201);
      expect((await place(customer, { quantity: 3, method: "Cash on Delivery" })).status).toBe(201);
    } finally {
      restore();
    }
  });

  it("defaults to ₹20,000", () => {
    const restore = changeSettings({ ONLINE_ORDER_MAX: undefined });
    try {
      expect(env().ONLINE_ORDER_MAX).toBe(20_000);
    } finally {
      restore();
    }
  });
});
