import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "@/lib/store/rules";
import { deliveryAreasSchema, storeSettingsPatchSchema } from "@/lib/store/schema";
import type { DeliveryArea, StoreSettings } from "@/lib/store/types";
import {
  rangeOf,
  sortedRanges,
  storeFieldOf,
  storeFocusOf,
  storeFormSchema,
  storeFormValuesOf,
  type StoreFormValues,
} from "@/components/admin/settings/store-form";
import { areaFieldOf, areaValuesOf, areasFormSchema, newArea, pinsOf, type AreaFormValues } from "@/components/admin/settings/areas-form";

// /admin/settings's forms <-> the API: what the forms show for the saved settings and areas,
// what they send, and that their rules and messages are the API's own, at the inputs' paths.

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);

const SPLIT_WEEK: StoreSettings = {
  ...DEFAULT_SETTINGS,
  hours: {
    ...DEFAULT_SETTINGS.hours,
    mon: [
      { open: "11:00", close: "15:00" },
      { open: "18:30", close: "24:00" },
    ],
    tue: [],
  },
  closedDates: ["2026-12-25", "2026-01-26"],
  slotMinutes: 15,
  ordersPerSlot: 8,
  prepMinutes: 45,
  daysAhead: 0,
};

const withMonday = (values: StoreFormValues, mon: StoreFormValues["hours"]["mon"]): StoreFormValues => ({
  ...values,
  hours: { ...values.hours, mon },
});

describe("the hours and slots form", () => {
  it("shows the saved settings and sends them back unchanged, 24:00 as a close at midnight", () => {
    const values = storeFormValuesOf(SPLIT_WEEK);
    expect(values.hours.mon).toEqual([
      { open: "11:00", close: "15:00", untilMidnight: false },
      { open: "18:30", close: "", untilMidnight: true },
    ]);
    expect(values.hours.tue).toEqual([]);
    expect(values.closedDates).toEqual(["2026-01-26", "2026-12-25"]);
    expect(values.slotMinutes).toBe("15");

    const sent = storeFormSchema.parse(values);
    expect(sent).toEqual({ ...SPLIT_WEEK, closedDates: ["2026-01-26", "2026-12-25"] });
    // What the form sends, the API takes as it is.
    expect(storeSettingsPatchSchema.parse(sent)).toEqual(sent);
  });

  it("reads a close typed as 00:00 as midnight, and keeps other closes as typed", () => {
    expect(rangeOf({ open: "18:00", close: "00:00", untilMidnight: false })).toEqual({ open: "18:00", close: "24:00" });
    expect(rangeOf({ open: " 09:00", close: "17:30 ", untilMidnight: false })).toEqual({ open: "09:00", close: "17:30" });
    expect(rangeOf({ open: "09:00", close: "17:30", untilMidnight: true })).toEqual({ open: "09:00", close: "24:00" });
  });

  it("refuses with the API's messages at the inputs' paths", () => {
    const values = storeFormValuesOf(DEFAULT_SETTINGS);
    const closeBeforeOpen = withMonday(values, [{ open: "15:00", close: "11:00", untilMidnight: false }]);
    expect(issuesOf(storeFormSchema.safeParse(closeBeforeOpen))).toEqual(["hours.mon.0.close: must be after the opening time"]);

    const blankTimes = withMonday(values, [{ open: "", close: "", untilMidnight: false }]);
    // The form shows the first issue of each input (react-hook-form's default).
    expect(issuesOf(storeFormSchema.safeParse(blankTimes)).slice(0, 2)).toEqual([
      "hours.mon.0.open: must be a time from 00:00 to 23:59",
      "hours.mon.0.close: must be a time from 00:01 to 24:00",
    ]);

    const numbers = { ...values, slotMinutes: "25", ordersPerSlot: "", prepMinutes: "4", daysAhead: "two" };
    expect(issuesOf(storeFormSchema.safeParse(numbers))).toEqual([
      "slotMinutes: must be 15, 20, 30 or 60",
      "ordersPerSlot: must be a whole number from 1 to 1000",
      "prepMinutes: must be a whole number from 5 to 240",
      "daysAhead: must be a whole number from 0 to 7",
    ]);

    expect(issuesOf(storeFormSchema.safeParse({ ...values, closedDates: ["2026-02-30"] }))).toEqual([
      "closedDates.0: must be a date YYYY-MM-DD",
    ]);
  });

  it("names the second of two overlapping ranges once the rows are in time order", () => {
    const rows = [
      { open: "12:00", close: "16:00", untilMidnight: false },
      { open: "09:00", close: "13:00", untilMidnight: false },
    ];
    const sorted = sortedRanges(rows);
    expect(sorted.map((r) => r.open)).toEqual(["09:00", "12:00"]);
    const result = storeFormSchema.safeParse(withMonday(storeFormValuesOf(DEFAULT_SETTINGS), sorted));
    expect(issuesOf(result)).toEqual(["hours.mon.1: overlaps 09:00–13:00"]);
    // A row without an opening time yet stays where the admin put it.
    const unfinished = [rows[0], { open: "", close: "", untilMidnight: false }, rows[1]];
    expect(sortedRanges(unfinished)).toBe(unfinished);
  });

  it("shows a server 400's field at its input, its row, its day or above the button", () => {
    // Each server field, and where the form shows it (undefined: above the button).
    const fields = ["hours.mon.1.close", "hours.sun.0", "hours.wed", "closedDates.3", "prepMinutes", "hours.holiday", "hours", undefined];
    const shownAt = ["hours.mon.1.close", "hours.sun.0", "hours.wed.root", "closedDates.3", "prepMinutes", undefined, undefined, undefined];
    expect(fields.map((f) => storeFieldOf(f))).toStrictEqual(shownAt);

    // And the input that takes the focus: a row's opening time; none for a day or a date.
    const focused = ["hours.sun.0", "hours.mon.1.close", "hours.wed.root", "closedDates.3"].map((p) => storeFocusOf(p));
    expect(focused).toStrictEqual(["hours.sun.0.open", "hours.mon.1.close", undefined, undefined]);
  });
});

const KORAMANGALA: DeliveryArea = {
  id: "c000000000000000000000001",
  name: "Koramangala",
  pins: ["560034", "560095"],
  fee: 30,
  minimumOrder: 199,
  freeDeliveryFrom: 499,
};

const area = (values: Partial<AreaFormValues>): AreaFormValues => ({ ...newArea(), ...values });

describe("the delivery areas form", () => {
  it("shows a saved area and sends it back unchanged, blank free delivery as never", () => {
    const values = areaValuesOf(KORAMANGALA);
    expect(values).toEqual({
      id: KORAMANGALA.id,
      name: "Koramangala",
      pins: "560034, 560095",
      fee: "30",
      minimumOrder: "199",
      freeDeliveryFrom: "499",
    });
    const sent = areasFormSchema.parse({ areas: [values, area({ name: "Indiranagar", pins: "5600 560038", fee: "40" })] }).areas;
    expect(sent).toEqual([
      KORAMANGALA,
      { name: "Indiranagar", pins: ["5600", "560038"], fee: 40, minimumOrder: 0, freeDeliveryFrom: null },
    ]);
    expect(deliveryAreasSchema.parse(sent)).toEqual(sent);
  });

  it("splits the patterns at commas and spaces", () => {
    expect(pinsOf(" 560034,5600  560001 ,\n56")).toEqual(["560034", "5600", "560001", "56"]);
    expect(pinsOf("  ")).toEqual([]);
  });

  it("shows the API's refusals at the area's boxes, naming the pattern", () => {
    const twice = [
      area({ name: "Koramangala", pins: "560034", fee: "30" }),
      area({ name: "HSR Layout", pins: "560102, 560034", fee: "30" }),
    ];
    expect(issuesOf(areasFormSchema.safeParse({ areas: twice }))).toEqual(["areas.1.pins: 560034 is already in Koramangala"]);

    const wrong = [area({ name: " ", pins: "56003x", fee: "", freeDeliveryFrom: "lots" })];
    expect(issuesOf(areasFormSchema.safeParse({ areas: wrong }))).toEqual([
      "areas.0.name: name is required",
      "areas.0.pins: 56003x: must be a 6-digit PIN code or a prefix of 2 to 5 digits",
      "areas.0.fee: must be a whole number from 0 to 1000",
      "areas.0.freeDeliveryFrom: must be a whole number from 0 to 100000",
    ]);

    expect(issuesOf(areasFormSchema.safeParse({ areas: [area({ name: "Whitefield", fee: "0" })] }))).toEqual([
      "areas.0.pins: must list at least one PIN code or prefix",
    ]);
  });

  it("shows a server 400's field at the area's box", () => {
    const areas = [area({ name: "Koramangala", pins: "560034" }), area({ name: "HSR Layout", pins: "560102, 560034" })];
    expect(areaFieldOf("1.pins.1", "560034 is already in Koramangala", areas)).toEqual({
      path: "areas.1.pins",
      message: "560034 is already in Koramangala",
    });
    expect(areaFieldOf("1.pins.0", "must be a 6-digit PIN code or a prefix of 2 to 5 digits", areas).message).toBe(
      "560102: must be a 6-digit PIN code or a prefix of 2 to 5 digits",
    );
    expect(areaFieldOf("0.fee", "must be a whole number from 0 to 1000", areas).path).toBe("areas.0.fee");
    expect(areaFieldOf("0.id", "must be at most 64 characters", areas).path).toBe("areas.0.name");
    expect(areaFieldOf("7.name", "name is required", areas).path).toBeUndefined();
    expect(areaFieldOf(undefined, "Request body must be JSON.", areas).path).toBeUndefined();
  });
});
