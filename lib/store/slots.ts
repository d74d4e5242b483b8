import "server-only";
import type { PoolClient } from "pg";
import { pool } from "@/lib/db";
import { namedStatement } from "@/lib/db/named-sql";
import { sqlTimestamp } from "@/lib/db/timestamp";
import { asapSlots, schedulableSlots, type SlotSpan } from "@/lib/store/rules";
import type { StoreSettings, SlotOffer } from "@/lib/store/types";

// How full the slots are, from the orders themselves (those not cancelled), so a cancelled order
// frees its place and a change of `ordersPerSlot` applies at once. Taking a place is
// book_delivery_slot (the migration of 20261128010000): it locks the slot it picks until the
// order's transaction ends, so no slot ever holds more than its capacity.

const TAKEN = namedStatement(
  "slots-taken",
  `SELECT (SELECT count(*) FROM orders WHERE slot_start = s AND status <> 'cancelled')::int AS taken
FROM unnest(:starts::timestamp(3)[]) WITH ORDINALITY AS u(s, i) ORDER BY i`,
);

/** How many orders each of `slots` holds, in the same order. */
async function takenIn(slots: SlotSpan[]): Promise<number[]> {
  if (slots.length === 0) return [];
  const { rows } = await pool().query<{ taken: number }>(TAKEN({ starts: slots.map((s) => sqlTimestamp(s.start)) }));
  return rows.map((r) => r.taken);
}

/** GET /api/slots: the slots a customer may schedule on `dateKey`, full ones marked unavailable. */
export async function slotOffers(settings: StoreSettings, now: Date, dateKey: string): Promise<SlotOffer[]> {
  const slots = schedulableSlots(settings, now, dateKey);
  const taken = await takenIn(slots);
  return slots.map((s, i) => ({ start: s.start.toISOString(), end: s.end.toISOString(), available: taken[i] < settings.ordersPerSlot }));
}

/** The slot an ASAP order placed now would take, or null when every one is full (reading, not taking it). */
export async function nextAsapSlot(settings: StoreSettings, now: Date): Promise<SlotSpan | null> {
  const slots = asapSlots(settings, now);
  const taken = await takenIn(slots);
  return slots.find((_, i) => taken[i] < settings.ordersPerSlot) ?? null;
}

const BOOK = namedStatement(
  "slots-book",
  `SELECT array_position(:starts::timestamp(3)[], book_delivery_slot(:starts::timestamp(3)[], :capacity::int)) AS position`,
);

/**
 * Takes a place in the first of `slots` with room, on the order's own transaction; that slot, or
 * null when all are full. The place is the order row written next on the same transaction.
 */
export async function bookSlot(client: PoolClient, slots: SlotSpan[], capacity: number): Promise<SlotSpan | null> {
  if (slots.length === 0) return null;
  const { rows } = await client.query<{ position: number | null }>(BOOK({ starts: slots.map((s) => sqlTimestamp(s.start)), capacity }));
  const position = rows[0]?.position;
  return position ? slots[position - 1] : null;
}
