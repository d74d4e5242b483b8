import "server-only";
import type { PoolClient } from "pg";
import { env } from "@/lib/env";
import { Conflict, Invalid } from "@/lib/errors";
import { areaForPin, deliveryFeeFor } from "@/lib/store/areas";
import { eachAsapSlot, schedulableSlotAt, type SlotSpan } from "@/lib/store/rules";
import type { DeliverAt } from "@/lib/store/schema";
import { bookSlot } from "@/lib/store/slots";
import { isOpen, nextOpenAt } from "@/lib/store/state";
import type { Store } from "@/lib/store/settings";
import type { DeliveryArea } from "@/lib/store/types";
import {
  INVALID_SLOT_MESSAGE,
  SLOT_FULL_MESSAGE,
  belowMinimumMessage,
  closedMessage,
  fullyBookedMessage,
  notDeliveringMessage,
} from "@/lib/store/words";

// Where and when an order is delivered (product.md §9), checked in the contract's order: the PIN
// is served, the subtotal reaches the area's minimum, then the time, which takes the order's
// place in a slot on its own transaction.

/** The area serving `zip` (null while no areas are defined); 400 not_delivering otherwise. */
export function deliveryAreaFor(areas: DeliveryArea[], zip: string): DeliveryArea | null {
  if (areas.length === 0) return null;
  const area = areaForPin(areas, zip);
  if (!area) throw new Invalid(notDeliveringMessage(zip), "address.zip", "not_delivering");
  return area;
}

/** The delivery fee for `subtotal`, after 400 below_minimum when it does not reach the area's minimum. */
export function deliveryFeeOf(area: DeliveryArea | null, subtotal: number): number {
  if (area && subtotal < area.minimumOrder) {
    throw new Invalid(belowMinimumMessage(area.name, area.minimumOrder), "items", "below_minimum");
  }
  return deliveryFeeFor(area, subtotal, env().DELIVERY_FEE);
}

export type TakenSlot = { slot: SlotSpan; scheduled: boolean };

/** How many slots one booking statement tries: enough for a busy evening, few enough to send cheaply. */
const SLOTS_PER_TRY = 12;

/** The first of `slots` (in order) with room, tried a batch at a time; null when all are full. */
async function bookFirstWithRoom(client: PoolClient, slots: Iterator<SlotSpan>, capacity: number): Promise<SlotSpan | null> {
  for (;;) {
    const batch: SlotSpan[] = [];
    for (let next = slots.next(); !next.done; next = slots.next()) {
      batch.push(next.value);
      if (batch.length === SLOTS_PER_TRY) break;
    }
    if (batch.length === 0) return null;
    const slot = await bookSlot(client, batch, capacity);
    if (slot) return slot;
  }
}

/**
 * Takes the order's place: ASAP the earliest slot with room while open and not paused, else the
 * chosen slot (taken while closed or paused too). Refusals: closed (409, with nextOpenAt),
 * fully_booked (409), invalid_slot (400), slot_full (409).
 */
export async function takeSlot(client: PoolClient, store: Store, deliverAt: DeliverAt, now: Date): Promise<TakenSlot> {
  const { settings } = store;
  if (deliverAt === "asap") {
    if (!isOpen(store, now)) {
      const opens = nextOpenAt(store, now)?.toISOString() ?? null;
      const paused = store.pause && { until: store.pause.until?.toISOString() ?? null, reason: store.pause.reason };
      throw new Conflict(closedMessage({ paused, nextOpenAt: opens }, now), { nextOpenAt: opens }, "closed");
    }
    const slot = await bookFirstWithRoom(client, eachAsapSlot(settings, now), settings.ordersPerSlot);
    if (!slot) throw new Conflict(fullyBookedMessage(settings.daysAhead), {}, "fully_booked");
    return { slot, scheduled: false };
  }
  const chosen = schedulableSlotAt(settings, now, deliverAt);
  if (!chosen) throw new Invalid(INVALID_SLOT_MESSAGE, "deliverAt", "invalid_slot");
  const slot = await bookSlot(client, [chosen], settings.ordersPerSlot);
  if (!slot) throw new Conflict(SLOT_FULL_MESSAGE, { field: "deliverAt" }, "slot_full");
  return { slot, scheduled: true };
}
