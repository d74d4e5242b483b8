import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { listOrders } from "@/lib/orders/queries";
import type { SessionUser } from "@/lib/auth/session";
import { promiseAfter, storedOrder } from "@/tests/support/stored-order";
import { deleteOrders } from "@/tests/support/delete-orders";
import { confirmedCustomer } from "@/tests/support/callers";

// The orders list a page at a time (issue 37): the next page starts after the last order shown,
// by (placed at, id), so orders placed meanwhile neither repeat an order nor skip one, and orders
// placed in the same millisecond are told apart by id. The orders fall in 2010, which no other
// file writes; the admin's walk starts from a date just after them.

const admin: SessionUser = { id: "pages-admin", name: "Kitchen Admin", email: "kitchen@example.com", role: "admin" };
let customer: SessionUser;
const START = "2010-06-30T00:00:00.000Z";

async function placeAt(at: Date) {
  const row = await db().order.create({
    data: {
      ...storedOrder(customer.id, { name: "Page bowl", portion: "small", unitPrice: 199, quantity: 1 }),
      ...promiseAfter(at),
      paymentMethod: "cash_on_delivery",
      createdAt: at,
    },
    select: { id: true, createdAt: true },
  });
  return row;
}

/** Every page of `limit` from `first`, each next one from the last id shown; `between` runs before each next page. */
async function walk(viewer: SessionUser, limit: number, first: string, between: () => Promise<void> = async () => {}) {
  const seen: string[] = [];
  let before = first;
  for (;;) {
    const page = await listOrders(viewer, { limit, before });
    seen.push(...page.map((o) => o.id));
    if (page.length < limit) return seen;
    before = page[page.length - 1].id;
    await between();
  }
}

beforeAll(async () => {
  const user = await confirmedCustomer("Page Walker", "pages");
  customer = { id: user.id, name: user.name, email: user.email, role: "user" };
});

afterAll(async () => {
  await deleteOrders({ userId: customer.id });
  await db().user.delete({ where: { id: customer.id } });
});

describe("the orders list, a page at a time", () => {
  it("walks every order once, newest first, while orders keep coming in, with ties in the same millisecond", async () => {
    // 23 orders, three at a time in the same millisecond.
    const base = Date.parse("2010-06-01T10:00:00.000Z");
    const placed = [];
    for (let i = 0; i < 23; i++) placed.push(await placeAt(new Date(base + Math.floor(i / 3) * 60_000)));
    const expected = [...placed]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .map((o) => o.id);

    // New orders land while the admin reads: the newest of all, and newer than the walk's start.
    let n = 0;
    const meanwhile = async () => {
      n += 1;
      await Promise.all([placeAt(new Date()), placeAt(new Date(Date.parse(START) - n * 1000))]);
    };
    for (const limit of [5, 2]) {
      const seen = await walk(admin, limit, START, meanwhile);
      const ours = seen.filter((id) => expected.includes(id));
      expect(ours, `pages of ${limit}`).toEqual(expected);
      expect(new Set(seen).size, `pages of ${limit}: no order twice`).toBe(seen.length);
    }
    // The customer's own list pages the same way, from its newest order (those placed meanwhile first).
    const mine = await walk(customer, 4, new Date(Date.now() + 60_000).toISOString());
    expect(mine.filter((id) => expected.includes(id))).toEqual(expected);
    expect(new Set(mine).size).toBe(mine.length);
  }, 120_000);
});
