import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db, pool } from "@/lib/db";
import { kitchenRead } from "@/lib/orders/kitchen";
import { kitchenSearch } from "@/lib/orders/kitchen-query";
import { COLUMN_TICKETS, type ColumnCounts, type KitchenRead } from "@/lib/orders/kitchen-rules";
import { orderNumber, type OrderStatus } from "@/lib/orders/status";
import type { SessionUser } from "@/lib/auth/session";
import { Forbidden } from "@/lib/errors";
import { GET } from "@/app/api/kitchen/route";
import { call, type AnyHandler, type Caller } from "@/tests/support/api";
import { confirmedCustomer, makeCaller } from "@/tests/support/callers";
import { promiseAfter, storedOrder } from "@/tests/support/stored-order";
import { resetStore } from "@/tests/support/store";
import { updateSettings } from "@/lib/store/settings";
import { deleteOrders } from "@/tests/support/delete-orders";
import { pauseMailWorker, resumeMailWorker } from "./setup";

// The kitchen display's reads against real PostgreSQL (product.md §7): bounded whatever the queue
// (each column's oldest tickets and a count of all), and a live notice's read that sends that
// order's ticket alone. Other files' orders may be in this database too: the orders here are
// placed in 2001, so they are the oldest, and counts are compared with what was there before.

const admin: SessionUser = { id: "kitchen-admin", name: "Kitchen Admin", email: "pass@example.com", role: "admin" };
const SEEDED = { pending: 200, confirmed: 150, preparing: 100, out_for_delivery: 50 } as const;
const EPOCH = Date.UTC(2001, 0, 1);
let customerId = "";
let adminCaller: Caller;
let customerCaller: Caller;
let before: ColumnCounts;
/** The seeded orders' ids by status, oldest first. */
const seeded: Record<keyof typeof SEEDED, string[]> = { pending: [], confirmed: [], preparing: [], out_for_delivery: [] };
const placedAt = (minutes: number) => new Date(EPOCH + minutes * 60_000);

const plus = (counts: ColumnCounts, add: Partial<ColumnCounts>): ColumnCounts => ({
  new: counts.new + (add.new ?? 0),
  kitchen: counts.kitchen + (add.kitchen ?? 0),
  way: counts.way + (add.way ?? 0),
});
const sent = (read: KitchenRead) => read.tickets.map((t) => t.id);

async function order(status: OrderStatus, at: Date, addressName = `Guest ${status}`) {
  const data = storedOrder(customerId, { name: "Grilled Chicken Caesar", portion: "medium", unitPrice: 199, quantity: 2 }, addressName);
  return db().order.create({ data: { ...data, status, createdAt: at } });
}

beforeAll(async () => {
  const user = await confirmedCustomer("Kitchen Customer", "kitchen");
  customerId = user.id;
  adminCaller = await makeCaller("admin");
  customerCaller = await makeCaller("user");
  before = (await kitchenRead(admin, "board")).counts;

  // 500 active orders, statuses interleaved, one a minute; each with two lines.
  const statuses = Object.entries(SEEDED).flatMap(([s, n]) => Array<OrderStatus>(n).fill(s as OrderStatus));
  const shuffled = statuses.map((s, i) => ({ s, key: (i * 7919) % statuses.length })).sort((a, b) => a.key - b.key);
  const rows = shuffled.map(({ s }, i) => ({
    id: `ckitchen${String(i).padStart(4, "0")}${randomBytes(6).toString("hex")}`,
    userId: customerId,
    status: s,
    paymentMethod: "cash_on_delivery" as const,
    subtotal: 547,
    deliveryFee: 40,
    total: 587,
    addressName: `Seeded ${i}`,
    addressPhone: "9876543210",
    addressStreet: "1 MG Road",
    addressCity: "Bengaluru",
    addressState: "Karnataka",
    addressZip: "560001",
    createdAt: placedAt(i),
    ...promiseAfter(placedAt(i)),
  }));
  await db().order.createMany({ data: rows });
  await db().orderLine.createMany({
    data: rows.flatMap((r) => [
      { orderId: r.id, name: "Paneer Tikka Bowl", portion: "large" as const, unitPrice: 249, quantity: 1, lineTotal: 249, position: 1 },
      { orderId: r.id, name: "Egg Protein Box", portion: "small" as const, unitPrice: 149, quantity: 2, lineTotal: 298, position: 0 },
    ]),
  });
  for (const r of rows) seeded[r.status as keyof typeof SEEDED].push(r.id);
});

afterAll(async () => {
  await deleteOrders({ userId: customerId });
  await db().user.deleteMany({ where: { id: { in: [customerId, adminCaller.id, customerCaller.id] } } });
});

it("refuses anyone but an admin", async () => {
  await expect(kitchenRead({ ...admin, role: "user" }, "board")).rejects.toBeInstanceOf(Forbidden);
  expect((await call(GET as AnyHandler, "GET", "/api/kitchen", { caller: customerCaller })).status).toBe(403);
  expect((await call(GET as AnyHandler, "GET", "/api/kitchen")).status).toBe(401);
});

describe("with 500 active orders", () => {
  const kitchen = () => [...seeded.confirmed, ...seeded.preparing].sort();

  it("lists each column's 30 oldest tickets, sends those in full and counts every active order", async () => {
    const read = await kitchenRead(admin, "board");
    expect(read.columns).toEqual({
      new: seeded.pending.slice(0, COLUMN_TICKETS),
      // In the kitchen: confirmed and preparing together, oldest first.
      kitchen: kitchen().slice(0, COLUMN_TICKETS),
      way: seeded.out_for_delivery.slice(0, COLUMN_TICKETS),
    });
    expect(read.counts).toEqual(plus(before, { new: 200, kitchen: 250, way: 50 }));
    expect(sent(read).sort()).toEqual([...read.columns.new, ...read.columns.kitchen, ...read.columns.way].sort());
    expect(read.tickets.find((t) => t.id === seeded.pending[0])).toEqual({
      id: seeded.pending[0],
      code: orderNumber(seeded.pending[0]),
      customer: expect.stringMatching(/^Seeded \d+$/),
      status: "pending",
      placedAt: expect.stringMatching(/^2001-01-01T/),
      // Promised by its slot's end (§9): the seed's half hour after placing, for these.
      promisedBy: new Date(Date.parse(read.tickets.find((t) => t.id === seeded.pending[0])!.placedAt) + 30 * 60_000).toISOString(),
      scheduled: false,
      rider: null,
      deliverySlot: { start: expect.stringMatching(/^2001-01-01T/), end: expect.stringMatching(/^2001-01-01T/) },
      // In the order they were placed in, not the order they were written.
      lines: [
        { quantity: 2, name: "Egg Protein Box", portion: "small", options: [], note: null },
        { quantity: 1, name: "Paneer Tikka Bowl", portion: "large", options: [], note: null },
      ],
    });
    // The same through the route, as the page's display asks for it after its stream opens.
    const reply = await call(GET as AnyHandler, "GET", "/api/kitchen", { caller: adminCaller });
    expect(reply.status).toBe(200);
    expect((reply.json as KitchenRead).columns).toEqual(read.columns);
  });

  it("for a newly placed order's notice sends that ticket alone, with the lists and counts, in one statement", async () => {
    const placed = await order("pending", new Date(), "Kavya Menon");
    // The job worker is paused while the statements are counted: a job it runs (a mail reading
    // its order) would use the same pool during the read.
    await pauseMailWorker();
    const statements = vi.spyOn(pool(), "query");
    const read = await kitchenRead(admin, [placed.id]).finally(resumeMailWorker);
    // Only the statements about orders: the pool also serves this worker's background work
    // (rate-limit sweeps) while the read runs.
    const sqlOf = (q: unknown) => (typeof q === "string" ? q : ((q as { text?: string } | undefined)?.text ?? ""));
    expect(statements.mock.calls.filter(([q]) => /\borders\b/.test(sqlOf(q)))).toHaveLength(1);
    statements.mockRestore();
    expect(read.tickets.map((t) => [t.id, t.customer, t.status])).toEqual([[placed.id, "Kavya Menon", "pending"]]);
    // The newest of 201 new orders: counted, not listed.
    expect(read.columns.new).toEqual(seeded.pending.slice(0, COLUMN_TICKETS));
    expect(read.counts).toEqual(plus(before, { new: 201, kitchen: 250, way: 50 }));

    // As the display sends it.
    const search = kitchenSearch([placed.id]);
    expect(search).toBe(`?ids=${placed.id}`);
    const reply = await call(GET as AnyHandler, "GET", `/api/kitchen${search}`, { caller: adminCaller });
    expect(sent(reply.json as KitchenRead)).toEqual([placed.id]);
    await db().order.update({ where: { id: placed.id }, data: { status: "cancelled" } });
  });

  it("lists the next ticket once one leaves a column, and sends none for an order that left the display", async () => {
    const [first] = seeded.confirmed.filter((id) => kitchen().indexOf(id) < COLUMN_TICKETS);
    await db().order.update({ where: { id: first }, data: { status: "delivered" } });
    const read = await kitchenRead(admin, [first, "cnosuchorder000000000000"]);
    expect(read.tickets).toEqual([]);
    const left = kitchen().filter((id) => id !== first);
    expect(read.columns.kitchen).toEqual(left.slice(0, COLUMN_TICKETS));
    expect(read.counts.kitchen).toBe(before.kitchen + 249);
  });
});

it("answers a malformed query with 400, never 500", async () => {
  const tooMany = Array.from({ length: 101 }, (_, i) => `c${i}`).join(",");
  for (const search of ["ids=", "ids=a%00b", "ids=a,,b", `ids=${tooMany}`, "new=3"]) {
    const reply = await call(GET as AnyHandler, "GET", `/api/kitchen?${search}`, { caller: adminCaller });
    expect(reply.status, search).toBe(400);
  }
});

describe("scheduled orders wait in Later until their slot is near (product.md §9)", () => {
  const MINUTE = 60_000;
  /** A pending order for the slot starting `inMinutes` from now, chosen by the customer or not. */
  async function forSlot(inMinutes: number, scheduled: boolean, name: string) {
    const start = new Date(Math.ceil((Date.now() + inMinutes * MINUTE) / MINUTE) * MINUTE);
    const end = new Date(start.getTime() + 30 * MINUTE);
    const data = storedOrder(customerId, { name: "Egg Protein Box", portion: "small", unitPrice: 149, quantity: 1 }, name);
    return db().order.create({ data: { ...data, slotStart: start, slotEnd: end, promisedBy: end, scheduled } });
  }
  const later: string[] = [];

  afterAll(async () => {
    await resetStore();
    await db().order.updateMany({ where: { id: { in: later } }, data: { status: "cancelled" } });
  });

  it("lists them soonest first with their slot, outside the columns and their counts, and sends them with every read", async () => {
    const start = await kitchenRead(admin, "board");
    expect(start.prepMinutes).toBe(30); // a fresh install's preparation time
    const tomorrow = await forSlot(24 * 60, true, "Tomorrow Tara");
    const inThreeHours = await forSlot(180, true, "Afternoon Anil");
    const accepted = await forSlot(120, true, "Accepted Asha");
    await db().order.update({ where: { id: accepted.id }, data: { status: "confirmed" } });
    // Its slot starts within the preparation time: the kitchen starts on it now.
    const due = await forSlot(20, true, "Due Devi");
    // Booked ASAP into a slot hours ahead (a busy day): not scheduled, so on the board at once.
    const asapLate = await forSlot(240, false, "Busy Bala");
    later.push(tomorrow.id, inThreeHours.id, accepted.id, due.id, asapLate.id);

    const read = await kitchenRead(admin, [tomorrow.id, inThreeHours.id, due.id, asapLate.id]);
    const waiting = read.later.tickets.filter((t) => later.includes(t.id));
    expect(waiting.map((t) => t.customer)).toEqual(["Accepted Asha", "Afternoon Anil", "Tomorrow Tara"]);
    expect(read.later.count).toBe(start.later.count + 3);
    expect(waiting[1]).toMatchObject({
      id: inThreeHours.id,
      status: "pending",
      scheduled: true,
      deliverySlot: { start: inThreeHours.slotStart.toISOString(), end: inThreeHours.slotEnd.toISOString() },
      promisedBy: inThreeHours.promisedBy.toISOString(),
      lines: [{ quantity: 1, name: "Egg Protein Box", portion: "small", options: [], note: null }],
    });
    // Named by a notice, a waiting order still sends no ticket: it is not on the board yet.
    expect(sent(read).sort()).toEqual([due.id, asapLate.id].sort());
    expect(read.counts).toEqual(plus(start.counts, { new: 2 }));
    expect([...read.columns.new, ...read.columns.kitchen].some((id) => [tomorrow.id, inThreeHours.id, accepted.id].includes(id))).toBe(
      false,
    );
  });

  it("follows the store's preparation time: a longer one brings a slot onto the board sooner", async () => {
    const [, inThreeHours, accepted] = later;
    const wasWaiting = (await kitchenRead(admin, "board")).later.count;
    await updateSettings(admin, { prepMinutes: 150 });
    const read = await kitchenRead(admin, [inThreeHours, accepted]);
    expect(read.prepMinutes).toBe(150);
    // 2 hours away is within 150 minutes now; 3 hours is not.
    expect(sent(read)).toEqual([accepted]);
    expect(read.tickets[0]).toMatchObject({ status: "confirmed", scheduled: true });
    expect(read.later.tickets.map((t) => t.id)).toContain(inThreeHours);
    expect(read.later.count).toBe(wasWaiting - 1);
  });
});
