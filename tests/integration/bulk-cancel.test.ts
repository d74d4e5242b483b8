import { Client, type Notification } from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mailbox, pauseMailWorker, resumeMailWorker } from "./setup";
import { db } from "@/lib/db";
import { LIVE_CHANNEL } from "@/lib/realtime/notice";
import { orderNumber, type OrderStatus } from "@/lib/orders/status";
import type { ApiOrderWithHistory } from "@/lib/orders/types";
import { POST as cancelOpenRoute } from "@/app/api/users/[id]/cancel-open-orders/route";
import { POST as placeRoute } from "@/app/api/orders/route";
import { GET as getOrderRoute } from "@/app/api/orders/[id]/route";
import { call, type Caller } from "@/tests/support/api";
import { makeCaller } from "@/tests/support/callers";
import { waitForMail } from "@/tests/support/mail-capture";
import { raceBehindLock } from "@/tests/support/race";
import { shopFixtures, type ShopFixtures } from "@/tests/support/shop-fixtures";
import { storedOrder } from "@/tests/support/stored-order";
import { stopWatching, watchWrites } from "./watch-writes";

// POST /api/users/{id}/cancel-open-orders (product.md §5): an admin cancels every open order of
// one customer at once, each as a single admin cancel does it (history by admin, the customer's
// mail, the live notice), and nothing else.

type Reply = { cancelled: number; orders: ApiOrderWithHistory[] };

let fx: ShopFixtures;
let item = "";
let admin: Caller;

beforeAll(async () => {
  fx = await shopFixtures("bulk-cancel");
  item = await fx.item();
  admin = await makeCaller("admin");
  fx.adopt(admin.id);
});

afterEach(async () => {
  await resumeMailWorker();
});

afterAll(async () => {
  await fx.cleanUp();
});

async function account(name = "Asha Rao"): Promise<Caller> {
  const caller = await makeCaller("user", { name });
  fx.adopt(caller.id);
  return caller;
}

async function orderOf(userId: string, status: OrderStatus = "pending"): Promise<string> {
  const row = await db().order.create({
    data: { ...storedOrder(userId, { menuItemId: item, name: "Test bowl 1", portion: "small", unitPrice: 149, quantity: 1 }), status },
  });
  return row.id;
}

const cancelOpen = (caller: Caller | undefined, id: string, headers: Record<string, string | null> = {}) =>
  call(cancelOpenRoute, "POST", `/api/users/${encodeURIComponent(id)}/cancel-open-orders`, { caller, params: { id }, headers });

const statusOf = async (id: string) => (await db().order.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;

describe("cancelling all of a customer's open orders", () => {
  it("cancels that customer's pending and confirmed orders only, in the API's shape, with history by admin", async () => {
    const [asha, vikram] = [await account(), await account("Vikram Shah")];
    const pending = await orderOf(asha.id);
    const confirmed = await orderOf(asha.id, "confirmed");
    const preparing = await orderOf(asha.id, "preparing");
    const delivered = await orderOf(asha.id, "delivered");
    const before = await orderOf(asha.id, "cancelled");
    const others = await orderOf(vikram.id);

    const reply = await cancelOpen(admin, asha.id);
    expect(reply.status).toBe(200);
    const body = reply.json as Reply;
    expect(body.cancelled).toBe(2);
    expect(body.orders.map((o) => o.id).sort()).toEqual([pending, confirmed].sort());
    for (const order of body.orders) {
      expect(order).toMatchObject({ _id: order.id, status: "cancelled", user: { id: asha.id }, total: 189 });
      expect(order.items).toEqual([expect.objectContaining({ name: "Test bowl 1", quantity: 1 })]);
      expect(order.history.at(-1)).toEqual({ status: "cancelled", at: expect.any(String), by: "admin" });
    }
    expect(await statusOf(preparing)).toBe("preparing");
    expect(await statusOf(delivered)).toBe("delivered");
    expect(await statusOf(before)).toBe("cancelled");
    expect(await statusOf(others)).toBe("pending");

    // The order as its customer reads it afterwards.
    const read = await call(getOrderRoute, "GET", `/api/orders/${confirmed}`, { caller: asha, params: { id: confirmed } });
    expect((read.json as ApiOrderWithHistory).history.map((h) => [h.status, h.by])).toEqual([
      ["pending", "customer"],
      ["cancelled", "admin"],
    ]);

    // Nothing open is left: a second call cancels nothing.
    const again = await cancelOpen(admin, asha.id);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ cancelled: 0, orders: [] });
  });

  it("mails the customer and announces each order, as a single cancel does", async () => {
    const meera = await account("Meera Iyer");
    const ids = [await orderOf(meera.id), await orderOf(meera.id), await orderOf(meera.id, "confirmed")];
    const listener = new Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    const heard: { id: string; status: string }[] = [];
    listener.on("notification", (n: Notification) => heard.push(JSON.parse(n.payload ?? "{}") as { id: string; status: string }));
    try {
      await listener.query(`LISTEN ${LIVE_CHANNEL}`);
      await pauseMailWorker();
      expect((await cancelOpen(admin, meera.id)).status).toBe(200);
      const jobs = await db().$queryRaw<{ payload: { orderId: string; status: string; by: string } }[]>`
        SELECT payload FROM graphile_worker._private_jobs WHERE payload->>'orderId' = ANY(${ids}) ORDER BY id`;
      expect(jobs.map((j) => j.payload).sort((a, b) => a.orderId.localeCompare(b.orderId))).toEqual(
        [...ids].sort().map((orderId) => expect.objectContaining({ mail: "order-status", orderId, status: "cancelled", by: "admin" })),
      );
      await resumeMailWorker();
      for (const id of ids)
        await waitForMail(
          mailbox,
          (m) => m.to.includes(meera.email) && m.subject === `Your Fresh Bowl order #${orderNumber(id)} is cancelled`,
        );
      await expect
        .poll(() =>
          heard
            .filter((n) => n.status === "cancelled")
            .map((n) => n.id)
            .sort(),
        )
        .toEqual([...ids].sort());
    } finally {
      await listener.end();
    }
  });

  it("leaves an order the kitchen moves on meanwhile as it is", async () => {
    const ravi = await account("Ravi Kumar");
    const [taken, left] = [await orderOf(ravi.id), await orderOf(ravi.id)];
    // The kitchen starts preparing one while the cancel waits for that order's row.
    const reply = await raceBehindLock(`UPDATE orders SET status = 'preparing' WHERE id = '${taken}'`, 1, () => cancelOpen(admin, ravi.id));
    expect(reply.status).toBe(200);
    expect((reply.json as Reply).orders.map((o) => o.id)).toEqual([left]);
    expect(await statusOf(taken)).toBe("preparing");
    expect(await db().orderStatusChange.count({ where: { orderId: taken } })).toBe(0);
  });

  it("gives the customer room to order again", async () => {
    const kavya = await account("Kavya Menon");
    for (let i = 0; i < 3; i++) await orderOf(kavya.id);
    const place = () =>
      call(placeRoute, "POST", "/api/orders", {
        caller: kavya,
        body: {
          items: [{ id: item, portion: "small", quantity: 1 }],
          address: { name: "Kavya Menon", phone: "9876543210", street: "1 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" },
          paymentMethod: "UPI",
        },
      });
    expect((await place()).status).toBe(409);
    expect((await cancelOpen(admin, kavya.id)).json).toMatchObject({ cancelled: 3 });
    expect((await place()).status).toBe(201);
  });
});

describe("who may", () => {
  it("is refused to a signed-out caller (401), a customer (403, even for their own orders) and another site (403), changing nothing", async () => {
    const asha = await account();
    const open = [await orderOf(asha.id), await orderOf(asha.id, "confirmed")];
    const other = await account("Other Customer");
    const digest = await watchWrites();
    try {
      const before = await digest.take();
      expect((await cancelOpen(undefined, asha.id)).status).toBe(401);
      const own = await cancelOpen(asha, asha.id);
      expect(own.status).toBe(403);
      expect(own.json).toEqual({ error: "Admins only.", code: "forbidden" });
      expect((await cancelOpen(other, asha.id)).status).toBe(403);
      const crossSite = await cancelOpen(admin, asha.id, { origin: "https://evil.example" });
      expect(crossSite.status).toBe(403);
      expect((crossSite.json as { code: string }).code).toBe("cross_site");
      expect((await cancelOpen(admin, asha.id, { "sec-fetch-site": "cross-site" })).status).toBe(403);
      expect(await digest.take()).toEqual(before);
    } finally {
      await stopWatching(digest);
    }
    for (const id of open) expect(["pending", "confirmed"]).toContain(await statusOf(id));
  });

  it("answers 404 for an unknown or malformed account id", async () => {
    for (const id of ["cm0000000000000000000none", "nobody", "a\u0000", "x".repeat(300)]) {
      const reply = await cancelOpen(admin, id);
      expect(reply.status, id).toBe(404);
      expect(reply.json).toEqual({ error: "User not found.", code: "not_found" });
    }
  });
});
