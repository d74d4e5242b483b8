import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { test } from "./fixtures";
import { db, pool } from "@/lib/db";
import { storedKey } from "@/lib/rate-limit";
import { POST as placeRoute } from "@/app/api/orders/route";
import { PATCH as patchRoute } from "@/app/api/orders/[id]/route";
import { call, randomIp, type Caller } from "@/tests/support/api";
import { raceBehindLock } from "@/tests/support/race";
import { changeSettings } from "@/tests/support/settings";
import { ASHA_ADDRESS } from "@/tests/support/online-payments";
import { storedOrder } from "@/tests/support/stored-order";
import { writesNothing } from "./watch-writes";

// The order limits of product.md §5 through the real route and PostgreSQL: at most 10 orders in
// 10 minutes per account and 30 per IP (429 with Retry-After), at most 3 open orders per customer
// (409), however many arrive at once; admins are not limited; the numbers are settings.

type Placed = { status: number; retryAfter: string | null; body: { order?: { id: string }; error?: string; code?: string } };

/** `caller` places one small bowl, cash on delivery, from `ip` (a random one) with idempotency key `key` (a fresh one). */
const it = test.extend("place", ({ item }) => async (caller: Caller, options: { ip?: string; key?: string } = {}): Promise<Placed> => {
  const reply = await call(placeRoute, "POST", "/api/orders", {
    caller,
    body: { items: [{ id: item, portion: "small", quantity: 1 }], address: ASHA_ADDRESS, paymentMethod: "Cash on Delivery" },
    ip: options.ip ?? randomIp(),
    headers: { "idempotency-key": options.key ?? randomUUID() },
  });
  return { status: reply.status, retryAfter: reply.headers.get("retry-after"), body: reply.json as Placed["body"] };
});

async function bucketPoints(key: string): Promise<number | undefined> {
  const { rows } = await pool().query<{ points: number }>(`SELECT points FROM rate_limit_buckets WHERE key = $1`, [key]);
  return rows[0]?.points;
}

const statuses = (replies: Placed[]) => replies.map((r) => r.status).sort();
/** PATCH /api/orders/{id} by `caller`: the order moved to `status`. */
const move = (caller: Caller, id: string, status: string) =>
  call(patchRoute, "PATCH", `/api/orders/${id}`, { caller, params: { id }, body: { status } });
const ordersOf = (userId: string) => db().order.count({ where: { userId } });
const openOrdersOf = (userId: string) => db().order.count({ where: { userId, status: { in: ["pending", "confirmed"] } } });

/** Runs `test` with these settings, then puts the old ones back. */
async function withSettings<T>(values: Record<string, string>, test: () => Promise<T>): Promise<T> {
  const restore = changeSettings(values);
  try {
    return await test();
  } finally {
    restore();
  }
}

function expectTooMany(reply: Placed) {
  expect(reply.status).toBe(429);
  expect(reply.body.code).toBe("rate_limited");
  expect(reply.body.error).toBeTruthy();
  expect(Number(reply.retryAfter)).toBeGreaterThan(0);
  expect(Number(reply.retryAfter)).toBeLessThanOrEqual(600);
}

describe("orders per account", () => {
  it("a burst of 12 at once from one account: exactly 10 are placed, the rest 429 with Retry-After", async ({ place, newCaller }) => {
    const asha = await newCaller();
    // Open orders are not what this is about: the account's window is.
    const replies = await withSettings({ OPEN_ORDERS_PER_CUSTOMER: "100" }, () =>
      Promise.all(Array.from({ length: 12 }, () => place(asha))),
    );
    expect(statuses(replies)).toEqual([...Array(10).fill(201), 429, 429]);
    for (const refused of replies.filter((r) => r.status === 429)) expectTooMany(refused);
    expect(await ordersOf(asha.id)).toBe(10);

    // Still refused afterwards, from any address, and a refusal writes nothing.
    expectTooMany(await writesNothing(() => withSettings({ OPEN_ORDERS_PER_CUSTOMER: "100" }, () => place(asha))));
    expect(await ordersOf(asha.id)).toBe(10);
  });

  it("once refused, the account's further attempts are refused without asking PostgreSQL again", async ({ place, newCaller }) => {
    const meera = await newCaller();
    await withSettings({ ORDER_LIMIT_PER_ACCOUNT: "2" }, async () => {
      expect((await place(meera)).status).toBe(201);
      expect((await place(meera)).status).toBe(201);
      expectTooMany(await place(meera));
      const spent = await bucketPoints(storedKey("orderAccount", meera.id));
      expect(spent).toBe(3);
      // A flood: each still gets 429 with Retry-After, and the stored bucket is not touched.
      for (const reply of await Promise.all(Array.from({ length: 20 }, () => place(meera)))) expectTooMany(reply);
      expect(await bucketPoints(storedKey("orderAccount", meera.id))).toBe(spent);
    });
    expect(await ordersOf(meera.id)).toBe(2);
  });

  it("a retry of an order already placed returns that order, even once the allowance is used up", async ({ place, newCaller }) => {
    const ravi = await newCaller();
    const key = randomUUID();
    const first = await place(ravi, { key });
    expect(first.status).toBe(201);
    await withSettings({ ORDER_LIMIT_PER_ACCOUNT: "1" }, async () => {
      expectTooMany(await place(ravi));
      const retry = await place(ravi, { key });
      expect(retry.status).toBe(200);
      expect(retry.body.order?.id).toBe(first.body.order?.id);
    });
  });
});

describe("orders per IP", () => {
  it("31 accounts from one address: 30 orders are placed, the 31st gets 429; another address is not affected", async ({
    place,
    newCaller,
  }) => {
    const ip = randomIp();
    const accounts = await Promise.all(Array.from({ length: 31 }, () => newCaller()));
    const replies = await Promise.all(accounts.map((a) => place(a, { ip })));
    expect(statuses(replies)).toEqual([...Array(30).fill(201), 429]);
    expectTooMany(replies.find((r) => r.status === 429)!);
    const refused = accounts[replies.findIndex((r) => r.status === 429)];
    expect(await ordersOf(refused.id)).toBe(0);
    expect((await place(refused)).status).toBe(201);
  });

  it("counts an IPv6 network's addresses together", async ({ place, newCaller }) => {
    const net = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    await withSettings({ ORDER_LIMIT_PER_IP: "2" }, async () => {
      expect((await place(await newCaller(), { ip: `${net}::1` })).status).toBe(201);
      expect((await place(await newCaller(), { ip: `${net}:0:0:0:ffff` })).status).toBe(201);
      expectTooMany(await place(await newCaller(), { ip: `${net}:abcd:1234:5:6` }));
    });
  });
});

describe("open orders per customer", () => {
  it("a fourth open order is refused with 409 and writes nothing; once one is delivered or cancelled the next goes through", async ({
    place,
    newCaller,
  }) => {
    const meera = await newCaller();
    const admin = await newCaller("admin");
    const placed: string[] = [];
    for (let i = 0; i < 3; i++) {
      const reply = await place(meera);
      expect(reply.status).toBe(201);
      placed.push(reply.body.order!.id);
    }
    // Confirmed by the kitchen is still open.
    expect((await move(admin, placed[0], "confirmed")).status).toBe(200);

    const fourth = await writesNothing(() => place(meera));
    expect(fourth.status).toBe(409);
    expect(fourth.body).toEqual({ error: "You already have 3 open orders.", code: "too_many_open_orders" });
    expect(await ordersOf(meera.id)).toBe(3);

    // In the kitchen's hands (preparing) it no longer counts as open.
    expect((await move(admin, placed[0], "preparing")).status).toBe(200);
    expect((await place(meera)).status).toBe(201);
    expect((await place(meera)).status).toBe(409);

    // Cancelled by its customer: room for one more.
    expect((await move(meera, placed[1], "cancelled")).status).toBe(200);
    expect((await place(meera)).status).toBe(201);
    expect(await openOrdersOf(meera.id)).toBe(3);
  });

  it("a retry of the third order returns it, not a 409", async ({ place, newCaller }) => {
    const kavya = await newCaller();
    const key = randomUUID();
    await place(kavya);
    await place(kavya);
    const third = await place(kavya, { key });
    expect(third.status).toBe(201);
    const retry = await place(kavya, { key });
    expect(retry.status).toBe(200);
    expect(retry.body.order?.id).toBe(third.body.order?.id);
  });

  it("10 orders at once from a customer with none open: exactly 3 are placed, never more than 3 open", async ({
    place,
    newCaller,
    item,
  }) => {
    const ishaan = await newCaller();
    // All ten queue behind an admin's change to the bowl, then go at once: a real race.
    const replies = await raceBehindLock(`SELECT 1 FROM menu_items WHERE id = '${item}' FOR UPDATE`, 10, () =>
      Promise.all(Array.from({ length: 10 }, () => place(ishaan))),
    );
    expect(statuses(replies)).toEqual([...Array(3).fill(201), ...Array(7).fill(409)]);
    for (const refused of replies.filter((r) => r.status === 409)) expect(refused.body.error).toBe("You already have 3 open orders.");
    expect(await openOrdersOf(ishaan.id)).toBe(3);
    expect(await ordersOf(ishaan.id)).toBe(3);
  });

  it("an account's open orders made before the limit existed still count", async ({ place, newCaller, item }) => {
    const old = await newCaller();
    for (let i = 0; i < 5; i++)
      await db().order.create({
        data: storedOrder(old.id, { menuItemId: item, name: "Test bowl 1", portion: "small", unitPrice: 149, quantity: 1 }),
      });
    expect((await place(old)).status).toBe(409);
  });
});

describe("admins", () => {
  it("are not limited: 15 orders at once from one admin and one address are all placed", async ({ place, newCaller }) => {
    const admin = await newCaller("admin");
    const ip = randomIp();
    const replies = await Promise.all(Array.from({ length: 15 }, () => place(admin, { ip })));
    expect(statuses(replies)).toEqual(Array(15).fill(201));
    expect(await openOrdersOf(admin.id)).toBe(15);
    // Nor do they use up the address's allowance for its customers.
    await withSettings({ ORDER_LIMIT_PER_IP: "1" }, async () => {
      expect((await place(admin, { ip })).status).toBe(201);
      expect((await place(await newCaller(), { ip })).status).toBe(201);
    });
  });
});

describe("the settings", () => {
  it("ORDER_LIMIT_PER_ACCOUNT, ORDER_LIMIT_PER_IP and OPEN_ORDERS_PER_CUSTOMER replace the defaults", async ({ place, newCaller }) => {
    await withSettings({ ORDER_LIMIT_PER_ACCOUNT: "2", OPEN_ORDERS_PER_CUSTOMER: "100" }, async () => {
      const priya = await newCaller();
      expect((await place(priya)).status).toBe(201);
      expect((await place(priya)).status).toBe(201);
      expectTooMany(await place(priya));
    });

    await withSettings({ OPEN_ORDERS_PER_CUSTOMER: "1" }, async () => {
      const arjun = await newCaller();
      expect((await place(arjun)).status).toBe(201);
      const second = await place(arjun);
      expect(second.status).toBe(409);
      expect(second.body.error).toBe("You already have 1 open order.");
    });

    await withSettings({ ORDER_LIMIT_PER_IP: "3" }, async () => {
      const ip = randomIp();
      for (let i = 0; i < 3; i++) expect((await place(await newCaller(), { ip })).status).toBe(201);
      expectTooMany(await place(await newCaller(), { ip }));
    });

    // Unset again: the defaults.
    const zoe = await newCaller();
    for (let i = 0; i < 3; i++) expect((await place(zoe)).status).toBe(201);
    expect((await place(zoe)).body.error).toBe("You already have 3 open orders.");
  });
});
