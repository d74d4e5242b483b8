import type { Role } from "@/lib/auth/types";
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { db } from "@/lib/db";
import { POST as placeRoute } from "@/app/api/orders/route";
import { GET as getStore, PUT as putStoreRoute } from "@/app/api/store/route";
import { PUT as putAreasRoute } from "@/app/api/delivery-areas/route";
import { call, randomIp, type Caller } from "@/tests/support/api";
import { makeCaller } from "@/tests/support/callers";
import type { ShopFixtures } from "@/tests/support/shop-fixtures";
import { indiaInstant, indiaWallClock, addDays } from "@/lib/time";
import { asapSlots } from "@/lib/store/rules";
import { readStore } from "@/lib/store/settings";
import { WEEKDAYS, type OpeningHours, type OpeningRange, type StoreState } from "@/lib/store/types";

// The §9 integration files' shared moves: settings and areas through the real routes as the
// admin, orders through POST /api/orders as customers, hours chosen around the real clock.

export type Refusal = { error: string; code?: string; field?: string; nextOpenAt?: string | null };
type PlacedOrder = {
  id: string;
  subtotal: number;
  deliveryFee: number;
  total: number;
  status: string;
  deliverySlot: { start: string; end: string };
  scheduled: boolean;
  promisedBy: string;
  deliveryArea: string | null;
  whatsappConsentAt: string | null;
};
export type Placed = { status: number; body: { order: PlacedOrder } & Refusal };

export const MINUTE = 60_000;

export async function customerOf(fx: ShopFixtures, role: Role = "user"): Promise<Caller> {
  const caller = await makeCaller(role);
  fx.adopt(caller.id);
  return caller;
}

/** PUT /api/store as `admin`; the state it answers. */
export async function putStore(admin: Caller, patch: unknown): Promise<StoreState> {
  const reply = await call(putStoreRoute, "PUT", "/api/store", { caller: admin, body: patch });
  expect(reply.status, reply.text).toBe(200);
  return reply.json as StoreState;
}

export async function readState(): Promise<StoreState> {
  const reply = await call(getStore, "GET", "/api/store");
  expect(reply.status, reply.text).toBe(200);
  return reply.json as StoreState;
}

export async function putAreas(admin: Caller, areas: unknown): Promise<void> {
  const reply = await call(putAreasRoute, "PUT", "/api/delivery-areas", { caller: admin, body: areas });
  expect(reply.status, reply.text).toBe(200);
}

export type OrderBody = { item: string; zip?: string; quantity?: number; deliverAt?: unknown; whatsapp?: unknown };

const orderBody = ({ item, zip = "560001", quantity = 1, deliverAt, whatsapp }: OrderBody) => ({
  items: [{ id: item, portion: "small", quantity }],
  address: { name: "Asha Rao", phone: "9876543210", street: "1 MG Road", city: "Bengaluru", state: "Karnataka", zip },
  paymentMethod: "Cash on Delivery",
  ...(deliverAt !== undefined && { deliverAt }),
  ...(whatsapp !== undefined && { whatsapp }),
});

/** POST /api/orders as `caller` (a fresh address and key unless given). */
export async function place(caller: Caller, body: OrderBody, key = randomUUID()): Promise<Placed> {
  const reply = await call(placeRoute, "POST", "/api/orders", {
    caller,
    body: orderBody(body),
    ip: randomIp(),
    headers: { "idempotency-key": key },
  });
  expect(reply.status, reply.text).not.toBe(500);
  return { status: reply.status, body: reply.json as Placed["body"] };
}

export function expectRefusal(reply: Placed, status: number, code: string, field?: string): Refusal {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.body.code).toBe(code);
  expect(reply.body.error).toBeTruthy();
  if (field !== undefined) expect(reply.body.field).toBe(field);
  return reply.body;
}

/** Orders not cancelled in the slot that starts at `start`. */
export const heldIn = (start: string | Date) => db().order.count({ where: { slotStart: new Date(start), status: { not: "cancelled" } } });

/**
 * The ends of the slots an ASAP order placed now could be promised by, earliest first: the first
 * with room, and the next few (a slot boundary may pass, or another order fill it, meanwhile).
 * Orders other files of the worker left count, as they do for the shop.
 */
export async function asapPromises(now = new Date()): Promise<string[]> {
  const { settings } = await readStore();
  const slots = asapSlots(settings, now).slice(0, 48);
  const held = await Promise.all(slots.map((s) => heldIn(s.start)));
  const first = held.findIndex((n) => n < settings.ordersPerSlot);
  return first < 0 ? [] : slots.slice(first, first + 3).map((s) => s.end.toISOString());
}

const clock = (h: number) => `${String(h).padStart(2, "0")}:00`;
export const everyDay = (ranges: OpeningRange[]) => Object.fromEntries(WEEKDAYS.map((d) => [d, ranges])) as OpeningHours;

/**
 * Two hours every day that start three hours or more after now (India time), so the shop is
 * closed now; and the instant they next open.
 */
export function hoursClosedNow(now = new Date()): { hours: OpeningHours; opensAt: Date } {
  const { dateKey, minute } = indiaWallClock(now);
  // Late in the evening, the hours are 01:00–03:00, tomorrow's.
  const opensToday = Math.floor(minute / 60) + 3 <= 22;
  const open = opensToday ? Math.floor(minute / 60) + 3 : 1;
  return {
    hours: everyDay([{ open: clock(open), close: clock(open + 2) }]),
    opensAt: indiaInstant(opensToday ? dateKey : addDays(dateKey, 1), open * 60),
  };
}

/** The start of the 12:00 India-time slot `days` days from today: always bookable with daysAhead ≥ days ≥ 1. */
export const noonIn = (days: number, now = new Date()) => indiaInstant(addDays(indiaWallClock(now).dateKey, days), 12 * 60);
