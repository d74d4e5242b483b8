import "@/tests/support/async-local-storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as slotsRoute } from "@/app/api/slots/route";
import { storeState } from "@/lib/store/state";
import { slotOffers } from "@/lib/store/slots";
import { readStore } from "@/lib/store/settings";
import { DEFAULT_SETTINGS } from "@/lib/store/rules";
import { indiaWallClock } from "@/lib/time";
import { call, type Caller } from "@/tests/support/api";
import { shopFixtures, type ShopFixtures } from "@/tests/support/shop-fixtures";
import { resetStoreAfterEach } from "@/tests/support/store";
import { customerOf, everyDay, putStore, readState } from "@/tests/support/store-world";

// product.md §9: every time is India's whatever the server's zone. This file runs with
// TZ=America/Los_Angeles (vitest.config.mts), 13½ hours behind India: code that read the
// process's zone (getHours(), toLocaleString() without a zone, a local midnight) would put the
// hours, the closed dates and "today" on the wrong side of every edge checked here. Instants are
// in 2030 so no order of the shared database sits in their slots.

let fx: ShopFixtures;
let admin: Caller;

beforeAll(async () => {
  fx = await shopFixtures("store-tz");
  admin = await customerOf(fx, "admin");
});

afterAll(async () => {
  await fx.cleanUp();
});

resetStoreAfterEach();

const at = (iso: string) => new Date(iso);

it("runs in Los Angeles time, far from both UTC and India", () => {
  expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe("America/Los_Angeles");
  expect([0, -330]).not.toContain(new Date("2030-01-15T12:00:00Z").getTimezoneOffset());
});

describe("hours 11:00–15:00 India time", () => {
  it("closed a second before 11:00, open at 11:00 and at 14:59, closed at 15:00 (05:30Z–09:30Z)", async () => {
    await putStore(admin, { hours: everyDay([{ open: "11:00", close: "15:00" }]) });
    expect(await storeState(at("2030-01-15T05:29:59Z"))).toMatchObject({
      open: false,
      nextOpenAt: "2030-01-15T05:30:00.000Z",
      asap: { available: false },
    });
    // 11:00: the 11:00–11:30 slot ends exactly prepMinutes away.
    expect(await storeState(at("2030-01-15T05:30:00Z"))).toMatchObject({
      open: true,
      nextOpenAt: null,
      asap: { available: true, promisedBy: "2030-01-15T06:00:00.000Z" },
    });
    // 14:59: nothing left today ends 30 minutes away; tomorrow's first slot.
    expect(await storeState(at("2030-01-15T09:29:00Z"))).toMatchObject({
      open: true,
      asap: { available: true, promisedBy: "2030-01-16T06:00:00.000Z" },
    });
    expect(await storeState(at("2030-01-15T09:30:00Z"))).toMatchObject({ open: false, nextOpenAt: "2030-01-16T05:30:00.000Z" });
  });

  it("slots of an India date are its 11:00–15:00, whatever date Los Angeles is on", async () => {
    await putStore(admin, { hours: everyDay([{ open: "11:00", close: "15:00" }]) });
    const { settings } = await readStore();
    // 2030-01-15 06:00 IST is still the 14th in Los Angeles.
    const offers = await slotOffers(settings, at("2030-01-15T00:30:00Z"), "2030-01-15");
    expect(offers).toHaveLength(8);
    expect(offers[0]).toEqual({ start: "2030-01-15T05:30:00.000Z", end: "2030-01-15T06:00:00.000Z", available: true });
    expect(offers.at(-1)?.end).toBe("2030-01-15T09:30:00.000Z");
  });
});

describe("closed dates and today are India's dates", () => {
  it("a closed date starts at India's midnight (18:30Z the day before) and ends at the next", async () => {
    await putStore(admin, { closedDates: ["2030-01-02"] });
    expect(await storeState(at("2030-01-01T18:29:00Z"))).toMatchObject({ open: true }); // 23:59 on 1 Jan
    expect(await storeState(at("2030-01-01T19:00:00Z"))).toMatchObject({
      open: false, // 00:30 on 2 Jan in India, 1 Jan in UTC and Los Angeles
      nextOpenAt: "2030-01-02T18:30:00.000Z",
    });
    expect(await storeState(at("2030-01-02T18:30:00Z"))).toMatchObject({ open: true });
  });

  it("at 00:15 India time, today is India's new date: its slots from 01:00, the whole day left", async () => {
    const now = at("2030-01-14T18:45:00Z"); // 00:15 on 15 Jan in India; 10:45 on 14 Jan in Los Angeles
    const today = indiaWallClock(now).dateKey;
    expect(today).toBe("2030-01-15");
    const offers = await slotOffers(DEFAULT_SETTINGS, now, today);
    expect(offers[0].start).toBe("2030-01-14T19:30:00.000Z"); // 01:00 IST
    expect(offers).toHaveLength(46);
    // The day before (Los Angeles's date) is in the past for India: nothing.
    expect(await slotOffers(DEFAULT_SETTINGS, now, "2030-01-14")).toEqual([]);
  });

  it("through the routes now: hours around India's current hour are open, GET /api/slots lists India's today", async () => {
    const { minute, dateKey } = indiaWallClock(new Date());
    const hour = Math.floor(minute / 60);
    const clock = (h: number) => `${String(h).padStart(2, "0")}:00`;
    await putStore(admin, {
      hours: everyDay([{ open: clock(Math.max(0, hour - 1)), close: clock(Math.min(24, hour + 2)) }]),
      prepMinutes: 5,
    });
    const state = await readState();
    expect(state.open).toBe(true);
    const reply = await call(slotsRoute, "GET", "/api/slots");
    for (const offer of reply.json as { start: string }[]) expect(indiaWallClock(new Date(offer.start)).dateKey).toBe(dateKey);
  });
});
