import { formatRupees } from "@/lib/money";
import { formatIndiaDay, formatIndiaSpan, formatIndiaTime, relativeIndiaDay } from "@/lib/time";
import type { DeliverySlot, StoreState } from "@/lib/store/types";

// What the shop says about where and when it delivers (product.md §9), once, for the API's
// refusals, the pages and the mails. Client-safe.

export const notDeliveringMessage = (pin: string) => `We don't deliver to ${pin} yet.`;

export const belowMinimumMessage = (areaName: string, minimum: number) =>
  `Orders for delivery to ${areaName} start at ${formatRupees(minimum)}. Please add a little more.`;

/** "11:00 am tomorrow", "9:30 am on Mon 30 Nov". */
export const opensWords = (at: Date | string, now: Date) => `${formatIndiaTime(at)} ${relativeIndiaDay(at, now)}`;

/** The refusal of an ASAP order while closed or paused. */
export function closedMessage(
  state: { paused: { until: string | null; reason: string | null } | null; nextOpenAt: string | null },
  now: Date,
): string {
  if (state.paused) {
    const why = state.paused.reason ? `: ${state.paused.reason}` : "";
    const back = state.nextOpenAt ? ` We take orders again from ${opensWords(state.nextOpenAt, now)}.` : "";
    return `We have paused new orders for now${why}.${back} You can still schedule an order for later.`;
  }
  const opens = state.nextOpenAt ? ` We open at ${opensWords(state.nextOpenAt, now)}.` : "";
  return `We're closed right now.${opens} You can still schedule an order for later.`;
}

export const fullyBookedMessage = (daysAhead: number) =>
  daysAhead === 0
    ? "We're fully booked for today. Please try again tomorrow."
    : `We're fully booked for the next ${daysAhead + 1} days. Please try again later.`;

export const INVALID_SLOT_MESSAGE = "Please choose one of the delivery slots offered.";

export const SLOT_FULL_MESSAGE = "That delivery slot has just filled up. Please choose another.";

/** The header's and landing page's line: "Open · delivering by 1:45 pm", "Closed · opens 11:00 am tomorrow", "Paused: …". */
export function storeStateWords(state: Pick<StoreState, "open" | "paused" | "nextOpenAt" | "asap">, now: Date): string {
  if (state.paused) return `Paused: ${state.paused.reason ?? "the kitchen is catching up"}`;
  if (state.open) {
    return state.asap.available ? `Open · delivering by ${byWords(state.asap.promisedBy, now)}` : "Open · fully booked for now";
  }
  return state.nextOpenAt ? `Closed · opens ${opensWords(state.nextOpenAt, now)}` : "Closed";
}

/**
 * "1:45 pm", or "11:30 am tomorrow" when the promise falls on another day (near closing time, the
 * earliest slot with room may be the next opening's).
 */
function byWords(at: Date | string, now: Date): string {
  const day = relativeIndiaDay(at, now);
  return day === "today" ? formatIndiaTime(at) : `${formatIndiaTime(at)} ${day}`;
}

/** "As soon as possible (by 1:45 pm)"; "(by 11:30 am tomorrow)" when not today. */
export const asapChoiceWords = (promisedBy: string, now: Date = new Date()) => `As soon as possible (by ${byWords(promisedBy, now)})`;

/** "Fri 27 Nov, 12:30–1:00 pm". */
export const slotWords = (slot: DeliverySlot) => `${formatIndiaDay(slot.start)}, ${formatIndiaSpan(slot.start, slot.end)}`;

/** The promise an order page, the success page and the mails make. */
export function promiseWords(
  order: { scheduled: boolean; deliverySlot: DeliverySlot; promisedBy: string },
  now: Date = new Date(),
): string {
  if (order.scheduled && order.promisedBy === order.deliverySlot.end) return `Scheduled for ${slotWords(order.deliverySlot)}`;
  return `Arriving by ${byWords(order.promisedBy, now)}`;
}
