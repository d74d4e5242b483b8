import "@/tests/support/async-local-storage";
import { describe, expect } from "vitest";
import { test as it } from "./fixtures";
import { db } from "@/lib/db";
import { GET as getStore, PUT as putStoreRoute } from "@/app/api/store/route";
import { DELETE as reopenRoute, POST as pauseRoute } from "@/app/api/store/pause/route";
import { pauseStore } from "@/lib/store/settings";
import { DEFAULT_SETTINGS } from "@/lib/store/rules";
import { call } from "@/tests/support/api";
import { resetStoreAfterEach } from "@/tests/support/store";
import { MINUTE, asapPromises, hoursClosedNow, putStore, readState } from "@/tests/support/store-world";
import { writesNothing } from "./watch-writes";

// The shop's settings and pause through GET/PUT /api/store and POST/DELETE /api/store/pause
// (product.md §9), on real PostgreSQL.

resetStoreAfterEach();

describe("GET /api/store", () => {
  it("a fresh install: open round the clock, the seed's numbers, India time, ASAP by the end of the first half hour with room that ends 30 minutes away or more", async () => {
    const before = Date.now();
    const promises = await asapPromises();
    const reply = await call(getStore, "GET", "/api/store");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("cache-control")).toContain("max-age=0");
    const state = reply.json as Record<string, unknown> & { asap: { available: boolean; promisedBy: string } };
    expect(state).toMatchObject({
      hours: DEFAULT_SETTINGS.hours,
      closedDates: [],
      slotMinutes: 30,
      ordersPerSlot: 20,
      prepMinutes: 30,
      daysAhead: 2,
      timezone: "Asia/Kolkata",
      open: true,
      paused: null,
      nextOpenAt: null,
      asap: { available: true },
    });
    const promisedBy = Date.parse(state.asap.promisedBy);
    expect(promisedBy).toBeGreaterThanOrEqual(before + 30 * MINUTE);
    // The half hour 30–60 minutes away, unless orders already fill it.
    expect(promises).toContain(state.asap.promisedBy);
    expect(promisedBy % (30 * MINUTE)).toBe(0); // India's half hours are UTC's too (+05:30)
    expect(state.asap.promisedBy).toMatch(/Z$|[+-]\d\d:\d\d$/);
  });
});

describe("PUT /api/store", () => {
  it("signed out 401, a customer 403, and neither writes anything", async ({ customer }) => {
    const signedOut = await writesNothing(() => call(putStoreRoute, "PUT", "/api/store", { body: { ordersPerSlot: 1 } }));
    expect(signedOut.status).toBe(401);
    const notAdmin = await writesNothing(() => call(putStoreRoute, "PUT", "/api/store", { caller: customer, body: { ordersPerSlot: 1 } }));
    expect(notAdmin.status).toBe(403);
    expect((await readState()).ordersPerSlot).toBe(20);
  });

  it("an admin changes any subset; the rest (and weekdays left out) keep their values", async ({ admin }) => {
    const afterFirst = await putStore(admin, { ordersPerSlot: 5, closedDates: ["2026-12-25", "2026-01-26"] });
    expect(afterFirst).toMatchObject({ ordersPerSlot: 5, closedDates: ["2026-01-26", "2026-12-25"], slotMinutes: 30, prepMinutes: 30 });
    const lunchAndDinner = [
      { open: "11:00", close: "15:00" },
      { open: "18:30", close: "23:00" },
    ];
    const afterSecond = await putStore(admin, { hours: { mon: lunchAndDinner, sun: [] }, slotMinutes: 15, prepMinutes: 45, daysAhead: 7 });
    expect(afterSecond).toMatchObject({ ordersPerSlot: 5, slotMinutes: 15, prepMinutes: 45, daysAhead: 7 });
    expect(afterSecond.hours).toEqual({ ...DEFAULT_SETTINGS.hours, mon: lunchAndDinner, sun: [] });
    expect(await readState()).toMatchObject({
      ordersPerSlot: 5,
      slotMinutes: 15,
      hours: afterSecond.hours,
      closedDates: afterFirst.closedDates,
    });
  });

  it("two admins saving different fields at once, from a fresh install, both keep what they saved", async ({ admin }) => {
    await Promise.all([putStore(admin, { ordersPerSlot: 7 }), putStore(admin, { prepMinutes: 60 })]);
    expect(await readState()).toMatchObject({ ordersPerSlot: 7, prepMinutes: 60 });
  });

  const invalid: [string, unknown, string][] = [
    [
      "overlapping ranges",
      {
        hours: {
          mon: [
            { open: "11:00", close: "15:00" },
            { open: "14:00", close: "18:00" },
          ],
        },
      },
      "hours.mon.1",
    ],
    ["close before open", { hours: { tue: [{ open: "15:00", close: "11:00" }] } }, "hours.tue.0.close"],
    ["24:30", { hours: { wed: [{ open: "11:00", close: "24:30" }] } }, "hours.wed.0.close"],
    ["an unknown weekday", { hours: { someday: [] } }, "hours"],
    ["30 February", { closedDates: ["2026-02-30"] }, "closedDates.0"],
    ["45-minute slots", { slotMinutes: 45 }, "slotMinutes"],
    ["0 orders per slot", { ordersPerSlot: 0 }, "ordersPerSlot"],
    ["1001 orders per slot", { ordersPerSlot: 1001 }, "ordersPerSlot"],
    ["4 minutes' preparation", { prepMinutes: 4 }, "prepMinutes"],
    ["241 minutes' preparation", { prepMinutes: 241 }, "prepMinutes"],
    ["8 days ahead", { daysAhead: 8 }, "daysAhead"],
    ["a string for a number", { daysAhead: "2" }, "daysAhead"],
  ];
  it.for(invalid)("%s: 400 naming the field, nothing written", async ([, body, field], { admin }) => {
    const reply = await writesNothing(() => call(putStoreRoute, "PUT", "/api/store", { caller: admin, body }));
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ field });
    expect((reply.json as { error: string }).error).toBeTruthy();
  });

  it("a valid field beside an invalid one is not saved either; malformed JSON is a 400", async ({ admin }) => {
    const reply = await writesNothing(() =>
      call(putStoreRoute, "PUT", "/api/store", { caller: admin, body: { ordersPerSlot: 3, slotMinutes: 7 } }),
    );
    expect(reply.status).toBe(400);
    expect((await readState()).ordersPerSlot).toBe(20);
    const malformed = await call(putStoreRoute, "PUT", "/api/store", { caller: admin, raw: "{ordersPerSlot:" });
    expect(malformed.status).toBe(400);
  });

  it("hours that do not include now: closed, with nextOpenAt at the next opening and no ASAP", async ({ admin }) => {
    const { hours, opensAt } = hoursClosedNow();
    const state = await putStore(admin, { hours });
    expect(state).toMatchObject({ open: false, paused: null, nextOpenAt: opensAt.toISOString(), asap: { available: false } });
  });
});

describe("pause", () => {
  it("only admins pause and reopen; minutes 5–1440, or none (until reopened)", async ({ admin, customer }) => {
    expect((await writesNothing(() => call(pauseRoute, "POST", "/api/store/pause", { body: { minutes: 15 } }))).status).toBe(401);
    expect((await writesNothing(() => call(pauseRoute, "POST", "/api/store/pause", { caller: customer, body: {} }))).status).toBe(403);
    expect((await writesNothing(() => call(reopenRoute, "DELETE", "/api/store/pause", { caller: customer }))).status).toBe(403);
    for (const minutes of [4, 1441, 7.5]) {
      const reply = await writesNothing(() => call(pauseRoute, "POST", "/api/store/pause", { caller: admin, body: { minutes } }));
      expect(reply.status).toBe(400);
      expect(reply.json).toMatchObject({ field: "minutes" });
    }
    expect((await readState()).paused).toBeNull();
  });

  it("paused for 15 minutes: not open, paused {until, reason}, nextOpenAt = until, no ASAP; DELETE reopens", async ({ admin }) => {
    const before = Date.now();
    const reply = await call(pauseRoute, "POST", "/api/store/pause", { caller: admin, body: { minutes: 15, reason: "Rush hour" } });
    expect(reply.status).toBe(200);
    const state = reply.json as { open: boolean; paused: { until: string; reason: string }; nextOpenAt: string; asap: unknown };
    expect(state).toMatchObject({ open: false, paused: { reason: "Rush hour" }, asap: { available: false } });
    const until = Date.parse(state.paused.until);
    expect(until).toBeGreaterThanOrEqual(before + 15 * MINUTE);
    expect(until).toBeLessThanOrEqual(Date.now() + 15 * MINUTE);
    expect(state.nextOpenAt).toBe(state.paused.until);
    expect(await readState()).toMatchObject({ open: false, paused: state.paused });

    const reopened = await call(reopenRoute, "DELETE", "/api/store/pause", { caller: admin });
    expect(reopened.status).toBe(200);
    expect(reopened.json).toMatchObject({ open: true, paused: null, nextOpenAt: null, asap: { available: true } });
  });

  it("paused without minutes: until reopened, nextOpenAt null; no body at all works too", async ({ admin }) => {
    const reply = await call(pauseRoute, "POST", "/api/store/pause", { caller: admin });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ open: false, paused: { until: null, reason: null }, nextOpenAt: null, asap: { available: false } });
    const withReason = await call(pauseRoute, "POST", "/api/store/pause", { caller: admin, body: { reason: "Gas cylinder change" } });
    expect(withReason.json).toMatchObject({ paused: { until: null, reason: "Gas cylinder change" } });
  });

  it("a pause that ends outside the hours: nextOpenAt is the next opening after it", async ({ admin }) => {
    const { hours, opensAt } = hoursClosedNow();
    await putStore(admin, { hours });
    const reply = await call(pauseRoute, "POST", "/api/store/pause", { caller: admin, body: { minutes: 30 } });
    expect(reply.json).toMatchObject({ open: false, nextOpenAt: opensAt.toISOString() });
  });

  it("a pause that has run out no longer counts", async ({ admin }) => {
    await pauseStore(admin, { minutes: 5, reason: "Short break" }, new Date(Date.now() - 6 * MINUTE));
    expect(await db().storeSettings.count()).toBe(1);
    expect(await readState()).toMatchObject({ open: true, paused: null, nextOpenAt: null, asap: { available: true } });
  });
});
