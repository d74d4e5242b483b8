import { z } from "zod";
import type { OrderStatus } from "@/lib/orders/status";

// Running late (product.md §9): an admin moves an active order's promise later by a few minutes.
// The rules the API, the kitchen's buttons and the tests share (client-safe).

const DELAY_MINUTES_MIN = 5;
const DELAY_MINUTES_MAX = 120;

/** The kitchen ticket's buttons: `+10 min`, `+20 min`. */
export const KITCHEN_DELAYS = [10, 20] as const;

/** The statuses whose promise may still move: placed and not yet delivered or cancelled. */
export const DELAYABLE_STATUSES = ["pending", "confirmed", "preparing", "out_for_delivery"] as const satisfies readonly OrderStatus[];

export function isDelayable(status: OrderStatus): boolean {
  return (DELAYABLE_STATUSES as readonly OrderStatus[]).includes(status);
}

const DELAY_MESSAGE = `must be a whole number of minutes from ${DELAY_MINUTES_MIN} to ${DELAY_MINUTES_MAX}`;

/** PATCH /api/orders/{id} `{delayMinutes}` (admins). */
export const orderDelaySchema = z.object({
  delayMinutes: z
    .number({ error: DELAY_MESSAGE })
    .int(DELAY_MESSAGE)
    .min(DELAY_MINUTES_MIN, DELAY_MESSAGE)
    .max(DELAY_MINUTES_MAX, DELAY_MESSAGE),
});

/** The history step's note: "delayed 15 min". */
export const delayNote = (minutes: number) => `delayed ${minutes} min`;
