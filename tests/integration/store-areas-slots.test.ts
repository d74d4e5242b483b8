import "@/tests/support/async-local-storage";
import { describe, expect } from "vitest";
import { test as it } from "./fixtures";
import { db } from "@/lib/db";
import { GET as listAreasRoute, PUT as putAreasRoute } from "@/app/api/delivery-areas/route";
import { GET as checkRoute } from "@/app/api/delivery-areas/check/route";
import { GET as slotsRoute } from "@/app/api/slots/route";
import { addDays, indiaWallClock } from "@/lib/time";
import { call } from "@/tests/support/api";
import { resetStoreAfterEach } from "@/tests/support/store";
import { storedOrder } from "@/tests/support/stored-order";
import { MINUTE, heldIn, everyDay, noonIn, putAreas, putStore } from "@/tests/support/store-world";
import { stopWatching, watchWrites } from "./watch-writes";

// Delivery areas (GET/PUT /api/delivery-areas, GET /api/delivery-areas/check) and the slots a
// customer may schedule (GET /api/slots), product.md §9, on real PostgreSQL.

type Offer = { start: string; end: string; available: boolean };

resetStoreAfterEach();

const check = async (pin: string) => call(checkRoute, "GET", `/api/delivery-areas/check?pin=${encodeURIComponent(pin)}`);
const slots = async (query = "") => call(slotsRoute, "GET", `/api/slots${query}`);

const areas = [
  { name: "Bengaluru Central", pins: ["5600"], fee: 30, minimumOrder: 200, freeDeliveryFrom: 500 },
  { name: "Koramangala", pins: ["560034", "560095"], fee: 20 },
  { name: "Greater Bengaluru", pins: ["56"], fee: 60, minimumOrder: 400 },
];

describe("delivery areas", () => {
  it("a fresh install lists none and serves every PIN at DELIVERY_FEE", async () => {
    const list = await call(listAreasRoute, "GET", "/api/delivery-areas");
    expect(list.status).toBe(200);
    expect(list.json).toEqual([]);
    for (const pin of ["560034", "110001"]) {
      const reply = await check(pin);
      expect(reply.status).toBe(200);
      expect(reply.json).toMatchObject({ pin, delivers: true, area: { fee: 40, minimumOrder: 0, freeDeliveryFrom: null } });
    }
  });

  it("PUT replaces the list (admins only); GET lists it in the admin's order with ids", async ({ admin, customer }) => {
    expect((await call(putAreasRoute, "PUT", "/api/delivery-areas", { body: areas })).status).toBe(401);
    expect((await call(putAreasRoute, "PUT", "/api/delivery-areas", { caller: customer, body: areas })).status).toBe(403);
    await putAreas(admin, areas);
    const listed = (await call(listAreasRoute, "GET", "/api/delivery-areas")).json as { id: string; name: string }[];
    expect(listed).toMatchObject([
      { name: "Bengaluru Central", pins: ["5600"], fee: 30, minimumOrder: 200, freeDeliveryFrom: 500 },
      { name: "Koramangala", pins: ["560034", "560095"], fee: 20, minimumOrder: 0, freeDeliveryFrom: null },
      { name: "Greater Bengaluru", pins: ["56"], fee: 60, minimumOrder: 400, freeDeliveryFrom: null },
    ]);
    for (const area of listed) expect(area.id).toBeTruthy();

    // Replacing: one area left, sent with its id, keeps it.
    await putAreas(admin, [{ ...areas[1], id: listed[1].id }]);
    expect((await call(listAreasRoute, "GET", "/api/delivery-areas")).json).toMatchObject([{ id: listed[1].id, name: "Koramangala" }]);
    expect(await db().deliveryArea.count()).toBe(1);
  });

  it("check: the most specific pattern wins; a prefix serves its PINs; others are not served", async ({ admin }) => {
    await putAreas(admin, areas);
    expect((await check("560034")).json).toMatchObject({ pin: "560034", delivers: true, area: { name: "Koramangala", fee: 20 } });
    expect((await check("560001")).json).toMatchObject({
      delivers: true,
      area: { name: "Bengaluru Central", fee: 30, minimumOrder: 200, freeDeliveryFrom: 500 },
    });
    expect((await check("560099")).json).toMatchObject({ area: { name: "Bengaluru Central" } });
    expect((await check("562157")).json).toMatchObject({ area: { name: "Greater Bengaluru", minimumOrder: 400 } });
    expect((await check("110001")).json).toEqual({ pin: "110001", delivers: false });
    const served = (await check("560034")).json as { area: Record<string, unknown> };
    expect(Object.keys(served.area).sort()).toEqual(["fee", "freeDeliveryFrom", "id", "minimumOrder", "name"]);
  });

  it("a PIN that is not 6 digits is a 400 naming pin", async () => {
    for (const pin of ["56003", "5600345", "abcdef", ""]) {
      const reply = await check(pin);
      expect(reply.status).toBe(400);
      expect(reply.json).toMatchObject({ field: "pin" });
    }
    const missing = await call(checkRoute, "GET", "/api/delivery-areas/check");
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ field: "pin" });
  });

  it("one pattern in two areas, or two areas with one id, is a 400 and changes nothing", async ({ admin }) => {
    await putAreas(admin, areas);
    const digest = await watchWrites();
    try {
      const before = await digest.take();
      const twice = await call(putAreasRoute, "PUT", "/api/delivery-areas", {
        caller: admin,
        body: [areas[0], { ...areas[1], pins: ["560095", "5600"] }],
      });
      expect(twice.status).toBe(400);
      expect(twice.json).toMatchObject({ field: "1.pins.1" });
      expect((twice.json as { error: string }).error).toContain("5600");
      const sameId = await call(putAreasRoute, "PUT", "/api/delivery-areas", {
        caller: admin,
        body: [
          { ...areas[0], id: "c000000000000000000000001" },
          { ...areas[1], id: "c000000000000000000000001" },
        ],
      });
      expect(sameId.status).toBe(400);
      for (const body of [[{ ...areas[0], fee: 1001 }], [{ ...areas[0], pins: ["5"] }], { name: "x" }]) {
        expect((await call(putAreasRoute, "PUT", "/api/delivery-areas", { caller: admin, body })).status).toBe(400);
      }
      expect(await digest.take()).toEqual(before);
    } finally {
      await stopWatching(digest);
    }
  });
});

describe("GET /api/slots", () => {
  it("without a date: today's (India's) slots that start at least prepMinutes from now, aligned, in time order", async () => {
    const before = Date.now();
    const reply = await slots();
    expect(reply.status).toBe(200);
    const offers = reply.json as Offer[];
    const today = indiaWallClock(new Date()).dateKey;
    expect(offers).toEqual(((await slots(`?date=${today}`)).json as Offer[]).filter((o) => Date.parse(o.start) >= before + 30 * MINUTE));
    for (const [i, o] of offers.entries()) {
      expect(indiaWallClock(new Date(o.start)).dateKey).toBe(today);
      expect(Date.parse(o.start)).toBeGreaterThanOrEqual(before + 30 * MINUTE);
      expect(Date.parse(o.end) - Date.parse(o.start)).toBe(30 * MINUTE);
      expect(Date.parse(o.start) % (30 * MINUTE)).toBe(0);
      if (i > 0) expect(o.start).toBe(offers[i - 1].end);
    }
  });

  // The day after tomorrow, the last of daysAhead: a whole day away, so no slot is within the
  // preparation time whatever the hour of the run (tomorrow's midnight slot is, after 23:30 in India).
  it("the last day ahead on a fresh install: 48 half hours from India midnight, all available", async () => {
    const lastDay = addDays(indiaWallClock(new Date()).dateKey, 2);
    const offers = (await slots(`?date=${lastDay}`)).json as Offer[];
    expect(offers).toHaveLength(48);
    expect(indiaWallClock(new Date(offers[0].start))).toEqual({ dateKey: lastDay, minute: 0 });
    // Available while it holds fewer than 20 (orders other files left count).
    const held = await Promise.all(offers.map((o) => heldIn(o.start)));
    expect(offers.map((o) => o.available)).toEqual(held.map((n) => n < 20));
    expect(offers.filter((o) => o.available).length).toBeGreaterThan(40);
  });

  it("a date beyond daysAhead, in the past, or closed: []", async ({ admin }) => {
    const today = indiaWallClock(new Date()).dateKey;
    expect((await slots(`?date=${addDays(today, 3)}`)).json).toEqual([]);
    expect((await slots(`?date=${addDays(today, -1)}`)).json).toEqual([]);
    await putStore(admin, { closedDates: [addDays(today, 1)], daysAhead: 7 });
    expect((await slots(`?date=${addDays(today, 1)}`)).json).toEqual([]);
    expect((await slots(`?date=${addDays(today, 7)}`)).json).toHaveLength(48);
  });

  it("only the slots inside the hours, of the slot length set", async ({ admin }) => {
    await putStore(admin, {
      hours: everyDay([
        { open: "11:00", close: "13:00" },
        { open: "19:00", close: "20:00" },
      ]),
      slotMinutes: 60,
    });
    const tomorrow = addDays(indiaWallClock(new Date()).dateKey, 1);
    const offers = (await slots(`?date=${tomorrow}`)).json as Offer[];
    expect(offers.map((o) => indiaWallClock(new Date(o.start)).minute / 60)).toEqual([11, 12, 19]);
  });

  it("a full slot is offered with available: false; a cancelled order frees it", async ({ admin, customer }) => {
    await putStore(admin, { ordersPerSlot: 2 });
    const noon = noonIn(1);
    const make = () =>
      db().order.create({
        data: {
          ...storedOrder(customer.id, { name: "Test bowl", portion: "small", unitPrice: 149, quantity: 1 }),
          slotStart: noon,
          slotEnd: new Date(noon.getTime() + 30 * MINUTE),
          promisedBy: new Date(noon.getTime() + 30 * MINUTE),
        },
      });
    const [, second] = [await make(), await make()];
    const offerAtNoon = async () =>
      ((await slots(`?date=${indiaWallClock(noon).dateKey}`)).json as Offer[]).find((o) => o.start === noon.toISOString());
    expect(await offerAtNoon()).toMatchObject({ available: false });
    await db().order.update({ where: { id: second.id }, data: { status: "cancelled" } });
    expect(await offerAtNoon()).toMatchObject({ available: true });
  });

  it("a bad date is a 400 naming date", async () => {
    for (const date of ["2026-02-30", "tomorrow", "27-11-2026", ""]) {
      const reply = await slots(`?date=${encodeURIComponent(date)}`);
      expect(reply.status).toBe(400);
      expect(reply.json).toMatchObject({ field: "date" });
    }
  });
});
