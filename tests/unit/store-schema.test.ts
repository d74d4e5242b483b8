import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  deliverAtSchema,
  deliveryAreasSchema,
  pauseSchema,
  pinSchema,
  slotsQuerySchema,
  storeSettingsPatchSchema,
} from "@/lib/store/schema";

// The zod schemas of product.md §9, shared by /admin/settings's forms and the API: what they take,
// what they refuse, and the field each refusal names (the API's 400 names the first one).

/** The first refusal's field (dotted path) and message; fails the test when the input is taken. */
function refusal(schema: z.ZodType, input: unknown): { field: string; message: string } {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected a refusal of ${JSON.stringify(input)}`);
  const [issue] = result.error.issues;
  return { field: issue.path.map(String).join("."), message: issue.message };
}

const settings = (input: unknown) => storeSettingsPatchSchema.parse(input);
/** A day's opening hours, written as [open, close]. */
const ranges = (...pairs: [open: string, close: string][]) => pairs.map(([open, close]) => ({ open, close }));

describe("store settings (PUT /api/store)", () => {
  it("takes any subset, an empty one too, and sorts a day's ranges", () => {
    expect(settings({})).toEqual({});
    expect(settings({ ordersPerSlot: 5 })).toEqual({ ordersPerSlot: 5 });
    expect(settings({ hours: { mon: ranges(["18:30", "24:00"], ["11:00", "15:00"]), sun: [] } })).toEqual({
      hours: { mon: ranges(["11:00", "15:00"], ["18:30", "24:00"]), sun: [] },
    });
  });

  it("ranges may touch but not overlap; the refusal names the range as sent (hours.mon.1)", () => {
    expect(settings({ hours: { mon: ranges(["11:00", "15:00"], ["15:00", "18:00"]) } }).hours?.mon).toHaveLength(2);
    expect(refusal(storeSettingsPatchSchema, { hours: { mon: ranges(["11:00", "15:00"], ["14:00", "18:00"]) } })).toEqual({
      field: "hours.mon.1",
      message: "overlaps 11:00–15:00",
    });
    // Sent in another order: still the one the admin wrote second.
    expect(refusal(storeSettingsPatchSchema, { hours: { tue: ranges(["14:00", "18:00"], ["11:00", "15:00"]) } }).field).toBe("hours.tue.0");
    // One range inside another.
    expect(refusal(storeSettingsPatchSchema, { hours: { wed: ranges(["00:00", "24:00"], ["12:00", "13:00"]) } }).field).toBe("hours.wed.1");
  });

  it('"24:00" closes but does not open; close after open; times are HH:MM', () => {
    expect(settings({ hours: { fri: [{ open: "00:00", close: "24:00" }] } }).hours?.fri).toEqual([{ open: "00:00", close: "24:00" }]);
    expect(refusal(storeSettingsPatchSchema, { hours: { fri: [{ open: "24:00", close: "24:00" }] } }).field).toBe("hours.fri.0.open");
    expect(refusal(storeSettingsPatchSchema, { hours: { fri: [{ open: "11:00", close: "24:30" }] } }).field).toBe("hours.fri.0.close");
    expect(refusal(storeSettingsPatchSchema, { hours: { fri: [{ open: "15:00", close: "11:00" }] } })).toEqual({
      field: "hours.fri.0.close",
      message: "must be after the opening time",
    });
    expect(refusal(storeSettingsPatchSchema, { hours: { fri: [{ open: "12:00", close: "12:00" }] } }).field).toBe("hours.fri.0.close");
    expect(refusal(storeSettingsPatchSchema, { hours: { fri: [{ open: "9:00", close: "12:00" }] } }).field).toBe("hours.fri.0.open");
    expect(refusal(storeSettingsPatchSchema, { hours: { fri: [{ open: "11:60", close: "12:00" }] } }).field).toBe("hours.fri.0.open");
    expect(refusal(storeSettingsPatchSchema, { hours: { fri: "11:00-15:00" } }).field).toBe("hours.fri");
    expect(refusal(storeSettingsPatchSchema, { hours: { friday: [] } }).field).toBe("hours");
    expect(refusal(storeSettingsPatchSchema, { hours: [] }).field).toBe("hours");
  });

  it("closed dates are real calendar dates, kept once each, sorted", () => {
    expect(settings({ closedDates: ["2026-12-25", "2026-01-26", "2026-12-25", "2028-02-29"] }).closedDates).toEqual([
      "2026-01-26",
      "2026-12-25",
      "2028-02-29",
    ]);
    for (const bad of ["2026-02-30", "2027-02-29", "2026-13-01", "2026-1-5", "25/12/2026", ""]) {
      expect(refusal(storeSettingsPatchSchema, { closedDates: ["2026-12-25", bad] })).toEqual({
        field: "closedDates.1",
        message: "must be a date YYYY-MM-DD",
      });
    }
  });

  it("slotMinutes is 15, 20, 30 or 60", () => {
    for (const ok of [15, 20, 30, 60]) expect(settings({ slotMinutes: ok })).toEqual({ slotMinutes: ok });
    for (const bad of [0, 10, 25, 45, 90, "30", null]) {
      expect(refusal(storeSettingsPatchSchema, { slotMinutes: bad })).toEqual({
        field: "slotMinutes",
        message: "must be 15, 20, 30 or 60",
      });
    }
  });

  it("ordersPerSlot 1–1000, prepMinutes 5–240, daysAhead 0–7, whole numbers", () => {
    expect(settings({ ordersPerSlot: 1, prepMinutes: 5, daysAhead: 0 })).toEqual({ ordersPerSlot: 1, prepMinutes: 5, daysAhead: 0 });
    expect(settings({ ordersPerSlot: 1000, prepMinutes: 240, daysAhead: 7 })).toEqual({
      ordersPerSlot: 1000,
      prepMinutes: 240,
      daysAhead: 7,
    });
    const cases: [string, unknown][] = [
      ["ordersPerSlot", 0],
      ["ordersPerSlot", 1001],
      ["ordersPerSlot", 2.5],
      ["prepMinutes", 4],
      ["prepMinutes", 241],
      ["daysAhead", -1],
      ["daysAhead", 8],
      ["daysAhead", "2"],
    ];
    for (const [field, value] of cases) expect(refusal(storeSettingsPatchSchema, { [field]: value }).field).toBe(field);
    expect(refusal(storeSettingsPatchSchema, { prepMinutes: 241 }).message).toBe("must be a whole number from 5 to 240");
  });

  it("the body must be an object", () => {
    expect(refusal(storeSettingsPatchSchema, [1]).message).toBe("Request body must be an object of settings");
  });
});

describe("pause (POST /api/store/pause)", () => {
  it("5 to 1440 minutes, or until reopened; an empty reason is none", () => {
    expect(pauseSchema.parse({})).toEqual({ reason: null });
    expect(pauseSchema.parse({ minutes: 5, reason: "Rush hour" })).toEqual({ minutes: 5, reason: "Rush hour" });
    expect(pauseSchema.parse({ minutes: 1440, reason: "" })).toEqual({ minutes: 1440, reason: null });
    for (const bad of [4, 1441, 0, 15.5, "15"]) expect(refusal(pauseSchema, { minutes: bad }).field).toBe("minutes");
    expect(refusal(pauseSchema, { reason: "x".repeat(201) }).field).toBe("reason");
  });
});

describe("delivery areas (PUT /api/delivery-areas)", () => {
  const area = (over: Record<string, unknown> = {}) => ({ name: "Koramangala", pins: ["560034"], fee: 30, ...over });

  it("takes PIN codes and prefixes of 2–5 digits; minimum 0 and no free delivery by default", () => {
    expect(deliveryAreasSchema.parse([area({ pins: ["56", "5600", "560034", "5600"] })])).toEqual([
      { name: "Koramangala", pins: ["56", "5600", "560034"], fee: 30, minimumOrder: 0, freeDeliveryFrom: null },
    ]);
    expect(deliveryAreasSchema.parse([])).toEqual([]);
  });

  it("refuses a pattern that is not 2–6 digits, naming it", () => {
    for (const bad of ["5", "5600341", "56003a", "", " "]) {
      expect(refusal(deliveryAreasSchema, [area(), area({ name: "Other", pins: ["560001", bad] })]).field).toBe("1.pins.1");
    }
    expect(refusal(deliveryAreasSchema, [area({ pins: [] })]).field).toBe("0.pins");
  });

  it("one pattern in two areas is refused, naming the second; a full PIN inside another's prefix is fine", () => {
    expect(refusal(deliveryAreasSchema, [area({ pins: ["5600"] }), area({ name: "Central", pins: ["560001", "5600"] })])).toEqual({
      field: "1.pins.1",
      message: "5600 is already in Koramangala",
    });
    expect(deliveryAreasSchema.safeParse([area({ pins: ["5600"] }), area({ name: "Central", pins: ["560001"] })]).success).toBe(true);
  });

  it("fees and minimums in whole rupees within their bounds; names and ids unique", () => {
    expect(refusal(deliveryAreasSchema, [area({ fee: 1001 })]).field).toBe("0.fee");
    expect(refusal(deliveryAreasSchema, [area({ fee: -1 })]).field).toBe("0.fee");
    expect(refusal(deliveryAreasSchema, [area({ minimumOrder: 100_001 })]).field).toBe("0.minimumOrder");
    expect(refusal(deliveryAreasSchema, [area({ freeDeliveryFrom: 99.5 })]).field).toBe("0.freeDeliveryFrom");
    expect(refusal(deliveryAreasSchema, [area(), area({ name: "koramangala", pins: ["560095"] })]).field).toBe("1.name");
    expect(refusal(deliveryAreasSchema, [area({ id: "a1" }), area({ id: "a1", name: "Other", pins: ["560095"] })]).field).toBe("1.id");
    expect(refusal(deliveryAreasSchema, { name: "x" }).message).toBe("Request body must be a list of delivery areas");
  });
});

describe("PIN check, slots query, deliverAt", () => {
  it("a customer's PIN is exactly 6 digits", () => {
    expect(pinSchema.parse({ pin: " 560034 " })).toEqual({ pin: "560034" });
    for (const bad of ["56003", "5600345", "5600", "abcdef", ""]) {
      expect(refusal(pinSchema, { pin: bad })).toEqual({ field: "pin", message: "pin must be a 6-digit PIN code" });
    }
  });

  it("the slots' date is a real date or left out (today)", () => {
    expect(slotsQuerySchema.parse({})).toEqual({});
    expect(slotsQuerySchema.parse({ date: "2028-02-29" })).toEqual({ date: "2028-02-29" });
    for (const bad of ["2026-02-30", "2027-02-29", "today", "2026-11-27T00:00:00Z"]) {
      expect(refusal(slotsQuerySchema, { date: bad })).toEqual({ field: "date", message: "date must be a date YYYY-MM-DD" });
    }
  });

  it('deliverAt: "asap" by default, or an instant with an offset or Z; anything else is no instant', () => {
    expect(deliverAtSchema.parse(undefined)).toBe("asap");
    expect(deliverAtSchema.parse("ASAP")).toBe("asap");
    const instant = (v: string) => (deliverAtSchema.parse(v) as Date).toISOString();
    expect(instant("2026-11-27T12:30:00+05:30")).toBe("2026-11-27T07:00:00.000Z");
    expect(instant("2026-11-27T07:00:00.000Z")).toBe("2026-11-27T07:00:00.000Z");
    expect(instant("2026-11-27T12:30+05:30")).toBe("2026-11-27T07:00:00.000Z");
    for (const none of ["2026-11-27T12:30:00", "2026-11-27", "tomorrow lunch", "2026-02-30T12:30:00Z", ""]) {
      expect(Number.isNaN((deliverAtSchema.parse(none) as Date).getTime())).toBe(true);
    }
    expect(refusal(deliverAtSchema, 1_764_000_000_000).message).toBe('deliverAt must be "asap" or the start of a delivery slot');
    expect(refusal(deliverAtSchema, "x".repeat(65)).message).toBe('deliverAt must be "asap" or the start of a delivery slot');
  });
});
