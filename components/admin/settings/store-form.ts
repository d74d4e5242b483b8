import { z } from "zod";
import { storeSettingsPatchSchema } from "@/lib/store/schema";
import { WEEKDAYS, type OpeningHours, type OpeningRange, type StoreSettings } from "@/lib/store/types";
import { numberText } from "@/components/admin/settings/form-text";

// /admin/settings's form of hours, closed dates and slots <-> PUT /api/store (client-safe, pure).
// The form holds what its inputs hold (a time box cannot say "24:00", so a close at midnight is a
// checkbox; numbers are text); each part is turned into the API's shape and then checked by the
// API's own schema, so the browser and the server refuse the same input with the same message at
// the same path (hours.mon.1.close, closedDates.0, prepMinutes).

export type RangeFormValues = { open: string; close: string; untilMidnight: boolean };

const MIDNIGHT = "24:00";

/** A form row as the API's range: "until midnight", or a close typed as 00:00 (nothing closes before it opens), is "24:00". */
export function rangeOf({ open, close, untilMidnight }: RangeFormValues): OpeningRange {
  const end = close.trim();
  return { open: open.trim(), close: untilMidnight || end === "00:00" ? MIDNIGHT : end };
}

/** The form row of an API range. */
function rangeValuesOf({ open, close }: OpeningRange): RangeFormValues {
  return close === MIDNIGHT ? { open, close: "", untilMidnight: true } : { open, close, untilMidnight: false };
}

/** A new, empty range: the admin types both times. */
export const newRange = (): RangeFormValues => ({ open: "", close: "", untilMidnight: false });

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A day's rows in time order, as the API keeps them (and a reload shows them): sorting before
 * saving makes the API's "overlaps …" path (hours.mon.1, counted in time order) the row shown
 * second. Rows whose opening time is not a time yet stay where they are.
 */
export function sortedRanges(rows: RangeFormValues[]): RangeFormValues[] {
  if (!rows.every((r) => CLOCK.test(r.open.trim()))) return rows;
  return [...rows].sort((a, b) => a.open.trim().localeCompare(b.open.trim()));
}

const dayText = z.array(z.object({ open: z.string(), close: z.string(), untilMidnight: z.boolean() }).transform(rangeOf));

const shape = storeSettingsPatchSchema.shape;

export const storeFormSchema = z.object({
  hours: z
    .object({ mon: dayText, tue: dayText, wed: dayText, thu: dayText, fri: dayText, sat: dayText, sun: dayText })
    // The API takes any subset of the weekdays; the form always sends all seven.
    .pipe(shape.hours.unwrap() as z.ZodType<OpeningHours, OpeningHours>),
  closedDates: z.array(z.string()).pipe(shape.closedDates.unwrap()),
  slotMinutes: numberText.pipe(shape.slotMinutes.unwrap()),
  ordersPerSlot: numberText.pipe(shape.ordersPerSlot.unwrap()),
  prepMinutes: numberText.pipe(shape.prepMinutes.unwrap()),
  daysAhead: numberText.pipe(shape.daysAhead.unwrap()),
});

/** What the form's inputs hold. */
export type StoreFormValues = z.input<typeof storeFormSchema>;

/** What the form sends to PUT /api/store: every setting, already checked by the API's rules. */
export type StoreForm = z.output<typeof storeFormSchema>;

/** The form's values for the settings the shop runs on. */
export function storeFormValuesOf(settings: StoreSettings): StoreFormValues {
  const hours = Object.fromEntries(WEEKDAYS.map((day) => [day, settings.hours[day].map(rangeValuesOf)])) as StoreFormValues["hours"];
  return {
    hours,
    closedDates: [...settings.closedDates].sort(),
    slotMinutes: String(settings.slotMinutes),
    ordersPerSlot: String(settings.ordersPerSlot),
    prepMinutes: String(settings.prepMinutes),
    daysAhead: String(settings.daysAhead),
  };
}

const DAY = WEEKDAYS.join("|");
const PLAIN = new Set(["slotMinutes", "ordersPerSlot", "prepMinutes", "daysAhead", "closedDates"]);

/**
 * Where a PUT /api/store 400's `field` is shown: the input itself (hours.mon.1.close), the row
 * (hours.mon.1: overlapping ranges), the day (hours.mon: too many ranges), the closed date or the
 * list of them; undefined for anything else (the form shows that above its button).
 */
export function storeFieldOf(field: string | undefined): string | undefined {
  if (!field) return undefined;
  if (PLAIN.has(field) || /^closedDates\.\d+$/.test(field)) return field;
  if (new RegExp(`^hours\\.(${DAY})\\.\\d+(\\.(open|close))?$`).test(field)) return field;
  if (new RegExp(`^hours\\.(${DAY})$`).test(field)) return `${field}.root`;
  return undefined;
}

/** The input to focus for an error at `path` (a row's error: its opening time); undefined when the error is not at an input. */
export function storeFocusOf(path: string): string | undefined {
  if (/\.root$/.test(path) || path === "closedDates" || /^closedDates\./.test(path)) return undefined;
  return /^hours\.\w+\.\d+$/.test(path) ? `${path}.open` : path;
}
