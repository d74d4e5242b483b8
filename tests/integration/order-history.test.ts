import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type Caller } from "@/tests/support/api";
import { makeCaller } from "@/tests/support/callers";
import { shopFixtures, type ShopFixtures } from "@/tests/support/shop-fixtures";
import { waitFor } from "@/tests/support/wait";
import { db } from "@/lib/db";
import { GET as listRoute } from "@/app/api/orders/route";
import { GET as getRoute, PATCH as patchRoute } from "@/app/api/orders/[id]/route";
import type { ApiOrderWithHistory } from "@/lib/orders/types";

// Order history (product.md §7): every status change stored with its time and who made it, in
// the same statement as the change; GET /api/orders/{id} returns it oldest first, starting with
// `pending` at placement. And the database announces only committed changes (the triggers).

let fx: ShopFixtures;
let customer: Caller;
let admin: Caller;
let item: string;

beforeAll(async () => {
  fx = await shopFixtures("history");
  [customer, admin] = await Promise.all([makeCaller("user"), makeCaller("admin")]);
  fx.adopt(customer.id);
  fx.adopt(admin.id);
  item = await fx.item();
});

afterAll(async () => {
  await fx.cleanUp();
});

const read = async (id: string, caller: Caller) => {
  const reply = await call(getRoute, "GET", `/api/orders/${id}`, { caller, params: { id } });
  expect(reply.status, reply.text).toBe(200);
  return reply.json as ApiOrderWithHistory;
};
const move = (id: string, status: string, caller: Caller) =>
  call(patchRoute, "PATCH", `/api/orders/${id}`, { caller, params: { id }, body: { status } });

describe("history", () => {
  it("starts with pending at placement and adds each step with its time and actor, oldest first", async () => {
    const id = await fx.order(customer.id, item);
    const placed = await read(id, customer);
    expect(placed.history).toEqual([{ status: "pending", at: placed.createdAt, by: "customer" }]);

    for (const status of ["confirmed", "preparing", "out_for_delivery", "delivered"]) {
      const reply = await move(id, status, admin);
      expect(reply.status, reply.text).toBe(200);
      // PATCH answers the order with its history too.
      expect((reply.json as ApiOrderWithHistory).history.at(-1)).toMatchObject({ status, by: "admin" });
    }

    const order = await read(id, customer);
    expect(order.history.map((h) => [h.status, h.by])).toEqual([
      ["pending", "customer"],
      ["confirmed", "admin"],
      ["preparing", "admin"],
      ["out_for_delivery", "admin"],
      ["delivered", "admin"],
    ]);
    const times = order.history.map((h) => Date.parse(h.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // The last step is the order's last update, written in the same statement.
    expect(order.history.at(-1)!.at).toBe(order.updatedAt);
  });

  it("records a customer's cancellation as by the customer", async () => {
    const id = await fx.order(customer.id, item);
    expect((await move(id, "cancelled", customer)).status).toBe(200);
    const order = await read(id, admin);
    expect(order.history.map((h) => [h.status, h.by])).toEqual([
      ["pending", "customer"],
      ["cancelled", "customer"],
    ]);
  });

  it("writes no step for a refused or conflicting move", async () => {
    const id = await fx.order(customer.id, item);
    expect((await move(id, "confirmed", customer)).status).toBe(403);
    expect((await move(id, "delivered", admin)).status).toBe(409);
    // Two admins at once: one wins, the other gets 409 and leaves no trace.
    const replies = await Promise.all([move(id, "confirmed", admin), move(id, "confirmed", admin)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await db().orderStatusChange.count({ where: { orderId: id } })).toBe(1);
    expect((await read(id, admin)).history.map((h) => h.status)).toEqual(["pending", "confirmed"]);
  });

  it("comes with every order of the list too", async () => {
    const reply = await call(listRoute, "GET", "/api/orders", { caller: customer });
    const orders = reply.json as ApiOrderWithHistory[];
    expect(orders.length).toBeGreaterThan(0);
    for (const o of orders) expect(o.history[0]).toEqual({ status: "pending", at: o.createdAt, by: "customer" });
  });

  it("is one model in schema.prisma that agrees with the migration (written and read through Prisma)", async () => {
    const id = await fx.order(customer.id, item);
    const at = new Date("2026-11-23T12:34:56.789Z");
    await db().orderStatusChange.create({ data: { orderId: id, status: "confirmed", actor: "system", createdAt: at } });
    const back = await db().order.findUniqueOrThrow({ where: { id }, include: { statusChanges: true } });
    expect(back.statusChanges).toEqual([expect.objectContaining({ orderId: id, status: "confirmed", actor: "system", createdAt: at })]);
  });
});

describe("the database announces only committed changes", () => {
  it("an order's status change notifies on commit, never on rollback", async () => {
    const id = await fx.order(customer.id, item);
    const listener = new Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    const heard: string[] = [];
    listener.on("notification", (n) => {
      if (n.payload?.includes(id)) heard.push(n.payload);
    });
    await listener.query("LISTEN fresh_bowl_events");
    const writer = new Client({ connectionString: process.env.DATABASE_URL });
    await writer.connect();
    try {
      await writer.query("BEGIN");
      await writer.query(`UPDATE orders SET status = 'confirmed' WHERE id = $1`, [id]);
      await writer.query("ROLLBACK");
      await writer.query("BEGIN");
      await writer.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [id]);
      // Not a status change: no notice.
      await writer.query(`UPDATE orders SET address_city = 'Mysuru' WHERE id = $1`, [id]);
      await writer.query("COMMIT");
      await waitFor(() => heard.length > 0, { what: "the committed change's notice" });
      // Notices arrive in commit order: had the rolled-back one been sent, it would be first.
      expect(heard.map((p) => JSON.parse(p))).toEqual([{ type: "order", id, userId: customer.id, status: "cancelled", riderIds: [] }]);
    } finally {
      await writer.end();
      await listener.end();
    }
  });
});
