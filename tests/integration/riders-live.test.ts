import { describe, expect } from "vitest";
import { test as it } from "./fixtures";
import type { EventLog } from "@/tests/support/event-stream";
import { waitFor } from "@/tests/support/wait";
import type { WireEvent } from "@/lib/realtime/events";
import { assign, assignedOrder, handOver, pickUp, riderOf } from "@/tests/support/riders";

// Live updates for riders (product.md §12) through GET /api/events, fed by PostgreSQL's NOTIFY:
// an assignment reaches the rider's open stream within a second, and so does taking it away
// (both riders of a reassignment hear of it), its pickup and its handover; another rider never.

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
