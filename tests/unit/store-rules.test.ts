import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_SETTINGS,
  asapSlots,
  bookableDates,
  isBookableDate,
  isWithinHours,
  minuteOf,
  nextWithinHours,
  schedulableSlotAt,
  schedulableSlots,
  slotEnd,
  slotsOn,
  type SlotSpan,
} from "@/lib/store/rules";
import { SLOT_LENGTHS, WEEKDAYS, type OpeningHours, type OpeningRange, type StoreSettings, type Weekday } from "@/lib/store/types";
import { addDays, daysBetween, indiaInstant, indiaWallClock, weekdayOf } from "@/lib/time";

// The pure rules of product.md §9: which slots exist, which a customer may schedule, what an ASAP
// order may take, when the shop opens next. Every instant here is written in UTC and read as
// India's wall clock (UTC+05:30), so these hold in any process time zone.

const MINUTE = 60_000;
const at = (iso: string) => new Date(iso);
const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
const spans = (slots: SlotSpan[]) => slots.map((s) => [s.start.toISOString(), s.end.toISOString()]);

function settings(over: Partial<StoreSettings> = {}, hours?: Partial<OpeningHours>): StoreSettings {
  return { ...DEFAULT_SETTINGS, ...over, hours: { ...DEFAULT_SETTINGS.hours, ...over.hours, ...hours } };
}

const everyDay = (ranges: OpeningRange[]): OpeningHours => Object.fromEntries(WEEKDAYS.map((d) => [d, ranges])) as OpeningHours;

// ---- generators ----

/** A day's ranges: sorted, not overlapping (they may touch), any minute, "24:00" as a close. */
const dayRanges = fc.uniqueArray(fc.integer({ min: 0, max: 1440 }), { minLength: 0, maxLength: 6 }).map((points) => {
  const sorted = [...points].sort((a, b) => a - b);
  const ranges: OpeningRange[] = [];
  for (let i = 0; i + 1 < sorted.length; i += 2) ranges.push({ open: clock(sorted[i]), close: clock(sorted[i + 1]) });
  return ranges;
});

/** Mostly round hours a kitchen would set, sometimes anything. */
const hoursArb: fc.Arbitrary<OpeningHours> = fc.oneof(
  fc.constant(DEFAULT_SETTINGS.hours),
  fc.record(Object.fromEntries(WEEKDAYS.map((d) => [d, dayRanges])) as Record<Weekday, fc.Arbitrary<OpeningRange[]>>),
  fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 1, max: 24 }))
    .filter(([o, c]) => c > o)
    .map(([o, c]) => everyDay([{ open: clock(o * 60), close: clock(c * 60) }])),
);

/** Any instant from 2026 to 2028 (leap day and year ends included). */
const nowArb = fc.integer({ min: Date.parse("2026-01-01T00:00:00Z"), max: Date.parse("2028-12-31T23:59:59Z") }).map((ms) => new Date(ms));

const settingsArb = (now: Date): fc.Arbitrary<StoreSettings> =>
  fc.record({
    hours: hoursArb,
    // Some of the next days closed, so the property meets closed dates often.
    closedDates: fc
      .uniqueArray(fc.integer({ min: -1, max: 8 }), { maxLength: 4 })
      .map((days) => days.map((d) => addDays(indiaWallClock(now).dateKey, d)).sort()),
    slotMinutes: fc.constantFrom(...SLOT_LENGTHS),
    ordersPerSlot: fc.integer({ min: 1, max: 5 }),
    prepMinutes: fc.integer({ min: 5, max: 240 }),
    daysAhead: fc.integer({ min: 0, max: 7 }),
  });

const world = nowArb.chain((now) => settingsArb(now).map((s) => ({ now, s })));

/** The opening ranges of a date in minutes, read straight from the settings. */
function rangesOf(s: StoreSettings, dateKey: string) {
  if (s.closedDates.includes(dateKey)) return [];
  return s.hours[weekdayOf(dateKey)].map((r) => ({ open: minuteOf(r.open), close: minuteOf(r.close) }));
}

/** Where a slot falls: its India date and minutes, and whether a range holds it wholly. */
function inRange(s: StoreSettings, slot: SlotSpan): boolean {
  const { dateKey, minute } = indiaWallClock(slot.start);
  const end = minute + (slot.end.getTime() - slot.start.getTime()) / MINUTE;
  return rangesOf(s, dateKey).some((r) => r.open <= minute && end <= r.close);
}

// ---- properties ----

describe("slots (fast-check)", () => {
  it("every slot of a date lies wholly inside one of its ranges, is slotMinutes long, aligned from India midnight, never on a closed date", () => {
    fc.assert(
      fc.property(world, fc.integer({ min: -1, max: 9 }), ({ now, s }, offset) => {
        const date = addDays(indiaWallClock(now).dateKey, offset);
        const slots = slotsOn(s, date);
        if (s.closedDates.includes(date)) expect(slots).toEqual([]);
        const midnight = indiaInstant(date, 0).getTime();
        for (const slot of slots) {
          expect(indiaWallClock(slot.start).dateKey).toBe(date);
          expect(slot.end.getTime() - slot.start.getTime()).toBe(s.slotMinutes * MINUTE);
          expect((slot.start.getTime() - midnight) % (s.slotMinutes * MINUTE)).toBe(0);
          expect(inRange(s, slot)).toBe(true);
        }
        // And none is missing: every aligned span inside a range is a slot.
        const expected = Array.from({ length: 1440 / s.slotMinutes }, (_, i) => i * s.slotMinutes).filter((m) =>
          rangesOf(s, date).some((r) => r.open <= m && m + s.slotMinutes <= r.close),
        );
        expect(slots.map((x) => indiaWallClock(x.start).minute)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("schedulable slots start at least prepMinutes from now, on a date from today to daysAhead, inside the hours", () => {
    fc.assert(
      fc.property(world, fc.integer({ min: -2, max: 10 }), ({ now, s }, offset) => {
        const today = indiaWallClock(now).dateKey;
        const date = addDays(today, offset);
        const slots = schedulableSlots(s, now, date);
        expect(isBookableDate(s, now, date)).toBe(offset >= 0 && offset <= s.daysAhead);
        if (offset < 0 || offset > s.daysAhead) expect(slots).toEqual([]);
        for (const slot of slots) {
          expect(slot.start.getTime()).toBeGreaterThanOrEqual(now.getTime() + s.prepMinutes * MINUTE);
          expect(daysBetween(today, indiaWallClock(slot.start).dateKey)).toBeLessThanOrEqual(s.daysAhead);
          expect(inRange(s, slot)).toBe(true);
          expect(schedulableSlotAt(s, now, slot.start)).toEqual(slot);
          // A minute off is no slot start.
          expect(schedulableSlotAt(s, now, new Date(slot.start.getTime() + MINUTE))).toBeNull();
        }
        // Exactly the date's slots that start late enough (when the date is bookable).
        if (offset >= 0 && offset <= s.daysAhead) {
          expect(spans(slots)).toEqual(spans(slotsOn(s, date).filter((x) => x.start.getTime() >= now.getTime() + s.prepMinutes * MINUTE)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("an ASAP order's slots end no earlier than now + prepMinutes, in time order, within daysAhead, inside the hours", () => {
    fc.assert(
      fc.property(world, ({ now, s }) => {
        const slots = asapSlots(s, now);
        const today = indiaWallClock(now).dateKey;
        for (const [i, slot] of slots.entries()) {
          expect(slot.end.getTime()).toBeGreaterThanOrEqual(now.getTime() + s.prepMinutes * MINUTE);
          expect(inRange(s, slot)).toBe(true);
          expect(daysBetween(today, indiaWallClock(slot.start).dateKey)).toBeLessThanOrEqual(s.daysAhead);
          if (i > 0) expect(slot.start.getTime()).toBeGreaterThan(slots[i - 1].start.getTime());
        }
        // The first is the earliest: no slot of the bookable dates that ends late enough comes before it.
        const all = bookableDates(s, now).flatMap((d) => slotsOn(s, d));
        const first = all.find((x) => x.end.getTime() >= now.getTime() + s.prepMinutes * MINUTE);
        expect(slots[0] && spans([slots[0]])).toEqual(first && spans([first]));
      }),
      { numRuns: 300 },
    );
  });

  it("nextWithinHours is inside the hours and nothing earlier is (against minute-by-minute stepping over 3 days)", () => {
    fc.assert(
      fc.property(world, ({ now, s }) => {
        const next = nextWithinHours(s, now);
        // Brute force: now itself, then every minute boundary after it for three days.
        let found: Date | null = isWithinHours(s, now) ? now : null;
        const firstMinute = Math.ceil(now.getTime() / MINUTE) * MINUTE;
        for (let t = firstMinute; !found && t <= now.getTime() + 3 * 1440 * MINUTE; t += MINUTE) {
          if (isWithinHours(s, new Date(t))) found = new Date(t);
        }
        if (found) expect(next?.toISOString()).toBe(found.toISOString());
        else if (next) expect(next.getTime()).toBeGreaterThan(now.getTime() + 3 * 1440 * MINUTE);
        if (next) expect(isWithinHours(s, next)).toBe(true);
      }),
      { numRuns: 120 },
    );
  });

  it("isWithinHours agrees with the ranges of the India date and minute", () => {
    fc.assert(
      fc.property(world, ({ now, s }) => {
        const { dateKey, minute } = indiaWallClock(now);
        expect(isWithinHours(s, now)).toBe(rangesOf(s, dateKey).some((r) => r.open <= minute && minute < r.close));
      }),
      { numRuns: 500 },
    );
  });

  it("booking orders one by one (ASAP and scheduled, some cancelled) never puts more than ordersPerSlot in a slot", () => {
    // A pure model of picking and taking a slot: the first slot offered with room, counted from the orders not cancelled.
    type Step = { minutesLater: number; kind: "asap" | "pick" | "cancel"; pick: number };
    const step = fc.record({
      minutesLater: fc.integer({ min: 0, max: 20 }),
      kind: fc.constantFrom("asap", "asap", "pick", "cancel") as fc.Arbitrary<Step["kind"]>,
      pick: fc.nat(),
    });
    fc.assert(
      fc.property(world, fc.array(step, { minLength: 1, maxLength: 80 }), ({ now, s }, steps) => {
        const orders: { slot: number; cancelled: boolean }[] = [];
        const held = (start: number) => orders.filter((o) => o.slot === start && !o.cancelled).length;
        const book = (slots: SlotSpan[]) => slots.find((x) => held(x.start.getTime()) < s.ordersPerSlot) ?? null;
        let t = now.getTime();
        for (const { minutesLater, kind, pick } of steps) {
          t += minutesLater * MINUTE;
          const when = new Date(t);
          if (kind === "cancel") {
            const live = orders.filter((o) => !o.cancelled);
            if (live.length > 0) live[pick % live.length].cancelled = true;
            continue;
          }
          if (kind === "asap") {
            const slot = book(asapSlots(s, when));
            if (slot) {
              expect(slot.end.getTime()).toBeGreaterThanOrEqual(t + s.prepMinutes * MINUTE);
              orders.push({ slot: slot.start.getTime(), cancelled: false });
            }
          } else {
            const dates = bookableDates(s, when);
            const offered = schedulableSlots(s, when, dates[pick % dates.length]);
            if (offered.length === 0) continue;
            const chosen = schedulableSlotAt(s, when, offered[pick % offered.length].start);
            expect(chosen).not.toBeNull();
            const slot = book([chosen!]);
            if (slot) orders.push({ slot: slot.start.getTime(), cancelled: false });
          }
          for (const o of orders) expect(held(o.slot)).toBeLessThanOrEqual(s.ordersPerSlot);
        }
      }),
      { numRuns: 150 },
    );
  });
});

// ---- examples at the edges ----

describe("slots at the edges", () => {
  it("a fresh install cuts the day into 48 half hours from India midnight (18:30 UTC)", () => {
    const slots = slotsOn(DEFAULT_SETTINGS, "2026-11-27");
    expect(slots).toHaveLength(48);
    expect(slots[0].start.toISOString()).toBe("2026-11-26T18:30:00.000Z");
    expect(slots.at(-1)!.end.toISOString()).toBe("2026-11-27T18:30:00.000Z");
  });

  it('"24:00" closes at midnight: the last slot ends then; an 11:00–15:00 day has 8 half hours', () => {
    const late = settings({}, { fri: [{ open: "22:00", close: "24:00" }] });
    expect(spans(slotsOn(late, "2026-11-27"))).toEqual([
      ["2026-11-27T16:30:00.000Z", "2026-11-27T17:00:00.000Z"],
      ["2026-11-27T17:00:00.000Z", "2026-11-27T17:30:00.000Z"],
      ["2026-11-27T17:30:00.000Z", "2026-11-27T18:00:00.000Z"],
      ["2026-11-27T18:00:00.000Z", "2026-11-27T18:30:00.000Z"],
    ]);
    expect(slotsOn(settings({ hours: everyDay([{ open: "11:00", close: "15:00" }]) }), "2026-11-27")).toHaveLength(8);
  });

  it("several ranges a day: no slot in the gap, and a range that does not fit a whole slot gives none", () => {
    const s = settings(
      { slotMinutes: 60 },
      {
        fri: [
          { open: "11:00", close: "14:00" },
          { open: "18:30", close: "21:45" },
        ],
      },
    );
    expect(slotsOn(s, "2026-11-27").map((x) => indiaWallClock(x.start).minute / 60)).toEqual([11, 12, 13, 19, 20]);
    const tiny = settings({ slotMinutes: 60 }, { fri: [{ open: "11:10", close: "12:05" }] });
    expect(slotsOn(tiny, "2026-11-27")).toEqual([]);
  });

  it("20-minute slots are aligned to :00, :20 and :40 from midnight", () => {
    const s = settings({ slotMinutes: 20 }, { fri: [{ open: "09:10", close: "10:30" }] });
    expect(slotsOn(s, "2026-11-27").map((x) => indiaWallClock(x.start).minute)).toEqual([9 * 60 + 20, 9 * 60 + 40, 10 * 60]);
  });

  it("a closed date has no slots, whatever its weekday's hours", () => {
    expect(slotsOn(settings({ closedDates: ["2026-12-25"] }), "2026-12-25")).toEqual([]);
    expect(slotsOn(settings({ closedDates: ["2026-12-25"] }), "2026-12-26")).toHaveLength(48);
  });

  it("across the year's end: at 23:50 on 31 Dec, ASAP takes 00:00–00:30 on 1 Jan and 1 Jan is bookable", () => {
    const now = at("2026-12-31T18:20:00Z"); // 23:50 India time, 31 Dec
    expect(bookableDates(DEFAULT_SETTINGS, now)).toEqual(["2026-12-31", "2027-01-01", "2027-01-02"]);
    const [first] = asapSlots(DEFAULT_SETTINGS, now);
    expect(first.start.toISOString()).toBe("2026-12-31T18:30:00.000Z");
    expect(first.end.toISOString()).toBe("2026-12-31T19:00:00.000Z");
    expect(schedulableSlots(DEFAULT_SETTINGS, now, "2026-12-31")).toEqual([]);
    expect(schedulableSlots(DEFAULT_SETTINGS, now, "2027-01-01")[0].start.toISOString()).toBe("2026-12-31T19:00:00.000Z");
  });

  it("across February's end in a leap year and in a common one", () => {
    const leap = at("2028-02-28T18:45:00Z"); // 00:15 on 29 Feb 2028
    expect(bookableDates(DEFAULT_SETTINGS, leap)).toEqual(["2028-02-29", "2028-03-01", "2028-03-02"]);
    const common = at("2027-02-28T18:29:00Z"); // 23:59 on 28 Feb 2027
    expect(bookableDates(settings({ daysAhead: 1 }), common)).toEqual(["2027-02-28", "2027-03-01"]);
    // Closed on the leap day: ASAP at 23:40 on 28 Feb 2028 goes to 1 March.
    const s = settings({ closedDates: ["2028-02-29"] });
    expect(indiaWallClock(asapSlots(s, at("2028-02-28T18:10:00Z"))[0].start)).toEqual({ dateKey: "2028-03-01", minute: 0 });
  });

  it("schedulable slots: too soon and beyond daysAhead are not offered", () => {
    const now = at("2026-11-27T06:40:00Z"); // 12:10 India time, Friday
    const s = settings({ prepMinutes: 30, daysAhead: 1 });
    expect(indiaWallClock(schedulableSlots(s, now, "2026-11-27")[0].start).minute).toBe(13 * 60); // 12:40 → 13:00
    expect(schedulableSlots(s, now, "2026-11-28")).toHaveLength(48);
    expect(schedulableSlots(s, now, "2026-11-29")).toEqual([]);
    expect(schedulableSlots(s, now, "2026-11-26")).toEqual([]);
    expect(schedulableSlotAt(s, now, at("2026-11-27T07:00:00Z"))).toBeNull(); // 12:30: starts before 12:40
    expect(schedulableSlotAt(s, now, at("2026-11-27T07:30:00Z"))?.end.toISOString()).toBe("2026-11-27T08:00:00.000Z");
  });

  it("a deliverAt that is no instant at all is no slot (not a crash)", () => {
    expect(schedulableSlotAt(DEFAULT_SETTINGS, new Date(), new Date(Number.NaN))).toBeNull();
  });

  it("ASAP at 12:10 with 30 minutes' preparation is promised by 13:00 (the 12:30–13:00 slot)", () => {
    const [first] = asapSlots(DEFAULT_SETTINGS, at("2026-11-27T06:40:00Z"));
    expect(spans([first])).toEqual([["2026-11-27T07:00:00.000Z", "2026-11-27T07:30:00.000Z"]]);
    expect(slotEnd(DEFAULT_SETTINGS, first.start)).toEqual(first.end);
  });

  it("ASAP near closing time goes to the next opening's slots; with daysAhead 0 there are none", () => {
    const s = settings({ hours: everyDay([{ open: "11:00", close: "15:00" }]) });
    const now = at("2026-11-27T09:20:00Z"); // 14:50 India time
    expect(indiaWallClock(asapSlots(s, now)[0].start)).toEqual({ dateKey: "2026-11-28", minute: 11 * 60 });
    expect(asapSlots({ ...s, daysAhead: 0 }, now)).toEqual([]);
  });
});

describe("opening hours", () => {
  const lunch = settings({ hours: everyDay([{ open: "11:00", close: "15:00" }]) });

  it("open from the opening minute up to (not at) the closing one, in India time", () => {
    expect(isWithinHours(lunch, at("2026-11-27T05:29:59Z"))).toBe(false); // 10:59:59
    expect(isWithinHours(lunch, at("2026-11-27T05:30:00Z"))).toBe(true); // 11:00
    expect(isWithinHours(lunch, at("2026-11-27T09:29:59Z"))).toBe(true); // 14:59:59
    expect(isWithinHours(lunch, at("2026-11-27T09:30:00Z"))).toBe(false); // 15:00
  });

  it("a closed date is closed all day; the India date decides, not UTC's", () => {
    const s = settings({ closedDates: ["2026-11-28"] });
    expect(isWithinHours(s, at("2026-11-27T18:29:00Z"))).toBe(true); // 23:59 on the 27th
    expect(isWithinHours(s, at("2026-11-27T19:00:00Z"))).toBe(false); // 00:30 on the 28th (still the 27th in UTC)
    expect(isWithinHours(s, at("2026-11-28T18:30:00Z"))).toBe(true); // 00:00 on the 29th
  });

  it("nextWithinHours: the same instant when open, the next opening otherwise, skipping closed weekdays and dates", () => {
    const inside = at("2026-11-27T06:00:00Z");
    expect(nextWithinHours(lunch, inside)).toEqual(inside);
    expect(nextWithinHours(lunch, at("2026-11-27T02:00:00Z"))).toEqual(at("2026-11-27T05:30:00Z")); // 07:30 → 11:00
    expect(nextWithinHours(lunch, at("2026-11-27T09:30:00Z"))).toEqual(at("2026-11-28T05:30:00Z")); // 15:00 → tomorrow 11:00
    const s = settings({ ...lunch, closedDates: ["2026-11-28"] }, { sun: [] });
    expect(nextWithinHours(s, at("2026-11-27T10:00:00Z"))).toEqual(at("2026-11-30T05:30:00Z")); // Fri evening → Mon 11:00
    const second = settings(
      {},
      {
        fri: [
          { open: "11:00", close: "14:00" },
          { open: "18:30", close: "22:00" },
        ],
      },
    );
    expect(nextWithinHours(second, at("2026-11-27T09:00:00Z"))).toEqual(at("2026-11-27T13:00:00Z")); // 14:30 → 18:30
  });

  it("never open: no next opening", () => {
    expect(nextWithinHours(settings({ hours: everyDay([]) }), at("2026-11-27T06:00:00Z"))).toBeNull();
  });
});
