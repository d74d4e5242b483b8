import "@/tests/support/async-local-storage";
import { describe, expect } from "vitest";
import { test } from "./fixtures";
import { db } from "@/lib/db";
import { POST as pauseRoute } from "@/app/api/store/pause/route";
import { asapSlots } from "@/lib/store/rules";
import { readStore } from "@/lib/store/settings";
import { addDays, indiaInstant, indiaWallClock } from "@/lib/time";
import { call, type Caller } from "@/tests/support/api";
import { resetStoreAfterEach } from "@/tests/support/store";
import { storedOrder } from "@/tests/support/stored-order";
import {
  MINUTE,
  asapPromises,
  everyDay,
  expectRefusal,
  hoursClosedNow,
  noonIn,
  place,
  putAreas,
  putStore,
  readState,
  type OrderBody,
  type Placed,
} from "@/tests/support/store-world";
import { writesNothing } from "./watch-writes";

// Placing an order under product.md §9 through POST /api/orders: where (PIN, minimum), when
// (open, paused, slots) and what the order carries; every refusal with its status, code and
// field, in the contract's order, and writing nothing.

resetStoreAfterEach();

// The file's item is a small ₹149 bowl.
const it = test
  /** A new customer places `body` (its own account, so the order limits are not what is tested). */
  .extend(
    "order",
    ({ newCaller, item }) =>
      async (body: Omit<OrderBody, "item">) =>
        place(await newCaller(), { item, ...body }),
  )
  /** Places an order that must be refused, and checks that nothing at all was written. */
  .extend("refused", ({ newCaller, item }) => async (body: Omit<OrderBody, "item">): Promise<Placed> => {
    const caller = await newCaller();
    return writesNothing(async () => {
      const reply = await place(caller, { item, ...body });
      expect(reply.status, JSON.stringify(reply.body)).toBeGreaterThanOrEqual(400);
      return reply;
    });
  });

const areas = [
  { name: "Bengaluru Central", pins: ["5600"], fee: 30, minimumOrder: 200, freeDeliveryFrom: 500 },
  { name: "Koramangala", pins: ["560034"], fee: 20 },
];

/** The start of the slot now is in (it started already: too soon for anyone). */
const currentSlotStart = () => new Date(Math.floor(Date.now() / (30 * MINUTE)) * 30 * MINUTE);

describe("where: the PIN and the minimum", () => {
  it("a PIN no area serves: 400 not_delivering, field address.zip, the contract's words", async ({ refused, admin }) => {
    await putAreas(admin, areas);
    const reply = await refused({ zip: "110001" });
    expectRefusal(reply, 400, "not_delivering", "address.zip");
    expect(reply.body.error).toBe("We don't deliver to 110001 yet.");
  });

  it("below the area's minimum: 400 below_minimum naming the minimum in rupees", async ({ refused, admin }) => {
    await putAreas(admin, areas);
    const reply = await refused({ zip: "560001", quantity: 1 }); // ₹149 < ₹200
    expectRefusal(reply, 400, "below_minimum");
    expect(reply.body.error).toContain("₹200");
  });

  it("the area's fee, 0 from freeDeliveryFrom, the area's name on the order; without areas DELIVERY_FEE and null", async ({
    order,
    admin,
  }) => {
    const fresh = await order({ zip: "110001" });
    expect(fresh.status).toBe(201);
    expect(fresh.body.order).toMatchObject({ deliveryFee: 40, deliveryArea: null, subtotal: 149, total: 189 });

    await putAreas(admin, areas);
    const kora = await order({ zip: "560034" });
    expect(kora.body.order).toMatchObject({ deliveryFee: 20, deliveryArea: "Koramangala", total: 169 });
    const central = await order({ zip: "560001", quantity: 2 }); // ₹298
    expect(central.body.order).toMatchObject({ deliveryFee: 30, deliveryArea: "Bengaluru Central", total: 328 });
    const free = await order({ zip: "560001", quantity: 4 }); // ₹596 ≥ ₹500
    expect(free.body.order).toMatchObject({ deliveryFee: 0, deliveryArea: "Bengaluru Central", total: 596 });
    const row = await db().order.findUniqueOrThrow({ where: { id: free.body.order.id } });
    expect(row).toMatchObject({ deliveryFee: 0, deliveryArea: "Bengaluru Central" });
  });
});

describe("when: ASAP", () => {
  it("takes the earliest slot with room; promisedBy is that slot's end, at least prepMinutes away", async ({ order }) => {
    const placedAfter = Date.now();
    const expected = await asapPromises(new Date(placedAfter));
    const reply = await order({ deliverAt: "asap" });
    expect(reply.status).toBe(201);
    const o = reply.body.order;
    expect(o.scheduled).toBe(false);
    expect(o.promisedBy).toBe(o.deliverySlot.end);
    expect(Date.parse(o.deliverySlot.end) - Date.parse(o.deliverySlot.start)).toBe(30 * MINUTE);
    expect(Date.parse(o.promisedBy)).toBeGreaterThanOrEqual(placedAfter + 30 * MINUTE);
    // The first with room or (a slot boundary passing meanwhile) the next.
    expect(expected).toContain(o.promisedBy);
    const row = await db().order.findUniqueOrThrow({ where: { id: o.id } });
    expect(row.slotStart.toISOString()).toBe(o.deliverySlot.start);
    expect(row.promisedBy.toISOString()).toBe(o.promisedBy);
    expect(row.scheduled).toBe(false);
  });

  it("leaving deliverAt out is ASAP", async ({ order }) => {
    const reply = await order({});
    expect(reply.status).toBe(201);
    expect(reply.body.order.scheduled).toBe(false);
  });

  it("outside the hours: 409 closed with nextOpenAt, writing nothing; a scheduled order is still taken", async ({
    order,
    refused,
    admin,
  }) => {
    const { hours, opensAt } = hoursClosedNow();
    await putStore(admin, { hours });
    const reply = await refused({});
    expectRefusal(reply, 409, "closed");
    expect(reply.body.nextOpenAt).toBe(opensAt.toISOString());
    expect(reply.body.error).toContain("closed");

    const later = await order({ deliverAt: opensAt.toISOString() });
    expect(later.status).toBe(201);
    expect(later.body.order).toMatchObject({ scheduled: true, deliverySlot: { start: opensAt.toISOString() } });
  });

  it("paused: 409 closed naming the reason, nextOpenAt the pause's end; scheduled orders still taken", async ({
    order,
    refused,
    admin,
  }) => {
    const paused = await call(pauseRoute, "POST", "/api/store/pause", { caller: admin, body: { minutes: 30, reason: "Rush hour" } });
    const until = (paused.json as { paused: { until: string } }).paused.until;
    const reply = await refused({ deliverAt: "asap" });
    expectRefusal(reply, 409, "closed");
    expect(reply.body.error).toContain("Rush hour");
    expect(reply.body.nextOpenAt).toBe(until);

    const later = await order({ deliverAt: noonIn(1).toISOString() });
    expect(later.status).toBe(201);
    expect(later.body.order.scheduled).toBe(true);
  });

  it("every slot it could take full: 409 fully_booked, writing nothing", async ({ refused, admin, newCaller }) => {
    await putStore(admin, { ordersPerSlot: 1, daysAhead: 0 });
    const owner = await newCaller();
    const slots = asapSlots((await readStore()).settings, new Date());
    await db().order.createMany({
      data: slots.map((s) => ({
        ...storedOrder(owner.id, { name: "Test bowl", portion: "small", unitPrice: 149, quantity: 1 }),
        lines: undefined,
        slotStart: s.start,
        slotEnd: s.end,
        promisedBy: s.end,
      })),
    });
    try {
      expect((await readState()).asap).toEqual({ available: false });
      expectRefusal(await refused({}), 409, "fully_booked");
    } finally {
      await db().order.deleteMany({ where: { userId: owner.id } });
    }
  });
});

describe("when: a chosen slot", () => {
  it("a slot's start (any offset) is taken: scheduled, promised by its end", async ({ order }) => {
    const noon = noonIn(1);
    const reply = await order({ deliverAt: `${indiaWallClock(noon).dateKey}T12:00:00+05:30` });
    expect(reply.status).toBe(201);
    expect(reply.body.order).toMatchObject({
      scheduled: true,
      deliverySlot: { start: noon.toISOString(), end: new Date(noon.getTime() + 30 * MINUTE).toISOString() },
      promisedBy: new Date(noon.getTime() + 30 * MINUTE).toISOString(),
    });
  });

  const invalid: [string, (admin: Caller) => Promise<unknown>][] = [
    ["not a slot start", async () => new Date(noonIn(1).getTime() + 7 * MINUTE).toISOString()],
    ["too soon (the slot now is in)", async () => currentSlotStart().toISOString()],
    ["in the past", async () => "2020-01-01T06:30:00Z"],
    ["too far (beyond daysAhead)", async () => noonIn(3).toISOString()],
    [
      "outside the hours",
      async (admin) => {
        await putStore(admin, { hours: everyDay([{ open: "11:00", close: "15:00" }]) });
        return indiaInstant(addDays(indiaWallClock(new Date()).dateKey, 1), 18 * 60).toISOString();
      },
    ],
    [
      "on a closed date",
      async (admin) => {
        await putStore(admin, { closedDates: [indiaWallClock(noonIn(1)).dateKey] });
        return noonIn(1).toISOString();
      },
    ],
    ["garbage text", async () => "tomorrow lunch"],
    ["a time without an offset", async () => `${indiaWallClock(noonIn(1)).dateKey}T12:00:00`],
  ];
  it.for(invalid)("%s: 400 invalid_slot, field deliverAt, nothing written", async ([, deliverAt], { refused, admin }) => {
    const reply = await refused({ deliverAt: await deliverAt(admin) });
    expectRefusal(reply, 400, "invalid_slot", "deliverAt");
  });

  it("deliverAt of the wrong type is a 400 naming deliverAt", async ({ refused }) => {
    const reply = await refused({ deliverAt: 1_764_000_000_000 });
    expect(reply.status).toBe(400);
    expect(reply.body.field).toBe("deliverAt");
  });

  it("a full slot: 409 slot_full, field deliverAt, nothing written", async ({ order, refused, admin }) => {
    await putStore(admin, { ordersPerSlot: 1 });
    const noon = noonIn(2).toISOString();
    expect((await order({ deliverAt: noon })).status).toBe(201);
    expectRefusal(await refused({ deliverAt: noon }), 409, "slot_full", "deliverAt");
  });
});

describe("the order of the checks: PIN, then minimum, then time", () => {
  it("closed, below the minimum and not served: not_delivering; served but below: below_minimum; enough: closed", async ({
    refused,
    admin,
  }) => {
    await putAreas(admin, areas);
    await putStore(admin, { hours: hoursClosedNow().hours, ordersPerSlot: 1 });
    expectRefusal(await refused({ zip: "110001", quantity: 1 }), 400, "not_delivering", "address.zip");
    expectRefusal(await refused({ zip: "560001", quantity: 1 }), 400, "below_minimum");
    expectRefusal(await refused({ zip: "560001", quantity: 2 }), 409, "closed");
    // And for a chosen slot that is no slot.
    expectRefusal(await refused({ zip: "110001", deliverAt: "garbage" }), 400, "not_delivering");
    expectRefusal(await refused({ zip: "560001", quantity: 1, deliverAt: "garbage" }), 400, "below_minimum");
  });
});
