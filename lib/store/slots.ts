import "server-only";
import type { PoolClient } from "pg";
import { pool } from "@/lib/db";
import { namedStatement } from "@/lib/db/named-sql";
import { sqlTimestamp } from "@/lib/db/timestamp";
import { asapSlots, schedulableSlots, type SlotSpan } from "@/lib/store/rules";
import type { StoreSettings, SlotOffer } from "@/lib/store/types";

// How full the slots are, from the orders themselves (those not cancelled), so a cancelled order
// frees its place and a change of `ordersPerSlot` applies at once. An order picks its slot from a
// count without a lock (the first slots counted with its menu rows, lib/orders/locked-menu-rows.ts;
// any later ones by firstWithRoom), then takes it in its own write with take_delivery_slot
// (the migration of 20261201020000), which locks the slot until the order's transaction ends and
// counts again: no slot ever holds more than its capacity. Every ASAP order wants the same slot,
// so that lock is taken only by the transaction's last statement, sent with its COMMIT.

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

const FIRST_WITH_ROOM = namedStatement(
  "slots-first-with-room",
  `SELECT i::int AS position FROM unnest(:starts::timestamp(3)[]) WITH ORDINALITY AS u(s, i)
WHERE (SELECT count(*) FROM orders WHERE slot_start = s AND status <> 'cancelled') < :capacity::int ORDER BY i LIMIT 1`,
);

/**
 * The first of `slots` that holds fewer than `capacity` orders as the order's transaction reads
 * it now, or null when all are full. It is not taken yet: the order's write takes it (takeSlotSql).
 */
export async function firstWithRoom(client: PoolClient, slots: SlotSpan[], capacity: number): Promise<SlotSpan | null> {
  if (slots.length === 0) return null;
  const { rows } = await client.query<{ position: number }>(FIRST_WITH_ROOM({ starts: slots.map((s) => sqlTimestamp(s.start)), capacity }));
  const position = rows[0]?.position;
  return position ? slots[position - 1] : null;
}

/**
 * The SQL expression an order's write puts in its slot_start: takes a place in the slot starting
 * at `startSql` (a timestamp(3)) of `capacitySql` places, or fails the statement (isSlotTaken)
 * when others filled it since it was picked.
 */
export function takeSlotSql(startSql: string, capacitySql: string): string {
  return `take_delivery_slot(${startSql}, ${capacitySql})`;
}

/** SQLSTATE of take_delivery_slot's refusal. */
const SLOT_TAKEN = "FB409";

/** The write failed because its slot filled up between the pick and the write. */
export function isSlotTaken(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === SLOT_TAKEN;
}
