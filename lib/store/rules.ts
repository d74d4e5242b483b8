import { addDays, daysBetween, indiaInstant, indiaWallClock, weekdayOf } from "@/lib/time";
import type { OpeningRange, StoreSettings } from "@/lib/store/types";

// The rules of when the shop delivers (product.md §9), as pure functions of the settings and
// "now": opening hours, closed dates, slots, the ASAP promise. Every time is India's (lib/time.ts),
// whatever the server's own zone. How full a slot is lives in PostgreSQL (slots.ts); these rules
// say which slots may be taken at all. Client-safe and tested with fast-check.

const MINUTES_PER_DAY = 24 * 60;

/** The seed's behaviour: open round the clock, 30-minute slots, "ready in about 30 minutes". */
export const DEFAULT_SETTINGS: StoreSettings = {
  hours: {
    mon: [{ open: "00:00", close: "24:00" }],
    tue: [{ open: "00:00", close: "24:00" }],
    wed: [{ open: "00:00", close: "24:00" }],
    thu: [{ open: "00:00", close: "24:00" }],
    fri: [{ open: "00:00", close: "24:00" }],
    sat: [{ open: "00:00", close: "24:00" }],
    sun: [{ open: "00:00", close: "24:00" }],
  },
  closedDates: [],
  slotMinutes: 30,
  ordersPerSlot: 20,
  prepMinutes: 30,
  daysAhead: 2,
};

/** `"HH:MM"` as minutes after midnight; `"24:00"` is 1440. */
export function minuteOf(clock: string): number {
  const [h, m] = clock.split(":").map(Number);
  return h * 60 + m;
}

/** A slot as instants. */
export type SlotSpan = { start: Date; end: Date };

/** The opening ranges of an India date, in minutes; none on a closed date. */
function rangesOn(settings: StoreSettings, dateKey: string): { open: number; close: number }[] {
  if (settings.closedDates.includes(dateKey)) return [];
  return settings.hours[weekdayOf(dateKey)].map((r: OpeningRange) => ({ open: minuteOf(r.open), close: minuteOf(r.close) }));
}

/** The start minutes of an India date's slots that lie wholly inside one of its opening ranges, in time order. */
function* slotStartMinutes(settings: StoreSettings, dateKey: string): Generator<number> {
  const ranges = rangesOn(settings, dateKey);
  for (let start = 0; start + settings.slotMinutes <= MINUTES_PER_DAY; start += settings.slotMinutes) {
    const end = start + settings.slotMinutes;
    if (ranges.some((r) => r.open <= start && end <= r.close)) yield start;
  }
}

/** The slot of `dateKey` that starts `minute` minutes after its midnight. */
function slotAt(settings: StoreSettings, dateKey: string, minute: number): SlotSpan {
  const start = indiaInstant(dateKey, minute);
  return { start, end: new Date(start.getTime() + settings.slotMinutes * 60_000) };
}

/** Every slot of an India date that lies wholly inside one of its opening ranges, in time order. */
export function slotsOn(settings: StoreSettings, dateKey: string): SlotSpan[] {
  return [...slotStartMinutes(settings, dateKey)].map((minute) => slotAt(settings, dateKey, minute));
}

/** Whether `now` falls inside the shop's hours on a day that is not closed (a pause aside). */
export function isWithinHours(settings: StoreSettings, now: Date): boolean {
  const { dateKey, minute } = indiaWallClock(now);
  return rangesOn(settings, dateKey).some((r) => r.open <= minute && minute < r.close);
}

/** The India dates orders may be delivered on: today and `daysAhead` days after it. */
export function bookableDates(settings: StoreSettings, now: Date): string[] {
  const today = indiaWallClock(now).dateKey;
  return Array.from({ length: settings.daysAhead + 1 }, (_, i) => addDays(today, i));
}

/** Whether `dateKey` is today or at most `daysAhead` days after it. */
export function isBookableDate(settings: StoreSettings, now: Date, dateKey: string): boolean {
  const days = daysBetween(indiaWallClock(now).dateKey, dateKey);
  return days >= 0 && days <= settings.daysAhead;
}

const earliest = (settings: StoreSettings, now: Date) => now.getTime() + settings.prepMinutes * 60_000;

/**
 * The slots a customer may schedule on `dateKey` (GET /api/slots): inside its hours, a bookable
 * date, and starting at least `prepMinutes` from now.
 */
export function schedulableSlots(settings: StoreSettings, now: Date, dateKey: string): SlotSpan[] {
  if (!isBookableDate(settings, now, dateKey)) return [];
  const from = earliest(settings, now);
  return slotsOn(settings, dateKey).filter((s) => s.start.getTime() >= from);
}

/** Whether `start` is the start of a slot a customer may schedule now; that slot, or null. */
export function schedulableSlotAt(settings: StoreSettings, now: Date, start: Date): SlotSpan | null {
  // A deliverAt that is no instant at all (garbage text) starts no slot.
  if (!Number.isFinite(start.getTime())) return null;
  const { dateKey } = indiaWallClock(start);
  return schedulableSlots(settings, now, dateKey).find((s) => s.start.getTime() === start.getTime()) ?? null;
}

/**
 * The slots an ASAP order may take, earliest first: open slots of the bookable dates that end
 * at least `prepMinutes` from now. The order takes the first with room and is promised by its end.
 */
export function asapSlots(settings: StoreSettings, now: Date): SlotSpan[] {
  return [...eachAsapSlot(settings, now)];
}

/**
 * asapSlots one at a time, made only as far as they are read: an order usually takes one of the
 * first, and the days ahead hold up to a few hundred slots.
 */
export function* eachAsapSlot(settings: StoreSettings, now: Date): Generator<SlotSpan> {
  const from = earliest(settings, now);
  for (const dateKey of bookableDates(settings, now)) {
    const midnight = indiaInstant(dateKey, 0).getTime();
    for (const minute of slotStartMinutes(settings, dateKey)) {
      if (midnight + (minute + settings.slotMinutes) * 60_000 >= from) yield slotAt(settings, dateKey, minute);
    }
  }
}

/** The end of a slot that starts at `start`. */
export function slotEnd(settings: StoreSettings, start: Date): Date {
  return new Date(start.getTime() + settings.slotMinutes * 60_000);
}

/** How far ahead nextOpenAt looks: a shop closed for longer says nothing. */
const LOOK_AHEAD_DAYS = 366;

/**
 * The first instant at or after `from` that lies inside the hours of a day that is not closed;
 * null when there is none within a year.
 */
export function nextWithinHours(settings: StoreSettings, from: Date): Date | null {
  const { dateKey, minute } = indiaWallClock(from);
  for (let day = 0; day <= LOOK_AHEAD_DAYS; day++) {
    const date = addDays(dateKey, day);
    const ranges = rangesOn(settings, date).sort((a, b) => a.open - b.open);
    for (const r of ranges) {
      if (day === 0 && r.close <= minute) continue;
      return day === 0 && r.open <= minute ? from : indiaInstant(date, r.open);
    }
  }
  return null;
}
