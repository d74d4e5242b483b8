import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { test as it } from "./fixtures";
import { db } from "@/lib/db";
import { POST as reorderRoute } from "@/app/api/orders/[id]/reorder/route";
import { POST as placeRoute } from "@/app/api/orders/route";
import { call, type AnyHandler, type Caller } from "@/tests/support/api";
import { storedOrder } from "@/tests/support/stored-order";
import { cartIdOf, customCartIdOf, orderItemsOf } from "@/lib/cart/lines";
import type { ReorderReply } from "@/lib/reorder/types";
import { writesNothing } from "./watch-writes";

// "Order again" (product.md §13) through the real route handler on PostgreSQL: an order's lines
// come back as cart lines at today's prices with the same options and note, what cannot be had
// today is named with its reason, only the order's own customer may ask, and the lines it gives
// can be ordered as they are.

const reorder = (caller: Caller | undefined, id: string) =>
  call(reorderRoute, "POST", `/api/orders/${id}/reorder`, { caller, params: { id } });

/** A bowl with a required dressing (Lemon by default) and optional extras (Egg ₹30, Paneer ₹50); its id and choice ids. */
async function bowlWithOptions(item: string) {
  const made = await Promise.all([
    db().menuOptionGroup.create({
      data: {
        menuItemId: item,
        name: "Dressing",
        min: 1,
        max: 1,
        position: 0,
        choices: {
          create: [
            { name: "Lemon", isDefault: true },
            { name: "Ranch", position: 1 },
          ],
        },
      },
      include: { choices: true },
    }),
    db().menuOptionGroup.create({
      data: {
        menuItemId: item,
        name: "Extras",
        min: 0,
        max: 2,
        position: 1,
        choices: {
          create: [
            { name: "Egg", price: 30 },
            { name: "Paneer", price: 50, position: 1 },
          ],
        },
      },
      include: { choices: true },
    }),
  ]);
  return Object.fromEntries(made.flatMap((g) => g.choices.map((c) => [c.name, c.id]))) as Record<
    "Lemon" | "Ranch" | "Egg" | "Paneer",
    string
  >;
}

type PastLine = {
  menuItemId: string | null;
  name: string;
  portion: "small" | "medium" | "large";
  unitPrice: number;
  quantity: number;
  options?: { id: string; group: string; name: string; price: number }[];
  note?: string | null;
};

/** A delivered order of `userId` with these lines, written straight into the database; its id. */
async function pastOrder(userId: string, lines: PastLine[]): Promise<string> {
  const base = storedOrder(userId, { name: "x", portion: "small", unitPrice: 1, quantity: 1 });
  const row = await db().order.create({
    data: {
      ...base,
      status: "delivered",
      lines: { create: lines.map((l, position) => ({ options: [], ...l, lineTotal: l.unitPrice * l.quantity, position })) },
    },
  });
  return row.id;
}

describe("POST /api/orders/{id}/reorder", () => {
  it("gives today's prices and names, the same options and note, and says what was sold out, removed or no longer offered", async ({
    shop,
    customer,
  }) => {
    const [plain, custom, soldOut, gone, changed] = await Promise.all([shop.item(), shop.item(), shop.item(), shop.item(), shop.item()]);
    const c = await bowlWithOptions(custom);
    const d = await bowlWithOptions(changed);
    const opt = (id: string, group: string, name: string, price: number) => ({ id, group, name, price });
    const order = await pastOrder(customer.id, [
      { menuItemId: plain, name: "Old name", portion: "small", unitPrice: 139, quantity: 2 },
      {
        menuItemId: custom,
        name: "Test bowl 2",
        portion: "medium",
        unitPrice: 229,
        quantity: 1,
        options: [opt(c.Ranch, "Dressing", "Ranch", 0), opt(c.Egg, "Extras", "Egg", 20)],
        note: "No onion, please",
      },
      { menuItemId: soldOut, name: "Test bowl 3", portion: "small", unitPrice: 149, quantity: 1 },
      { menuItemId: gone, name: "Egg Caesar", portion: "small", unitPrice: 149, quantity: 1 },
      {
        menuItemId: changed,
        name: "Test bowl 5",
        portion: "large",
        unitPrice: 299,
        quantity: 1,
        options: [opt(d.Lemon, "Dressing", "Lemon", 0), opt(d.Paneer, "Extras", "Paneer", 50)],
      },
    ]);
    // Since then: a price rise and a new name, a dearer egg, one bowl sold out, one deleted, a choice taken off.
    await db().menuItem.update({ where: { id: plain }, data: { priceSmall: 159, name: "Green Goddess" } });
    await db().menuOptionChoice.update({ where: { id: c.Egg }, data: { price: 35 } });
    await db().menuItem.update({ where: { id: soldOut }, data: { available: false } });
    await db().menuItem.delete({ where: { id: gone } });
    await db().menuOptionChoice.delete({ where: { id: d.Paneer } });

    const reply = await reorder(customer, order);
    expect(reply.status, reply.text).toBe(200);
    const { lines, skipped } = reply.json as ReorderReply;
    expect(lines).toEqual([
      expect.objectContaining({
        cartId: cartIdOf(plain, "small"),
        id: plain,
        name: "Green Goddess",
        portion: "small",
        price: 159,
        quantity: 2,
        options: [],
        note: "",
      }),
      expect.objectContaining({
        cartId: customCartIdOf(custom, "medium", [c.Ranch, c.Egg], "No onion, please"),
        id: custom,
        portion: "medium",
        price: 199 + 35,
        quantity: 1,
        options: [opt(c.Ranch, "Dressing", "Ranch", 0), opt(c.Egg, "Extras", "Egg", 35)],
        note: "No onion, please",
      }),
    ]);
    expect(skipped).toEqual([
      { name: "Test bowl 3", reason: "sold_out" },
      { name: "Egg Caesar", reason: "removed" },
      { name: "Test bowl 5", reason: "option_unavailable" },
    ]);

    // What came back can be ordered as it is, at the prices quoted.
    const placed = await call(placeRoute as AnyHandler, "POST", "/api/orders", {
      caller: customer,
      body: {
        items: orderItemsOf(lines),
        address: { name: "Asha Rao", phone: "9876543210", street: "1 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" },
        paymentMethod: "Cash on Delivery",
      },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(placed.status, placed.text).toBe(201);
    const items = (placed.json as { order: { items: { unitPrice: number; note: string | null }[] } }).order.items;
    expect(items.map((i) => [i.unitPrice, i.note])).toEqual([
      [159, null],
      [234, "No onion, please"],
    ]);
  });

  it("a line ordered with the item's usual choices is the plain cart line; a sold-out usual choice is no longer offered", async ({
    shop,
    customer,
  }) => {
    const item = await shop.item();
    const c = await bowlWithOptions(item);
    const usual = [{ id: c.Lemon, group: "Dressing", name: "Lemon", price: 0 }];
    const order = await pastOrder(customer.id, [
      { menuItemId: item, name: "Test bowl", portion: "medium", unitPrice: 199, quantity: 3, options: usual },
    ]);
    const first = (await reorder(customer, order)).json as ReorderReply;
    expect(first).toEqual({
      lines: [expect.objectContaining({ cartId: cartIdOf(item, "medium"), price: 199, quantity: 3, options: [] })],
      skipped: [],
    });

    await db().menuOptionChoice.update({ where: { id: c.Lemon }, data: { available: false } });
    const second = (await reorder(customer, order)).json as ReorderReply;
    expect(second).toEqual({ lines: [], skipped: [{ name: expect.stringMatching(/^Test bowl/), reason: "option_unavailable" }] });
  });

  it("only the order's customer: another customer and an admin get 404, signed out 401, a malformed id 404; nothing is written", async ({
    onlyItsCustomer,
    customer,
  }) => {
    const order = await onlyItsCustomer(reorder);
    await writesNothing(async () => expect((await reorder(customer, order)).status).toBe(200));
  });
});
