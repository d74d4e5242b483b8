import { describe, expect } from "vitest";
import { test as it } from "./fixtures";
import { db } from "@/lib/db";
import { call } from "@/tests/support/api";
import { GET as meRoute } from "@/app/api/riders/me/route";
import { GET as kitchenRoute } from "@/app/api/kitchen/route";
import { kitchenSearch } from "@/lib/orders/kitchen-query";
import { orderNumber } from "@/lib/orders/status";
import type { KitchenRead } from "@/lib/orders/kitchen-rules";
import type { RiderHome } from "@/lib/riders/types";
import { assignedOrder, riderOf } from "@/tests/support/riders";

// What a rider's page reads (GET /api/riders/me, product.md §12), and the kitchen ticket's
// rider: the rider's active orders oldest first with what the door needs (the code, the
// customer's name, address with a map link, phone, bowls, promise, what to collect) and never
// the handover code.

describe("GET /api/riders/me", () => {
  it("lists the rider's active orders oldest first, with what the door needs and no handover code", async ({ shop, customer, item }) => {
    const ravi = await riderOf(shop);
    const older = new Date(Date.now() - 20 * 60_000);
    const cash = await assignedOrder(shop, customer.id, item, ravi.id, "preparing", { createdAt: older });
    const online = await assignedOrder(shop, customer.id, item, ravi.id, "out_for_delivery", {
      paymentMethod: "upi",
      paymentStatus: "paid",
    });
    await assignedOrder(shop, customer.id, item, ravi.id, "delivered");
    await assignedOrder(shop, customer.id, item, null, "preparing");
    await db().orderLine.updateMany({ where: { orderId: cash.id }, data: { quantity: 3 } });

    const reply = await call(meRoute, "GET", "/api/riders/me", { caller: ravi });
    expect(reply.status, reply.text).toBe(200);
    const home = reply.json as RiderHome;
    expect(home).toMatchObject({ id: ravi.id, name: ravi.name, phone: "+919845012345", onDuty: false });
    expect(home.orders.map((o) => o.id)).toEqual([cash.id, online.id]);
    const address = { name: "Asha Rao", phone: "9876543210", street: "1 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" };
    expect(home.orders[0]).toEqual({
      id: cash.id,
      code: orderNumber(cash.id),
      status: "preparing",
      customer: "Asha Rao",
      address,
      phone: "9876543210",
      mapUrl: "https://www.google.com/maps/search/?api=1&query=1%20MG%20Road%2C%20Bengaluru%2C%20Karnataka%2C%20560001",
      bowls: 3,
      promisedBy: expect.any(String),
      collect: 189,
    });
    expect(home.orders[1]).toMatchObject({ status: "out_for_delivery", collect: null });
    for (const { code } of [cash, online]) expect(reply.text).not.toContain(`"${code}"`);
  });

  it("an admin reads the page too, carrying nothing", async ({ admin }) => {
    const reply = await call(meRoute, "GET", "/api/riders/me", { caller: admin });
    expect(reply.status, reply.text).toBe(200);
    expect((reply.json as RiderHome).orders).toEqual([]);
  });
});

describe("the kitchen ticket", () => {
  it("names its rider, or none yet", async ({ shop, admin, customer, item }) => {
    const ravi = await riderOf(shop);
    const given = await assignedOrder(shop, customer.id, item, ravi.id, "preparing");
    const waiting = await assignedOrder(shop, customer.id, item, null, "preparing");
    const path = `/api/kitchen${kitchenSearch([given.id, waiting.id])}`;
    const read = (await call(kitchenRoute, "GET", path, { caller: admin })).json as KitchenRead;
    const riderOfTicket = (id: string) => read.tickets.find((t) => t.id === id)?.rider;
    expect(riderOfTicket(given.id)).toEqual({ id: ravi.id, name: ravi.name, phone: "+919845012345" });
    expect(riderOfTicket(waiting.id)).toBeNull();
  });
});
