import "server-only";
import type { PoolClient } from "pg";
import { env } from "@/lib/env";
import { Conflict, Invalid } from "@/lib/errors";
import { areaForPin, deliveryFeeFor } from "@/lib/store/areas";
import { eachAsapSlot, schedulableSlotAt, type SlotSpan } from "@/lib/store/rules";
import type { DeliverAt } from "@/lib/store/schema";
import { firstWithRoom } from "@/lib/store/slots";
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
// is served, the subtotal reaches the area's minimum, then the time, which picks the order's slot
// on its own transaction (the order's write then takes the place, lib/store/slots.ts).

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

export type PickedSlot = { slot: SlotSpan; scheduled: boolean };

/** How many slots one count tries: enough for a busy evening, few enough to send cheaply. */
const SLOTS_PER_TRY = 12;

/** The first of `slots` (in order) with room, tried a batch at a time; null when all are full. */
async function firstOpenWithRoom(client: PoolClient, slots: Iterator<SlotSpan>, capacity: number): Promise<SlotSpan | null> {
  for (;;) {
    const batch: SlotSpan[] = [];
    for (let next = slots.next(); !next.done; next = slots.next()) {
      batch.push(next.value);
      if (batch.length === SLOTS_PER_TRY) break;
    }
    if (batch.length === 0) return null;
    const slot = await firstWithRoom(client, batch, capacity);
    if (slot) return slot;
  }
}

/** ASAP's slots in time order, from the one starting at `from` on (all of them without it). */
function* asapSlotsFrom(store: Store, now: Date, from: Date | undefined): Generator<SlotSpan> {
  for (const slot of eachAsapSlot(store.settings, now)) if (!from || slot.start >= from) yield slot;
}

/**
 * Picks the order's slot, as this transaction reads the slots now: ASAP the earliest slot with
 * room while open and not paused (from `from` on, when an earlier pick was filled before the
 * write took it), else the chosen slot (taken while closed or paused too). Refusals: closed (409,
 * with nextOpenAt), fully_booked (409), invalid_slot (400), slot_full (409).
 */
export async function pickSlot(client: PoolClient, store: Store, deliverAt: DeliverAt, now: Date, from?: Date): Promise<PickedSlot> {
  const { settings } = store;
  if (deliverAt === "asap") {
    if (!isOpen(store, now)) {
      const opens = nextOpenAt(store, now)?.toISOString() ?? null;
      const paused = store.pause && { until: store.pause.until?.toISOString() ?? null, reason: store.pause.reason };
      throw new Conflict(closedMessage({ paused, nextOpenAt: opens }, now), { nextOpenAt: opens }, "closed");
    }
    const slot = await firstOpenWithRoom(client, asapSlotsFrom(store, now, from), settings.ordersPerSlot);
    if (!slot) throw new Conflict(fullyBookedMessage(settings.daysAhead), {}, "fully_booked");
    return { slot, scheduled: false };
  }
  const chosen = schedulableSlotAt(settings, now, deliverAt);
  if (!chosen) throw new Invalid(INVALID_SLOT_MESSAGE, "deliverAt", "invalid_slot");
  const slot = await firstWithRoom(client, [chosen], settings.ordersPerSlot);
  if (!slot) throw new Conflict(SLOT_FULL_MESSAGE, { field: "deliverAt" }, "slot_full");
  return { slot, scheduled: true };
}
