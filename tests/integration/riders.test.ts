import { describe, expect } from "vitest";
import { test as it } from "./fixtures";
import { writesNothing } from "./watch-writes";
import { db } from "@/lib/db";
import { call, type Caller } from "@/tests/support/api";
import { PATCH as userPatch } from "@/app/api/users/[id]/route";
import { GET as listRidersRoute } from "@/app/api/riders/route";
import { GET as meRoute, PUT as putMeRoute } from "@/app/api/riders/me/route";
import { GET as listOrdersRoute } from "@/app/api/orders/route";
import { PATCH as orderPatch } from "@/app/api/orders/[id]/route";
import type { ApiOrderWithHistory } from "@/lib/orders/types";
import type { RiderHome, RiderSummary } from "@/lib/riders/types";
import { assign, assignedOrder, orderAs, pickUp, refusal, riderOf } from "@/tests/support/riders";

// Riders and dispatch (product.md §12) through the real handlers on PostgreSQL: the role, the
// on-duty switch and phone, the admins' list, assigning and taking back, picking up, and who
// reads which order (the rider only theirs, never its handover code).

const putMe = (caller: Caller, body: unknown) => call(putMeRoute, "PUT", "/api/riders/me", { caller, body });

describe("the rider role and switch", () => {
  it("an admin makes a customer a rider with PATCH /api/users/{id}", async ({ admin, newCaller }) => {
    const ravi = await newCaller();
    const reply = await call(userPatch, "PATCH", `/api/users/${ravi.id}`, {
      caller: admin,
      body: { role: "rider" },
      params: { id: ravi.id },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json).toMatchObject({ id: ravi.id, role: "rider" });
  });

  it("a rider goes on duty with a phone (10 digits, optionally +91) and off again", async ({ shop }) => {
    const ravi = await riderOf(shop);
    await db().user.update({ where: { id: ravi.id }, data: { phone: null } });
    const on = await putMe(ravi, { onDuty: true, phone: "+91 98450 67890" });
    expect(on.status, on.text).toBe(200);
    expect(on.json).toMatchObject({ id: ravi.id, onDuty: true, phone: "+919845067890", orders: [] });
    const off = await putMe(ravi, { onDuty: false });
    expect(off.json).toMatchObject({ onDuty: false, phone: "+919845067890" });
    expect((await putMe(ravi, { onDuty: true, phone: "9845011111" })).json).toMatchObject({ onDuty: true, phone: "+919845011111" });
  });

  it("refuses a bad phone, a missing switch and going on duty with no phone: 400 with the field, nothing written", async ({ shop }) => {
    const ravi = await riderOf(shop);
    await db().user.update({ where: { id: ravi.id }, data: { phone: null } });
    for (const [body, field] of [
      [{ onDuty: true, phone: "12345" }, "phone"],
      [{ onDuty: true, phone: "+1 415 555 0100" }, "phone"],
      [{ onDuty: "yes" }, "onDuty"],
      [{ phone: "9845067890" }, "onDuty"],
      [{ onDuty: true }, "phone"],
    ] as const) {
      const reply = await writesNothing(() => putMe(ravi, body));
      expect(refusal(reply), JSON.stringify(body)).toMatchObject({ status: 400, field });
    }
  });

  it("is a rider's only: a customer and an admin are 403 not_a_rider", async ({ admin, customer }) => {
    for (const caller of [admin, customer])
      expect(refusal(await putMe(caller, { onDuty: true, phone: "9845067890" }))).toMatchObject({ status: 403, code: "not_a_rider" });
    expect(refusal(await call(meRoute, "GET", "/api/riders/me", { caller: customer }))).toMatchObject({ status: 403, code: "not_a_rider" });
  });
});

describe("GET /api/riders", () => {
  it("lists every rider for admins with their switch, phone and orders not yet delivered", async ({ shop, admin, customer, item }) => {
    const ravi = await riderOf(shop, "+919845000001");
    await putMe(ravi, { onDuty: true });
    await assignedOrder(shop, customer.id, item, ravi.id, "preparing");
    await assignedOrder(shop, customer.id, item, ravi.id, "out_for_delivery");
    await assignedOrder(shop, customer.id, item, ravi.id, "delivered");
    const reply = await call(listRidersRoute, "GET", "/api/riders", { caller: admin });
    expect(reply.status, reply.text).toBe(200);
    const listed = (reply.json as RiderSummary[]).find((r) => r.id === ravi.id);
    expect(listed).toEqual({ id: ravi.id, name: ravi.name, phone: "+919845000001", onDuty: true, activeOrders: 2 });
    expect((reply.json as RiderSummary[]).some((r) => r.id === customer.id)).toBe(false);
    expect((await call(listRidersRoute, "GET", "/api/riders", { caller: ravi })).status).toBe(403);
  });
});

describe("assigning a rider: PATCH /api/orders/{id} {riderId}", () => {
  it("gives an active order to a rider; every order reply carries the rider, lists too", async ({ shop, admin, customer, item }) => {
    const ravi = await riderOf(shop);
    const id = await shop.order(customer.id, item);
    const reply = await assign(admin, id, ravi.id);
    expect(reply.status, reply.text).toBe(200);
    const rider = { id: ravi.id, name: ravi.name, phone: "+919845012345" };
    expect((reply.json as ApiOrderWithHistory).rider).toEqual(rider);
    expect((await orderAs(customer, id)).rider).toEqual(rider);
    const list = (await call(listOrdersRoute, "GET", "/api/orders", { caller: customer })).json as ApiOrderWithHistory[];
    expect(list.find((o) => o.id === id)?.rider).toEqual(rider);
    // Assigning is not a step of the order's history; its status stays.
    expect((reply.json as ApiOrderWithHistory).history.map((h) => h.status)).toEqual(["pending"]);
  });

  it("moves it to another rider, and takes it back (null) before pickup", async ({ shop, admin, customer, item }) => {
    const [ravi, mohan] = [await riderOf(shop), await riderOf(shop)];
    const { id } = await assignedOrder(shop, customer.id, item, ravi.id, "confirmed");
    expect(((await assign(admin, id, mohan.id)).json as ApiOrderWithHistory).rider?.id).toBe(mohan.id);
    expect(((await assign(admin, id, null)).json as ApiOrderWithHistory).rider).toBeNull();
  });

  // Not a rider: 400 riderId; a finished order: 409; taking back one picked up: 409.
  it("refuses what dispatch cannot do, writing nothing", async ({ shop, admin, customer, item }) => {
    const ravi = await riderOf(shop);
    const id = await shop.order(customer.id, item);
    for (const riderId of [customer.id, admin.id, "c".repeat(25), "not an id", 42]) {
      const reply = await writesNothing(() => assign(admin, id, riderId as string));
      expect(refusal(reply), String(riderId)).toMatchObject({ status: 400, field: "riderId" });
    }
    const delivered = await assignedOrder(shop, customer.id, item, null, "delivered");
    expect(refusal(await writesNothing(() => assign(admin, delivered.id, ravi.id)))).toMatchObject({
      status: 409,
      code: "status_conflict",
    });
    const away = await assignedOrder(shop, customer.id, item, ravi.id, "out_for_delivery");
    expect(refusal(await writesNothing(() => assign(admin, away.id, null)))).toMatchObject({ status: 409, code: "already_picked_up" });
  });

  it("is the admins' alone, one change per request", async ({ shop: fx, admin, customer: owner, item: bowl }) => {
    const ravi = await riderOf(fx);
    const id = await fx.order(owner.id, bowl);
    const customer = owner;
    for (const caller of [customer, ravi]) expect((await writesNothing(() => assign(caller, id, ravi.id))).status).toBe(403);
    const both = await call(orderPatch, "PATCH", `/api/orders/${id}`, {
      caller: admin,
      body: { riderId: ravi.id, status: "confirmed" },
      params: { id },
    });
    expect(both.status).toBe(400);
    expect((await orderAs(admin, id)).status).toBe("pending");
  });
});

describe("POST /api/orders/{id}/pickup", () => {
  // Out for delivery, its history step by the rider, and so on the rider's page.
  it("the assigned rider takes a preparing order out", async ({ shop, customer, item }) => {
    const ravi = await riderOf(shop);
    const { id } = await assignedOrder(shop, customer.id, item, ravi.id, "preparing");
    const reply = await pickUp(ravi, id);
    expect(reply.status, reply.text).toBe(200);
    const order = reply.json as ApiOrderWithHistory;
    expect(order.status).toBe("out_for_delivery");
    expect(order.history.at(-1)).toMatchObject({ status: "out_for_delivery", by: "rider" });
    expect(order).not.toHaveProperty("handoverCode");
    const home = (await call(meRoute, "GET", "/api/riders/me", { caller: ravi })).json as RiderHome;
    expect(home.orders.map((o) => [o.id, o.status])).toEqual([[id, "out_for_delivery"]]);
  });

  // History by admin; a pending order, or one with no rider, is 409.
  it("an admin may pick it up for the rider", async ({ shop, admin, customer, item }) => {
    const ravi = await riderOf(shop);
    const { id } = await assignedOrder(shop, customer.id, item, ravi.id, "confirmed");
    expect(((await pickUp(admin, id)).json as ApiOrderWithHistory).history.at(-1)).toMatchObject({
      status: "out_for_delivery",
      by: "admin",
    });
    const pending = await assignedOrder(shop, customer.id, item, ravi.id, "pending");
    expect(refusal(await writesNothing(() => pickUp(ravi, pending.id)))).toMatchObject({ status: 409, code: "status_conflict" });
    const none = await assignedOrder(shop, customer.id, item, null, "preparing");
    expect(refusal(await writesNothing(() => pickUp(admin, none.id)))).toMatchObject({ status: 409, code: "no_rider" });
  });

  it("another rider is told it does not exist (404), its customer is refused (403)", async ({ shop, customer, item }) => {
    const [ravi, mohan] = [await riderOf(shop), await riderOf(shop)];
    const { id } = await assignedOrder(shop, customer.id, item, ravi.id, "preparing");
    expect((await writesNothing(() => pickUp(mohan, id))).status).toBe(404);
    expect((await writesNothing(() => pickUp(customer, id))).status).toBe(403);
    expect((await writesNothing(() => pickUp(undefined, id))).status).toBe(401);
  });
});
