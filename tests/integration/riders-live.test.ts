import { describe, expect } from "vitest";
import { test as it } from "./fixtures";
import type { EventLog } from "@/tests/support/event-stream";
import { waitFor } from "@/tests/support/wait";
import type { WireEvent } from "@/lib/realtime/events";
import { call } from "@/tests/support/api";
import { db } from "@/lib/db";
import { PUT as putMeRoute } from "@/app/api/riders/me/route";
import { PATCH as userPatch } from "@/app/api/users/[id]/route";
import { assign, assignedOrder, handOver, pickUp, riderOf } from "@/tests/support/riders";

// Live updates for riders (product.md §12) through GET /api/events, fed by PostgreSQL's NOTIFY:
// an assignment reaches the rider's open stream within a second, and so does taking it away
// (both riders of a reassignment hear of it), its pickup and its handover; another rider never.
// The riders themselves are live for admins: going on or off duty, or becoming a rider.

const eventsOf = (log: EventLog<WireEvent>, id: string) => log.events.filter((e) => e.type === "order" && e.id === id);

describe("a rider's live stream", () => {
  it("hears of an order given to them within a second, and of its pickup and handover", async ({
    shop,
    admin,
    customer,
    item,
    liveStream,
  }) => {
    const [ravi, mohan] = [await riderOf(shop), await riderOf(shop)];
    const [raviLog, mohanLog, kitchenLog] = await Promise.all([liveStream(ravi), liveStream(mohan), liveStream(admin)]);
    const { id, code } = await assignedOrder(shop, customer.id, item, null, "preparing");
    const sentAt = Date.now();
    expect((await assign(admin, id, ravi.id)).status).toBe(200);
    await waitFor(() => eventsOf(raviLog, id).length === 1, { what: "Ravi to hear of the order given to him", timeout: 1_000 });
    expect(Date.now() - sentAt).toBeLessThan(1_000);
    expect(eventsOf(raviLog, id)).toEqual([{ type: "order", id, status: "preparing" }]);
    // The kitchen heard of the order's writing and its move to preparing, then of its rider.
    await waitFor(() => eventsOf(kitchenLog, id).length === 3, { what: "the kitchen to hear of the assignment" });

    await pickUp(ravi, id);
    await waitFor(() => eventsOf(raviLog, id).length === 2, { what: "Ravi to hear of his pickup" });
    await handOver(ravi, id, code);
    await waitFor(() => eventsOf(raviLog, id).length === 3, { what: "Ravi to hear of the delivery" });
    expect(eventsOf(raviLog, id).map((e) => e.type === "order" && e.status)).toEqual(["preparing", "out_for_delivery", "delivered"]);
    expect(eventsOf(mohanLog, id)).toEqual([]);
  });

  it("both riders hear of a reassignment, and the rider of an order taken back", async ({ shop, admin, customer, item, liveStream }) => {
    const [ravi, mohan] = [await riderOf(shop), await riderOf(shop)];
    const [raviLog, mohanLog] = await Promise.all([liveStream(ravi), liveStream(mohan)]);
    const { id } = await assignedOrder(shop, customer.id, item, ravi.id, "confirmed");
    // Given to Ravi as it was written: he heard of it once.
    await waitFor(() => eventsOf(raviLog, id).length === 1, { what: "Ravi to hear of the order given to him" });
    await assign(admin, id, mohan.id);
    await waitFor(() => eventsOf(raviLog, id).length === 2 && eventsOf(mohanLog, id).length === 1, { what: "both riders to hear" });
    await assign(admin, id, null);
    await waitFor(() => eventsOf(mohanLog, id).length === 2, { what: "Mohan to hear the order was taken back" });
    expect(eventsOf(raviLog, id)).toHaveLength(2);
  });
});

describe("the riders, live for the kitchen", () => {
  const ridersNotices = (log: EventLog<WireEvent>) => log.events.filter((e) => e.type === "riders").length;

  it("admins hear a rider go on and off duty and a user become a rider; customers and riders never", async ({
    shop,
    admin,
    customer,
    newCaller,
    liveStream,
  }) => {
    const [kitchenLog, customerLog] = await Promise.all([liveStream(admin), liveStream(customer)]);
    // Made a rider and given a phone: the phone is news to the kitchen.
    const ravi = await riderOf(shop);
    await waitFor(() => ridersNotices(kitchenLog) === 1, { what: "the kitchen to hear Ravi's phone" });
    const raviLog = await liveStream(ravi);
    const onDuty = await call(putMeRoute, "PUT", "/api/riders/me", { caller: ravi, body: { onDuty: true, phone: "9845067890" } });
    expect(onDuty.status, onDuty.text).toBe(200);
    await waitFor(() => ridersNotices(kitchenLog) === 2, { what: "the kitchen to hear Ravi went on duty" });
    await call(putMeRoute, "PUT", "/api/riders/me", { caller: ravi, body: { onDuty: false } });
    await waitFor(() => ridersNotices(kitchenLog) === 3, { what: "the kitchen to hear Ravi went off duty" });

    const mohan = await newCaller();
    const made = await call(userPatch, "PATCH", `/api/users/${mohan.id}`, {
      caller: admin,
      params: { id: mohan.id },
      body: { role: "rider" },
    });
    expect(made.status, made.text).toBe(200);
    await waitFor(() => ridersNotices(kitchenLog) === 4, { what: "the kitchen to hear Mohan became a rider" });

    // A customer's own change is nobody's news; the same switch set again changes nothing.
    await db().user.update({ where: { id: customer.id }, data: { name: "Asha R." } });
    await call(putMeRoute, "PUT", "/api/riders/me", { caller: ravi, body: { onDuty: false } });
    await db().user.update({ where: { id: ravi.id }, data: { onDuty: true } });
    // Notices arrive in the order their changes committed: one for either of those would come first.
    await waitFor(() => ridersNotices(kitchenLog) >= 5, { what: "the kitchen to hear of the next change" });
    expect(ridersNotices(kitchenLog)).toBe(5);
    expect(ridersNotices(customerLog)).toBe(0);
    expect(ridersNotices(raviLog)).toBe(0);
  });
});
