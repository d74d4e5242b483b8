import { z } from "zod";
import { printable } from "@/lib/validation";
import { isDateKey } from "@/lib/time";
import { minuteOf } from "@/lib/store/rules";
import { SLOT_LENGTHS, WEEKDAYS, type OpeningRange } from "@/lib/store/types";

// zod schemas of §9's settings, pause and delivery areas: shared by /admin/settings's forms and
// the API, so both refuse the same input with the same messages.

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

const rangeSchema = z
  .object({
    open: z.string({ error: "must be a time HH:MM" }).trim().regex(CLOCK, "must be a time from 00:00 to 23:59"),
    close: z
      .string({ error: "must be a time HH:MM" })
      .trim()
      .refine((v) => CLOCK.test(v) || v === "24:00", "must be a time from 00:01 to 24:00"),
  })
  .refine((r) => minuteOf(r.close) > minuteOf(r.open), { path: ["close"], message: "must be after the opening time" });

const byOpening = (a: OpeningRange, b: OpeningRange) => minuteOf(a.open) - minuteOf(b.open);

/** One day's ranges: none (closed that weekday) or several that do not overlap, sorted. */
const dayRangesSchema = z
  .array(rangeSchema, { error: "must be a list of {open, close} ranges" })
  .max(12, "must have at most 12 ranges a day")
  .superRefine((ranges: OpeningRange[], ctx) => {
    // The refusal names the range as the admin sent it (hours.mon.1), whatever order they came in.
    const sorted = ranges.map((range, index) => ({ range, index })).sort((a, b) => byOpening(a.range, b.range));
    for (let i = 1; i < sorted.length; i++) {
      const [before, range] = [sorted[i - 1].range, sorted[i].range];
      if (minuteOf(range.open) < minuteOf(before.close)) {
        ctx.addIssue({ code: "custom", path: [sorted[i].index], message: `overlaps ${before.open}–${before.close}` });
      }
    }
  })
  .transform((ranges) => [...ranges].sort(byOpening));

const hoursSchema = z.partialRecord(z.enum(WEEKDAYS, { error: "days are mon, tue, wed, thu, fri, sat and sun" }), dayRangesSchema, {
  error: "must be an object of weekdays (mon…sun)",
});

const closedDatesSchema = z
  .array(z.string({ error: "must be a date YYYY-MM-DD" }).trim().refine(isDateKey, "must be a date YYYY-MM-DD"), {
    error: "must be a list of dates YYYY-MM-DD",
  })
  .max(366, "must have at most 366 dates")
  .transform((dates) => [...new Set(dates)].sort());

const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int(`must be a whole number from ${min} to ${max}`)
    .min(min, `must be a whole number from ${min} to ${max}`)
    .max(max, `must be a whole number from ${min} to ${max}`);

/** PUT /api/store: any subset of the settings; a day left out of `hours` keeps its ranges. */
export const storeSettingsPatchSchema = z.object(
  {
    hours: hoursSchema.optional(),
    closedDates: closedDatesSchema.optional(),
    slotMinutes: z
      .number({ error: "must be 15, 20, 30 or 60" })
      .refine((v): v is (typeof SLOT_LENGTHS)[number] => (SLOT_LENGTHS as readonly number[]).includes(v), "must be 15, 20, 30 or 60")
      .optional(),
    ordersPerSlot: wholeNumber(1, 1000).optional(),
    prepMinutes: wholeNumber(5, 240).optional(),
    daysAhead: wholeNumber(0, 7).optional(),
  },
  { error: "Request body must be an object of settings" },
);

export type StoreSettingsPatch = z.output<typeof storeSettingsPatchSchema>;

const reasonSchema = z
  .union([printable("reason", 200), z.literal("").transform(() => null), z.null()])
  .optional()
  .transform((v) => v ?? null);

/** POST /api/store/pause: for `minutes` (5–1440), or until reopened when left out. */
export const pauseSchema = z.object(
  {
    minutes: wholeNumber(5, 1440).nullable().optional(),
    reason: reasonSchema,
  },
  { error: "Request body must be an object" },
);

export type PauseInput = z.output<typeof pauseSchema>;

/** A 6-digit PIN code or a prefix of 2–5 digits ("5600" serves 560001–560099). */
const pinPatternSchema = z
  .string({ error: "must be a 6-digit PIN code or a prefix of 2 to 5 digits" })
  .trim()
  .regex(/^\d{2,6}$/, "must be a 6-digit PIN code or a prefix of 2 to 5 digits");

const areaSchema = z.object({
  id: z.string().trim().max(64).optional(),
  name: printable("name", 100),
  pins: z
    .array(pinPatternSchema, { error: "must be a list of PIN codes and prefixes" })
    .min(1, "must list at least one PIN code or prefix")
    .max(500, "must have at most 500 PIN codes and prefixes")
    .transform((pins) => [...new Set(pins)]),
  fee: wholeNumber(0, 1000),
  minimumOrder: wholeNumber(0, 100_000).default(0),
  freeDeliveryFrom: wholeNumber(0, 100_000).nullable().default(null),
});

/** PUT /api/delivery-areas: the whole list; a pattern may belong to one area only. */
export const deliveryAreasSchema = z
  .array(areaSchema, { error: "Request body must be a list of delivery areas" })
  .max(200, "must have at most 200 delivery areas")
  .superRefine((areas, ctx) => {
    const owner = new Map<string, number>();
    areas.forEach((area, a) =>
      area.pins.forEach((pin, p) => {
        const other = owner.get(pin);
        if (other !== undefined && other !== a) {
          ctx.addIssue({ code: "custom", path: [a, "pins", p], message: `${pin} is already in ${areas[other].name}` });
        }
        owner.set(pin, a);
      }),
    );
    const ids = new Set<string>();
    areas.forEach((area, a) => {
      if (area.id === undefined || area.id === "") return;
      if (ids.has(area.id)) ctx.addIssue({ code: "custom", path: [a, "id"], message: "another area has this id" });
      ids.add(area.id);
    });
    const names = new Set<string>();
    areas.forEach((area, a) => {
      const key = area.name.toLowerCase();
      if (names.has(key)) ctx.addIssue({ code: "custom", path: [a, "name"], message: `another area is already called ${area.name}` });
      names.add(key);
    });
  });

export type DeliveryAreasInput = z.output<typeof deliveryAreasSchema>;

/** A customer's 6-digit PIN code (GET /api/delivery-areas/check?pin=). */
export const pinSchema = z.object({
  pin: z
    .string({ error: "pin must be a 6-digit PIN code" })
    .trim()
    .regex(/^\d{6}$/, "pin must be a 6-digit PIN code"),
});

/** GET /api/slots?date=YYYY-MM-DD (default: today). */
export const slotsQuerySchema = z.object({
  date: z.string().trim().refine(isDateKey, "date must be a date YYYY-MM-DD").optional(),
});

/**
 * An order's `deliverAt`: "asap" (the default) or the start of a slot, ISO 8601 with an offset or
 * Z. Any other text reads as no instant at all, which no slot starts at: 400 invalid_slot, after
 * the checks §9 makes first.
 */
const isoInstant = z.iso.datetime({ offset: true });
/** ISO 8601 also writes a time to the minute: `2026-11-27T12:30+05:30`. */
const isoMinute = z.iso.datetime({ offset: true, precision: -1 });

export const deliverAtSchema = z
  .string({ error: 'deliverAt must be "asap" or the start of a delivery slot' })
  .trim()
  .max(64, 'deliverAt must be "asap" or the start of a delivery slot')
  .transform((v): "asap" | Date => {
    if (v.toLowerCase() === "asap") return "asap";
    return isoInstant.safeParse(v).success || isoMinute.safeParse(v).success ? new Date(v) : new Date(Number.NaN);
  })
  .default("asap");

export type DeliverAt = z.output<typeof deliverAtSchema>;
