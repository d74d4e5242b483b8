import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  formatIndiaDay,
  formatIndiaSpan,
  indiaInstant,
  indiaWallClock,
  isDateKey,
  relativeIndiaDay,
  weekdayOf,
} from "@/lib/time";
import {
  asapChoiceWords,
  belowMinimumMessage,
  closedMessage,
  fullyBookedMessage,
  notDeliveringMessage,
  opensWords,
  promiseWords,
  slotWords,
  storeStateWords,
} from "@/lib/store/words";
import type { StorePause } from "@/lib/store/types";

// India wall-clock arithmetic (lib/time.ts) and what the shop says about where and when it
// delivers (lib/store/words.ts). Instants are written in UTC; India is UTC+05:30.

const at = (iso: string) => new Date(iso);

describe("India wall clock", () => {
  it("reads an instant's India date and minute, across midnight, the year's end and 29 Feb", () => {
    expect(indiaWallClock(at("2026-11-27T18:29:59Z"))).toEqual({ dateKey: "2026-11-27", minute: 1439 });
    expect(indiaWallClock(at("2026-11-27T18:30:00Z"))).toEqual({ dateKey: "2026-11-28", minute: 0 });
    expect(indiaWallClock(at("2026-12-31T18:30:00Z"))).toEqual({ dateKey: "2027-01-01", minute: 0 });
    expect(indiaWallClock(at("2028-02-28T19:00:00Z"))).toEqual({ dateKey: "2028-02-29", minute: 30 });
    // 00:30 in India is still the previous day in UTC.
    expect(indiaWallClock(at("2026-11-27T19:00:00Z")).dateKey).toBe("2026-11-28");
  });

  it("indiaInstant is its inverse; minute 1440 is the next midnight", () => {
    expect(indiaInstant("2027-01-01", 0).toISOString()).toBe("2026-12-31T18:30:00.000Z");
    expect(indiaInstant("2026-12-31", 1440).toISOString()).toBe("2026-12-31T18:30:00.000Z");
    expect(indiaInstant("2026-11-27", 11 * 60).toISOString()).toBe("2026-11-27T05:30:00.000Z");
    for (const iso of ["2026-03-01T00:00:00Z", "2028-02-29T12:34:00Z", "2026-12-31T23:59:00Z"]) {
      const { dateKey, minute } = indiaWallClock(at(iso));
      expect(indiaInstant(dateKey, minute).toISOString()).toBe(at(iso).toISOString());
    }
  });

  it("adds days across month and year ends, counts them, and names weekdays", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2026-11-30", 7)).toBe("2026-12-07");
    expect(daysBetween("2026-12-30", "2027-01-02")).toBe(3);
    expect(daysBetween("2028-03-01", "2028-02-28")).toBe(-2);
    expect(weekdayOf("2026-11-27")).toBe("fri");
    expect(weekdayOf("2027-01-01")).toBe("fri");
    expect(weekdayOf("2028-02-29")).toBe("tue");
  });

  it("isDateKey takes real dates only", () => {
    for (const ok of ["2026-11-27", "2028-02-29", "2026-12-31"]) expect(isDateKey(ok)).toBe(true);
    for (const bad of ["2026-02-30", "2027-02-29", "2026-11-31", "2026-00-10", "2026-1-1", "20261127", "2026-11-27 ", ""]) {
      expect(isDateKey(bad)).toBe(false);
    }
  });

  it("formats a day and a slot's span in India time", () => {
    expect(formatIndiaDay("2026-11-27T07:00:00Z")).toBe("Fri 27 Nov");
    expect(formatIndiaSpan("2026-11-27T07:00:00Z", "2026-11-27T07:30:00Z")).toBe("12:30–1:00 pm");
    expect(formatIndiaSpan("2026-11-27T06:00:00Z", "2026-11-27T06:30:00Z")).toBe("11:30 am–12:00 pm");
    // A slot that ends at midnight.
    expect(formatIndiaSpan("2026-11-27T18:00:00Z", "2026-11-27T18:30:00Z")).toBe("11:30 pm–12:00 am");
  });

  it("relativeIndiaDay counts India days, not UTC's", () => {
    const now = at("2026-11-27T18:00:00Z"); // 23:30 Friday in India
    expect(relativeIndiaDay("2026-11-27T18:20:00Z", now)).toBe("today");
    expect(relativeIndiaDay("2026-11-27T18:40:00Z", now)).toBe("tomorrow"); // 00:10 Saturday
    expect(relativeIndiaDay("2026-11-29T05:30:00Z", now)).toBe("on Sun 29 Nov");
  });
});

describe("the shop's words", () => {
  const now = at("2026-11-27T06:40:00Z"); // 12:10 Friday

  it("refusals name the PIN and the minimum in rupees", () => {
    expect(notDeliveringMessage("110001")).toBe("We don't deliver to 110001 yet.");
    expect(belowMinimumMessage("Koramangala", 300)).toContain("₹300");
    expect(belowMinimumMessage("Koramangala", 300)).toContain("Koramangala");
    expect(fullyBookedMessage(0)).toContain("today");
    expect(fullyBookedMessage(2)).toContain("3 days");
  });

  it("when it opens: the time and the India day seen from now", () => {
    expect(opensWords("2026-11-27T11:30:00Z", now)).toBe("5:00 pm today");
    expect(opensWords("2026-11-28T05:30:00Z", now)).toBe("11:00 am tomorrow");
    expect(opensWords("2026-11-30T04:00:00Z", now)).toBe("9:30 am on Mon 30 Nov");
  });

  it("closed: when it opens; paused: why, and until when", () => {
    const untilReopened: StorePause = { until: null, reason: null };
    expect(closedMessage({ paused: null, nextOpenAt: "2026-11-28T05:30:00Z" }, now)).toBe(
      "We're closed right now. We open at 11:00 am tomorrow. You can still schedule an order for later.",
    );
    expect(closedMessage({ paused: null, nextOpenAt: null }, now)).toBe(
      "We're closed right now. You can still schedule an order for later.",
    );
    expect(closedMessage({ paused: { until: "2026-11-27T07:10:00Z", reason: "Rush hour" }, nextOpenAt: "2026-11-27T07:10:00Z" }, now)).toBe(
      "We have paused new orders for now: Rush hour. We take orders again from 12:40 pm today. You can still schedule an order for later.",
    );
    expect(closedMessage({ paused: untilReopened, nextOpenAt: null }, now)).toBe(
      "We have paused new orders for now. You can still schedule an order for later.",
    );
  });

  it("the header's line: open and by when, closed and opening when, paused and why", () => {
    const asap = { available: true as const, promisedBy: "2026-11-27T07:30:00Z" };
    expect(storeStateWords({ open: true, paused: null, nextOpenAt: null, asap }, now)).toBe("Open · delivering by 1:00 pm");
    expect(storeStateWords({ open: true, paused: null, nextOpenAt: null, asap: { available: false } }, now)).toBe(
      "Open · fully booked for now",
    );
    expect(storeStateWords({ open: false, paused: null, nextOpenAt: "2026-11-28T05:30:00Z", asap: { available: false } }, now)).toBe(
      "Closed · opens 11:00 am tomorrow",
    );
    expect(
      storeStateWords(
        { open: false, paused: { until: null, reason: "Gas cylinder change" }, nextOpenAt: null, asap: { available: false } },
        now,
      ),
    ).toBe("Paused: Gas cylinder change");
  });

  it("the promise: by a time (and a day when not today), or a scheduled slot; a delayed slot order says by when", () => {
    const slot = { start: "2026-11-27T07:00:00.000Z", end: "2026-11-27T07:30:00.000Z" };
    expect(asapChoiceWords(slot.end, now)).toBe("As soon as possible (by 1:00 pm)");
    expect(slotWords(slot)).toBe("Fri 27 Nov, 12:30–1:00 pm");
    expect(promiseWords({ scheduled: false, deliverySlot: slot, promisedBy: slot.end }, now)).toBe("Arriving by 1:00 pm");
    expect(promiseWords({ scheduled: true, deliverySlot: slot, promisedBy: slot.end }, now)).toBe(
      "Scheduled for Fri 27 Nov, 12:30–1:00 pm",
    );
    expect(promiseWords({ scheduled: true, deliverySlot: slot, promisedBy: "2026-11-27T07:45:00.000Z" }, now)).toBe("Arriving by 1:15 pm");
    const tomorrow = { start: "2026-11-28T05:30:00.000Z", end: "2026-11-28T06:00:00.000Z" };
    expect(promiseWords({ scheduled: false, deliverySlot: tomorrow, promisedBy: tomorrow.end }, now)).toBe("Arriving by 11:30 am tomorrow");
    // Near closing time the earliest slot with room may be the next opening's: the choice says so.
    expect(asapChoiceWords(tomorrow.end, now)).toBe("As soon as possible (by 11:30 am tomorrow)");
    expect(storeStateWords({ open: true, paused: null, nextOpenAt: null, asap: { available: true, promisedBy: tomorrow.end } }, now)).toBe(
      "Open · delivering by 11:30 am tomorrow",
    );
  });
});
