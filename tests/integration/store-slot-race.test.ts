import "@/tests/support/async-local-storage";
import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { test } from "./fixtures";
import { db } from "@/lib/db";
import { PATCH as patchRoute } from "@/app/api/orders/[id]/route";
import { asapSlots } from "@/lib/store/rules";
import { readStore } from "@/lib/store/settings";
import { sqlTimestamp } from "@/lib/db/timestamp";
import { call, type Caller } from "@/tests/support/api";
import { raceBehindLock } from "@/tests/support/race";
import { resetStoreAfterEach } from "@/tests/support/store";
import { expectRefusal, heldIn, noonIn, place, putStore, type Placed } from "@/tests/support/store-world";

// The concurrency proof of product.md §9 and issue 23: however many orders arrive at once, no
// slot ever holds more than ordersPerSlot orders that are not cancelled, through the real route
// and PostgreSQL; a cancelled order frees its place; a retry takes no second place.

resetStoreAfterEach();

const it = test
  /** `n` new customers, signed in. */
  .extend(
    "customers",
    ({ newCaller }) =>
      (n: number) =>
        Promise.all(Array.from({ length: n }, () => newCaller())),
  )
  /** `n` new customers ordering the file's item for ASAP at once: their replies. */
  .extend(
    "asapAtOnce",
    ({ customers, item }) =>
      async (n: number) =>
        Promise.all((await customers(n)).map((c) => place(c, { item, deliverAt: "asap" }))),
  );
const statuses = (replies: Placed[]) => replies.map((r) => r.status).sort();

/** The store taking `ordersPerSlot` orders a slot (put by `admin`), and the first `count` ASAP slots it offers now. */
async function asapOffered(admin: Caller, ordersPerSlot: number, count: number) {
  await putStore(admin, { ordersPerSlot });
  return asapSlots((await readStore()).settings, new Date()).slice(0, count);
}

describe("one scheduled slot of 5", () => {
  it("50 customers at once: exactly 5 placed (201), 45 refused 409 slot_full, 5 orders in the slot", async ({ customers, admin, item }) => {
    await putStore(admin, { ordersPerSlot: 5 });
    const slot = noonIn(1);
    expect(await heldIn(slot)).toBe(0);
    const people = await customers(50);
    const replies = await Promise.all(people.map((c) => place(c, { item, deliverAt: slot.toISOString() })));
    expect(statuses(replies)).toEqual([...Array(5).fill(201), ...Array(45).fill(409)]);
    for (const r of replies.filter((x) => x.status === 409)) expectRefusal(r, 409, "slot_full", "deliverAt");
    for (const r of replies.filter((x) => x.status === 201)) expect(r.body.order.deliverySlot.start).toBe(slot.toISOString());
    expect(await heldIn(slot)).toBe(5);
    expect(await db().order.count({ where: { userId: { in: people.map((p) => p.id) } } })).toBe(5);
  });

  it("all released at once from behind the slot's own lock: still exactly 5", async ({ customers, admin, item }) => {
    await putStore(admin, { ordersPerSlot: 5 });
    const slot = noonIn(2);
    const people = await customers(20);
    // Every order waits on the slot's lock (as many as the pool's 10 connections hold), then all go at once.
    const lock = `SELECT pg_advisory_xact_lock(1928, (extract(epoch FROM '${sqlTimestamp(slot)}'::timestamp(3)) / 60)::integer)`;
    const replies = await raceBehindLock(lock, 10, () => Promise.all(people.map((c) => place(c, { item, deliverAt: slot.toISOString() }))));
    expect(statuses(replies)).toEqual([...Array(5).fill(201), ...Array(15).fill(409)]);
    expect(await heldIn(slot)).toBe(5);
  });

  it("a cancelled order frees its place: one more fits, then the slot is full again", async ({ customers, admin, item }) => {
    await putStore(admin, { ordersPerSlot: 2, daysAhead: 3 });
    const slot = noonIn(3).toISOString();
    const [a, b, c, d] = await customers(4);
    const first = await place(a, { item, deliverAt: slot });
    expect((await place(b, { item, deliverAt: slot })).status).toBe(201);
    expectRefusal(await place(c, { item, deliverAt: slot }), 409, "slot_full");

    const cancel = await call(patchRoute, "PATCH", `/api/orders/${first.body.order.id}`, {
      caller: a,
      body: { status: "cancelled" },
      params: { id: first.body.order.id },
    });
    expect(cancel.status, cancel.text).toBe(200);
    expect(await heldIn(slot)).toBe(1);
    expect((await place(c, { item, deliverAt: slot })).status).toBe(201);
    expectRefusal(await place(d, { item, deliverAt: slot }), 409, "slot_full");
    expect(await heldIn(slot)).toBe(2);
  });

  it("a retry with the same key returns the same order and takes no second place, also when both arrive at once", async ({
    customers,
    admin,
    item,
  }) => {
    await putStore(admin, { ordersPerSlot: 1 });
    // Slots no other test of this file fills: 15:00 and 16:00 tomorrow.
    const slot = new Date(noonIn(1).getTime() + 3 * 60 * 60_000);
    const later = new Date(slot.getTime() + 60 * 60_000);
    const [asha, ravi] = await customers(2);

    const key = randomUUID();
    const first = await place(asha, { item, deliverAt: later.toISOString() }, key);
    expect(first.status).toBe(201);
    const retry = await place(asha, { item, deliverAt: later.toISOString() }, key);
    expect(retry.status).toBe(200);
    expect(retry.body.order.id).toBe(first.body.order.id);
    expect(await heldIn(later)).toBe(1);

    // The slot has one place; two copies of one request race for it.
    const raceKey = randomUUID();
    const twins = await Promise.all([0, 1].map(() => place(ravi, { item, deliverAt: slot.toISOString() }, raceKey)));
    expect(statuses(twins)).toEqual([200, 201]);
    expect(twins[0].body.order.id).toBe(twins[1].body.order.id);
    expect(await heldIn(slot)).toBe(1);
  });
});

describe("ASAP with little room", () => {
  it("20 at once with 3 a slot: all placed, spilling into the next slots in time order, none over 3", async ({ asapAtOnce, admin }) => {
    const offered = await asapOffered(admin, 3, 16);
    // Orders other files of this worker left in these slots count too.
    const before = await Promise.all(offered.map((s) => heldIn(s.start)));
    const replies = await asapAtOnce(20);
    expect(statuses(replies)).toEqual(Array(20).fill(201));

    const added = offered.map((s) => replies.filter((r) => r.body.order.deliverySlot.start === s.start.toISOString()).length);
    expect(added.reduce((a, b) => a + b, 0)).toBe(20);
    const after = await Promise.all(offered.map((s) => heldIn(s.start)));
    expect(after).toEqual(before.map((n, i) => n + added[i]));
    // None over 3: a slot gets a new order only while it has room.
    for (const [i, n] of added.entries()) if (n > 0) expect(after[i]).toBeLessThanOrEqual(3);
    // The earliest first: every slot before the last one given an order is full.
    const last = added.findLastIndex((n) => n > 0);
    for (const n of after.slice(1, last)) expect(n).toBeGreaterThanOrEqual(3);
    for (const r of replies) {
      expect(r.body.order.scheduled).toBe(false);
      expect(r.body.order.promisedBy).toBe(r.body.order.deliverySlot.end);
    }
  });

  it("with one place a slot, 15 at once fill 15 slots in time order, well past the first slots tried", async ({ asapAtOnce, admin }) => {
    const offered = await asapOffered(admin, 1, 40);
    const before = await Promise.all(offered.map((s) => heldIn(s.start)));
    const free = offered.filter((_, i) => before[i] === 0).slice(0, 15);
    const replies = await asapAtOnce(15);
    expect(statuses(replies)).toEqual(Array(15).fill(201));
    const taken = replies.map((r) => r.body.order.deliverySlot.start).sort();
    expect(taken).toEqual(free.map((s) => s.start.toISOString()));
    for (const s of free) expect(await heldIn(s.start)).toBe(1);
  });
});
