import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/lib/db";
import { kitchenSnapshot } from "@/lib/orders/kitchen";
import { orderNumber, type OrderStatus } from "@/lib/orders/status";
import type { SessionUser } from "@/lib/auth/session";
import { Forbidden } from "@/lib/errors";
import { storedOrder } from "@/tests/support/stored-order";

// The kitchen display's read against real PostgreSQL: admins only, active orders only, oldest
// first, each with its lines in the order they were placed. Other files' orders may be in the
// database too, so only this file's customer's tickets are looked at.

const admin: SessionUser = { id: "kitchen-admin", name: "Kitchen Admin", email: "pass@example.com", role: "admin" };
let customerId = "";

beforeAll(async () => {
  const user = await db().user.create({
    data: { name: "Kitchen Customer", email: `kitchen.${randomBytes(5).toString("hex")}@example.com`, emailConfirmedAt: new Date() },
  });
  customerId = user.id;
});

afterAll(async () => {
  await db().order.deleteMany({ where: { userId: customerId } });
  await db().user.delete({ where: { id: customerId } });
});

async function order(status: OrderStatus, minutesAgo: number, addressName = `Guest ${status}`) {
  const data = storedOrder(customerId, { name: "Grilled Chicken Caesar", portion: "medium", unitPrice: 199, quantity: 2 }, addressName);
  return db().order.create({ data: { ...data, status, createdAt: new Date(Date.now() - minutesAgo * 60_000) } });
}

it("refuses anyone but an admin", async () => {
  await expect(kitchenSnapshot({ ...admin, role: "user" })).rejects.toBeInstanceOf(Forbidden);
});

it("shows every active order, oldest first, shaped for its ticket", async () => {
  const preparing = await order("preparing", 25);
  const pending = await order("pending", 3);
  const confirmed = await order("confirmed", 12);
  const onTheWay = await order("out_for_delivery", 31);
  const done = [await order("delivered", 40), await order("cancelled", 5)];

  const before = Date.now();
  const snapshot = await kitchenSnapshot(admin);
  expect(snapshot.readAt).toBeGreaterThanOrEqual(before - 1_000);
  const tickets = snapshot.tickets.filter((t) => [preparing, pending, confirmed, onTheWay].some((o) => o.id === t.id));
  expect(tickets.map((t) => t.status)).toEqual(["out_for_delivery", "preparing", "confirmed", "pending"]);
  expect(snapshot.tickets.filter((t) => done.some((o) => o.id === t.id))).toEqual([]);

  expect(tickets[3]).toEqual({
    id: pending.id,
    code: orderNumber(pending.id),
    customer: "Guest pending",
    status: "pending",
    placedAt: pending.createdAt.toISOString(),
    lines: [{ quantity: 2, name: "Grilled Chicken Caesar", portion: "medium", options: [], note: null }],
  });
});

it("lists a ticket's lines in the order they were placed, and a blank name as N/A", async () => {
  const placed = await order("pending", 1, "  ");
  await db().orderLine.createMany({
    data: [
      { orderId: placed.id, name: "Paneer Tikka Bowl", portion: "large", unitPrice: 249, quantity: 1, lineTotal: 249, position: 2 },
      { orderId: placed.id, name: "Egg Protein Box", portion: "small", unitPrice: 149, quantity: 3, lineTotal: 447, position: 1 },
    ],
  });
  const ticket = (await kitchenSnapshot(admin)).tickets.find((t) => t.id === placed.id)!;
  expect(ticket.customer).toBe("N/A");
  expect(ticket.lines.map((l) => l.name)).toEqual(["Grilled Chicken Caesar", "Egg Protein Box", "Paneer Tikka Bowl"]);
});
