import { formatIndiaTime } from "@/lib/time";
import type { KitchenTicket } from "@/lib/orders/kitchen-rules";

// How a ticket stands against its promise (product.md §7, §9), and when a scheduled order leaves
// `Later` for its column: pure functions of the ticket and the clock, shared by the display and
// the tests (client-safe).

/** Within this many minutes of its promise a ticket turns amber. */
export const DUE_SOON_MINUTES = 10;

export type Urgency = "normal" | "amber" | "red";

export type PromiseStanding = {
  urgency: Urgency;
  /** The state in words, for those who cannot tell the colours: "Due in 8 min", "Due now", "Late by 5 min"; null while not urgent. */
  words: string | null;
};

const MINUTE_MS = 60_000;

/**
 * Amber from DUE_SOON_MINUTES before the promise until it, red once it has passed. Minutes are
 * counted up: 30 seconds left reads "Due in 1 min", 30 seconds past "Late by 1 min". A delivery on
 * its way is still measured: the promise is to the customer's door.
 */
export function promiseStanding(promisedBy: string, now: number): PromiseStanding {
  const left = Date.parse(promisedBy) - now;
  if (left < 0) return { urgency: "red", words: `Late by ${Math.ceil(-left / MINUTE_MS)} min` };
  const minutes = Math.ceil(left / MINUTE_MS);
  if (minutes > DUE_SOON_MINUTES) return { urgency: "normal", words: null };
  return { urgency: "amber", words: minutes === 0 ? "Due now" : `Due in ${minutes} min` };
}

/** "by 1:45 pm": the promise on the ticket, India time. */
export const promiseText = (promisedBy: string) => `by ${formatIndiaTime(promisedBy)}`;

/** When a scheduled order's ticket joins its column (ms): its slot starts within the preparation time. */
export function dueAt(ticket: Pick<KitchenTicket, "deliverySlot">, prepMinutes: number): number {
  return Date.parse(ticket.deliverySlot.start) - prepMinutes * MINUTE_MS;
}

/** The earliest moment one of `later` is due (ms), or null when none waits. */
export function nextDueAt(later: readonly Pick<KitchenTicket, "deliverySlot">[], prepMinutes: number): number | null {
  return later.reduce<number | null>((soonest, t) => {
    const at = dueAt(t, prepMinutes);
    return soonest === null || at < soonest ? at : soonest;
  }, null);
}
