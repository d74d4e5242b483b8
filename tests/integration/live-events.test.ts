import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { test } from "./fixtures";
import { call, type Caller } from "@/tests/support/api";
import type { EventLog } from "@/tests/support/event-stream";
import { waitFor } from "@/tests/support/wait";
import { db } from "@/lib/db";
import { GET as eventsRoute } from "@/app/api/events/route";
import { POST as placeRoute } from "@/app/api/orders/route";
import { PATCH as patchRoute } from "@/app/api/orders/[id]/route";
import { PUT as putMenuRoute } from "@/app/api/menu/[id]/route";
import { subscriberCount } from "@/lib/realtime/hub";
import type { WireEvent } from "@/lib/realtime/events";

// GET /api/events through the real handler, fed by the real listener (started by the first
// stream, as on a server where instrumentation did not) from PostgreSQL's NOTIFY: who hears of
// what. A customer never hears of another's order; an admin hears of every one; everyone of
// menu changes. Changes are made through the real handlers.

/** `caller` places one small bowl of the file's item; the order's id. */
const it = test.extend("placeOrder", ({ item }) => async (caller: Caller): Promise<string> => {
  const reply = await call(placeRoute, "POST", "/api/orders", {
    caller,
    headers: { "idempotency-key": randomUUID() },
    body: {
      items: [{ id: item, portion: "small", quantity: 1 }],
      address: { name: "Asha Rao", phone: "9876543210", street: "1 Residency Road", city: "Bengaluru", state: "Karnataka", zip: "560025" },
      paymentMethod: "UPI",
    },
  });
  expect(reply.status, reply.text).toBe(201);
  return (reply.json as { order: { id: string } }).order.id;
});

const orderEvents = (log: EventLog<WireEvent>, id: string) => log.events.filter((e) => e.type === "order" && e.id === id);

describe("GET /api/events", () => {
  it("refuses a signed-out caller", async ({ liveStream: stream }) => {
    const log = await stream(undefined);
    expect(log.status).toBe(401);
  });

  it("answers a caller that is not an EventSource with whether this server streams", async ({ customer: asha }) => {
    const reply = await call(eventsRoute, "GET", "/api/events", { caller: asha });
    expect(reply.json).toEqual({ live: "stream" });
  });

  it("streams as text/event-stream that no cache or compression may hold back", async ({ liveStream: stream, customer: asha }) => {
    const log = await stream(asha);
    expect(log.status).toBe(200);
    expect(log.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(log.headers.get("cache-control")).toMatch(/no-transform/);
    expect(log.headers.get("cache-control")).toMatch(/no-store/);
    expect(log.events[0]).toEqual({ type: "ready" });
  });

  it("a new order and its status changes reach its customer and the admins, and no other customer", async ({
    placeOrder,
    liveStream: stream,
    customer: asha,
    vikram,
    admin,
  }) => {
    const [ashaLog, vikramLog, adminLog] = await Promise.all([stream(asha), stream(vikram), stream(admin)]);

    const ashas = await placeOrder(asha);
    await waitFor(() => orderEvents(adminLog, ashas).length === 1, { what: "the admin to hear of the new order" });
    await waitFor(() => orderEvents(ashaLog, ashas).length === 1, { what: "Asha to hear of her order" });
    expect(orderEvents(adminLog, ashas)).toEqual([{ type: "order", id: ashas, status: "pending" }]);

    const moved = await call(patchRoute, "PATCH", `/api/orders/${ashas}`, {
      caller: admin,
      params: { id: ashas },
      body: { status: "confirmed" },
    });
    expect(moved.status).toBe(200);
    await waitFor(() => orderEvents(ashaLog, ashas).length === 2, { what: "Asha to hear her order was confirmed" });
    expect(orderEvents(ashaLog, ashas)[1]).toEqual({ type: "order", id: ashas, status: "confirmed" });

    // Vikram's own order comes after Asha's in the database's order of commits: once he has
    // heard of his, he would have heard of hers had it been sent to him.
    const vikrams = await placeOrder(vikram);
    await waitFor(() => orderEvents(vikramLog, vikrams).length === 1, { what: "Vikram to hear of his order" });
    await waitFor(() => orderEvents(adminLog, vikrams).length === 1, { what: "the admin to hear of Vikram's order" });
    expect(orderEvents(vikramLog, ashas)).toEqual([]);
    expect(orderEvents(ashaLog, vikrams)).toEqual([]);
    // Nothing in any event names a customer.
    for (const log of [ashaLog, vikramLog, adminLog]) {
      const text = JSON.stringify(log.events);
      for (const c of [asha, vikram]) {
        expect(text).not.toContain(c.id);
        expect(text).not.toContain(c.email);
      }
    }
    expect(adminLog.events.filter((e) => e.type === "order").every((e) => Object.keys(e).sort().join() === "id,status,type")).toBe(true);
  });

  it("a menu change reaches every stream, a customer's too", async ({ liveStream: stream, customer: asha, admin, item }) => {
    const [ashaLog, adminLog] = await Promise.all([stream(asha), stream(admin)]);
    const reply = await call(putMenuRoute, "PUT", `/api/menu/${item}`, {
      caller: admin,
      params: { id: item },
      body: { name: "Renamed live bowl" },
    });
    expect(reply.status, reply.text).toBe(200);
    await waitFor(() => ashaLog.events.some((e) => e.type === "menu"), { what: "Asha to hear of the menu change" });
    await waitFor(() => adminLog.events.some((e) => e.type === "menu"), { what: "the admin to hear of the menu change" });
  });

  it("a change that is rolled back reaches nobody", async ({ liveStream: stream, customer: asha, admin, item, shop: fx }) => {
    const adminLog = await stream(admin);
    const id = await fx.order(asha.id, item);
    await waitFor(() => orderEvents(adminLog, id).length === 1, { what: "the fixture order's notice" });
    await db()
      .$transaction(async (tx) => {
        await tx.order.update({ where: { id }, data: { status: "confirmed" } });
        throw new Error("changed my mind");
      })
      .catch(() => undefined);
    await db().order.update({ where: { id }, data: { status: "cancelled" } });
    await waitFor(() => orderEvents(adminLog, id).length === 2, { what: "the committed change" });
    expect(orderEvents(adminLog, id).map((e) => e.type === "order" && e.status)).toEqual(["pending", "cancelled"]);
  });

  it("ends when the browser goes away", async ({ liveStream: stream, customer: asha }) => {
    const log = await stream(asha);
    const before = subscriberCount();
    log.close();
    await log.ended;
    await waitFor(() => subscriberCount() === before - 1, { what: "the stream to stop listening" });
  });
});
