import "server-only";
import { randomInt, timingSafeEqual } from "node:crypto";
import type { OrderRow } from "@/lib/orders/rows";

// The handover code (product.md §12): 4 digits from the operating system's cryptographic
// randomness, made when the order is placed; the customer gives it to the rider at the door.

/** Wrong codes an order takes; the next try is refused until an admin marks it delivered. */
export const HANDOVER_ATTEMPTS = 5;

/** What a newly placed order carries beside its own columns: its code, and no rider yet. */
export function newHandover(): Pick<OrderRow, "handoverCode" | "handoverAttempts" | "riderId" | "rider" | "collectedById"> {
  return {
    handoverCode: String(randomInt(0, 10_000)).padStart(4, "0"),
    handoverAttempts: 0,
    riderId: null,
    rider: null,
    collectedById: null,
  };
}

/** Whether `given` is the order's code, compared in constant time. */
export function isHandoverCode(stored: string, given: string): boolean {
  const [a, b] = [Buffer.from(stored), Buffer.from(given)];
  return a.length === b.length && timingSafeEqual(a, b);
}
