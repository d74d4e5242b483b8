import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/lib/db";
import { findOrderForAdmin } from "@/lib/orders/admin-order";
import type { SessionUser } from "@/lib/auth/session";
import { Forbidden } from "@/lib/errors";
import { storedOrder } from "@/tests/support/stored-order";
import { confirmedCustomer } from "@/tests/support/callers";

// The admin order page's read (/admin/orders/[id]) against real PostgreSQL: an admin sees any
// customer's order with its history; anyone else is refused inside the domain function, whatever
// the page checked first; an unknown or malformed id is "not found" (null), never an error.

const admin: SessionUser = { id: "admin-order-admin", name: "Pass Admin", email: "pass@example.com", role: "admin" };
let customer: SessionUser;
let orderId = "";

beforeAll(async () => {
  const user = await confirmedCustomer("Order Customer", "admin-order");
  customer = { id: user.id, name: user.name, email: user.email, role: "user" };
  const order = await db().order.create({
    data: storedOrder(user.id, { name: "Greek Salad", portion: "large", unitPrice: 219, quantity: 1 }, "Asha Rao"),
  });
  orderId = order.id;
});

afterAll(async () => {
  await db().order.deleteMany({ where: { userId: customer.id } });
  await db().user.delete({ where: { id: customer.id } });
});

it("gives an admin any customer's order with its lines, address and history", async () => {
  const order = await findOrderForAdmin(admin, orderId);
  expect(order).toMatchObject({
    id: orderId,
    status: "pending",
    address: { name: "Asha Rao" },
    user: { id: customer.id, email: customer.email },
    items: [{ name: "Greek Salad", portion: "large", unitPrice: 219, quantity: 1 }],
  });
  expect(order?.history).toEqual([{ status: "pending", at: order?.createdAt, by: "customer" }]);
});

it("refuses the order's own customer and any other non-admin", async () => {
  await expect(findOrderForAdmin(customer, orderId)).rejects.toBeInstanceOf(Forbidden);
  await expect(findOrderForAdmin({ ...customer, id: "someone-else" }, orderId)).rejects.toBeInstanceOf(Forbidden);
});

it("answers null for an unknown or malformed id", async () => {
  expect(await findOrderForAdmin(admin, "c000000000unknownorder00")).toBeNull();
  expect(await findOrderForAdmin(admin, "bad id\u0000")).toBeNull();
});
