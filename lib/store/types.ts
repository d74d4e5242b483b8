// Shapes of the shop's hours, slots and delivery areas (product.md §9) that the API, the pages
// and the browser share. Client-safe: types and constants only.

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Each day's name as the settings form and /policies say it. */
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

export const SLOT_LENGTHS = [15, 20, 30, 60] as const;
export type SlotMinutes = (typeof SLOT_LENGTHS)[number];

/** An opening range of one day, `"HH:MM"` India time; `close` may be `"24:00"`. */
export type OpeningRange = { open: string; close: string };

export type OpeningHours = Record<Weekday, OpeningRange[]>;

/** What an admin sets at /admin/settings and through PUT /api/store. */
export type StoreSettings = {
  hours: OpeningHours;
  /** Holidays, `YYYY-MM-DD` (India dates), sorted. */
  closedDates: string[];
  slotMinutes: SlotMinutes;
  ordersPerSlot: number;
  /** From placing to the earliest delivery. */
  prepMinutes: number;
  /** How many days after today orders may be scheduled (0: today only). */
  daysAhead: number;
};

/** A pause of new ASAP orders; `until` null: until an admin reopens. Times are ISO. */
export type StorePause = { until: string | null; reason: string | null };

/** GET /api/store: the settings and the shop's state now. */
export type StoreState = StoreSettings & {
  timezone: string;
  /** Inside its hours, not a closed date and not paused: ASAP orders are taken. */
  open: boolean;
  paused: StorePause | null;
  /** When ASAP orders are next taken; null while open, or paused until reopened. */
  nextOpenAt: string | null;
  asap: { available: true; promisedBy: string } | { available: false };
};

/** A delivery area: PIN codes (6 digits) and prefixes (2–5 digits), fees in rupees. */
export type DeliveryArea = {
  id: string;
  name: string;
  pins: string[];
  fee: number;
  minimumOrder: number;
  /** A subtotal from which delivery is free; null: never free. */
  freeDeliveryFrom: number | null;
};

/** GET /api/delivery-areas/check. */
export type DeliveryCheck = { pin: string; delivers: true; area: Omit<DeliveryArea, "pins"> } | { pin: string; delivers: false };

/** One slot of GET /api/slots (ISO instants). */
export type SlotOffer = { start: string; end: string; available: boolean };

/** Where an order's delivery falls: a slot (ISO instants). */
export type DeliverySlot = { start: string; end: string };
