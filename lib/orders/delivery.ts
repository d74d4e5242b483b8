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

/** The next SLOTS_PER_TRY of `slots` (fewer at their end). */
function nextBatch(slots: Iterator<SlotSpan>): SlotSpan[] {
  const batch: SlotSpan[] = [];
  for (let next = slots.next(); !next.done; next = slots.next()) {
    batch.push(next.value);
    if (batch.length === SLOTS_PER_TRY) break;
  }
  return batch;
}

/** The first of `slots` (in order) with room, tried a batch at a time; null when all are full. */
async function firstOpenWithRoom(client: PoolClient, slots: Iterator<SlotSpan>, capacity: number): Promise<SlotSpan | null> {
  for (;;) {
    const batch = nextBatch(slots);
    if (batch.length === 0) return null;
    const slot = await firstWithRoom(client, batch, capacity);
    if (slot) return slot;
  }
}

/** ASAP's slots in time order, from the one starting at `from` on (all of them without it). */
function* asapSlotsFrom(store: Store, now: Date, from: Date | undefined): Generator<SlotSpan> {
  for (const slot of eachAsapSlot(store.settings, now)) if (!from || slot.start >= from) yield slot;
}

/** The slots an order may take, before it counts which have room (pickSlot finishes the pick). */
export type SlotPlan = {
  /** The first slots to count, in order: the order's read inside its transaction counts these. */
  first: SlotSpan[];
  /** ASAP: the slots after `first`, counted when all of those are full. */
  rest: Iterator<SlotSpan> | null;
  scheduled: boolean;
  /** A refusal known from the time alone (closed, invalid_slot), thrown in its turn by pickSlot. */
  refusal: Error | null;
};

/**
 * Which slots an order placed at `now` for `deliverAt` may take: ASAP the slots in time order
 * while open and not paused (from `from` on, when an earlier pick was filled before the write took
 * it), else the chosen slot (taken while closed or paused too). Refusals: closed (409, with
 * nextOpenAt), invalid_slot (400).
 */
export function planSlot(store: Store, deliverAt: DeliverAt, now: Date, from?: Date): SlotPlan {
  if (deliverAt === "asap") {
    if (!isOpen(store, now)) {
      const opens = nextOpenAt(store, now)?.toISOString() ?? null;
      const paused = store.pause && { until: store.pause.until?.toISOString() ?? null, reason: store.pause.reason };
      const refusal = new Conflict(closedMessage({ paused, nextOpenAt: opens }, now), { nextOpenAt: opens }, "closed");
      return { first: [], rest: null, scheduled: false, refusal };
    }
    const slots = asapSlotsFrom(store, now, from);
    return { first: nextBatch(slots), rest: slots, scheduled: false, refusal: null };
  }
  const chosen = schedulableSlotAt(store.settings, now, deliverAt);
  if (!chosen) return { first: [], rest: null, scheduled: true, refusal: new Invalid(INVALID_SLOT_MESSAGE, "deliverAt", "invalid_slot") };
  return { first: [chosen], rest: null, scheduled: true, refusal: null };
}

/**
 * The order's slot, as this transaction reads the slots now: `counted` is the first of
 * `plan.first` with room (null: all full); ASAP goes on counting the later slots. Refusals: the
 * plan's, fully_booked (409), slot_full (409).
 */
export async function pickSlot(client: PoolClient, store: Store, plan: SlotPlan, counted: SlotSpan | null): Promise<PickedSlot> {
  if (plan.refusal) throw plan.refusal;
  const { ordersPerSlot, daysAhead } = store.settings;
  const slot = counted ?? (plan.rest && (await firstOpenWithRoom(client, plan.rest, ordersPerSlot)));
  if (slot) return { slot, scheduled: plan.scheduled };
  if (plan.scheduled) throw new Conflict(SLOT_FULL_MESSAGE, { field: "deliverAt" }, "slot_full");
  throw new Conflict(fullyBookedMessage(daysAhead), {}, "fully_booked");
}
