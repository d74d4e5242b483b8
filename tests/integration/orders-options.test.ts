import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { GET as listRoute, POST as createRoute } from "@/app/api/orders/route";
import { GET as getRoute, PATCH as patchRoute } from "@/app/api/orders/[id]/route";
import { call, type AnyHandler, type Caller } from "@/tests/support/api";
import { raceBehindLock } from "@/tests/support/race";
import { makeCaller } from "@/tests/support/callers";
import { shopFixtures, type ShopFixtures } from "@/tests/support/shop-fixtures";
import { mailbox } from "./setup";
import { waitForMail } from "@/tests/support/mail-capture";
import { findOrderForAdmin } from "@/lib/orders/admin-order";
import { kitchenRead } from "@/lib/orders/kitchen";
import type { ApiOrderWithHistory, OrderLineOption } from "@/lib/orders/types";

// Bowls made your way through POST /api/orders (product.md §8) against the real route handlers
// and PostgreSQL: defaults for a line without options, chosen options priced into the line,
// every broken rule a 400 naming the field with nothing written, the note kept, and each reply
// and read carrying the options and note as they were ordered, whatever the menu does later.

type Reply = { status: number; body: { order: ApiOrderWithHistory; error?: string; field?: string; code?: string; prices?: number[] } };

let shop: ShopFixtures;
let bowl = ""; // Medium 199, with the groups below
let other = ""; // another item, with a choice of its own
const c: Record<string, string> = {};

beforeAll(async () => {
  shop = await shopFixtures("orders-options");
  bowl = await shop.item();
  other = await shop.item();
  const group = (
    menuItemId: string,
    name: string,
    min: number,
    max: number,
    position: number,
    choices: [string, number, boolean?, boolean?][],
  ) =>
    db().menuOptionGroup.create({
      data: {
        menuItemId,
        name,
        min,
        max,
        position,
        choices: {
          create: choices.map(([choice, price, isDefault = false, available = true], i) => ({
            name: choice,
            price,
            isDefault,
            available,
            position: i,
          })),
        },
      },
      include: { choices: true },
    });
  const groups = [
    await group(bowl, "Dressing", 1, 1, 0, [
      ["Lemon", 0, true],
      ["Ranch", 0],
      ["Honey mustard", 0, false, false],
    ]),
    await group(bowl, "Extra protein", 0, 2, 1, [
      ["Chicken", 60],
      ["Egg", 30],
      ["Paneer", 50],
    ]),
    await group(bowl, "Leave out", 0, 2, 2, [
      ["Onion", 0],
      ["Croutons", 0],
    ]),
    await group(other, "Dressing", 1, 1, 0, [["Other lemon", 0, true]]),
  ];
  for (const g of groups) for (const choice of g.choices) c[`${g.menuItemId === other ? "other " : ""}${choice.name}`] = choice.id;
});

afterAll(async () => {
  await shop.cleanUp();
});

async function customer(): Promise<Caller> {
  const caller = await makeCaller("user");
  shop.adopt(caller.id);
  return caller;
}

const address = { name: "Asha Rao", phone: "9876543210", street: "1 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" };
const orderOf = (...lines: Record<string, unknown>[]) => ({ items: lines, address, paymentMethod: "UPI" });
const line = (extra: Record<string, unknown> = {}) => ({ id: bowl, portion: "medium", quantity: 1, ...extra });

async function place(caller: Caller, body: unknown, key = randomUUID()): Promise<Reply> {
  const reply = await call(createRoute as AnyHandler, "POST", "/api/orders", { caller, body, headers: { "idempotency-key": key } });
  return { status: reply.status, body: reply.json as Reply["body"] };
}

const written = async (userId: string) => ({
  orders: await db().order.count({ where: { userId } }),
  lines: await db().orderLine.count({ where: { order: { userId } } }),
  keys: await db().idempotencyKey.count({ where: { userId } }),
});

const opt = (name: string, group: string, price: number): OrderLineOption => ({ id: c[name], group, name, price });
const setChoice = (name: string, data: { price?: number; available?: boolean }) =>
  db().menuOptionChoice.update({ where: { id: c[name] }, data });

describe("options on an order line", () => {
  it("gives a line that sends no options the defaults, at the portion's price, with no note", async () => {
    const user = await customer();
    const { status, body } = await place(user, orderOf(line({ quantity: 2 })));
    expect(status).toBe(201);
    expect(body.order.items[0]).toMatchObject({ unitPrice: 199, lineTotal: 398, options: [opt("Lemon", "Dressing", 0)], note: null });
    const stored = await db().orderLine.findFirstOrThrow({ where: { orderId: body.order.id } });
    expect(stored).toMatchObject({ options: [opt("Lemon", "Dressing", 0)], note: null, unitPrice: 199 });
  });

  it("prices the chosen options into the line, keeps them in group order with the note, and every read shows them", async () => {
    const user = await customer();
    const admin = await makeCaller("admin");
    const sent = line({ quantity: 2, options: [c.Onion, c.Egg, c.Ranch, c.Chicken], note: "  Dressing on the side  " });
    const { status, body } = await place(user, { ...orderOf(sent), total: (199 + 60 + 30) * 2 + 40 });
    expect(status).toBe(201);
    const options = [
      opt("Ranch", "Dressing", 0),
      opt("Chicken", "Extra protein", 60),
      opt("Egg", "Extra protein", 30),
      opt("Onion", "Leave out", 0),
    ];
    const expected = {
      menuItemId: bowl,
      portion: "medium",
      unitPrice: 289,
      quantity: 2,
      lineTotal: 578,
      options,
      note: "Dressing on the side",
    };
    expect(body.order.items).toEqual([{ ...expected, name: expect.any(String) }]);
    expect(body.order).toMatchObject({ subtotal: 578, total: 618 });
    const id = body.order.id;
    const stored = await db().orderLine.findFirstOrThrow({ where: { orderId: id } });
    expect(stored).toMatchObject({ options, note: "Dressing on the side", unitPrice: 289, lineTotal: 578 });

    const read = await call(getRoute as AnyHandler, "GET", `/api/orders/${id}`, { caller: user, params: { id } });
    expect((read.json as ApiOrderWithHistory).items[0]).toMatchObject(expected);
    const listed = await call(listRoute as AnyHandler, "GET", "/api/orders", { caller: user });
    expect((listed.json as ApiOrderWithHistory[]).find((o) => o.id === id)?.items[0]).toMatchObject(expected);
    const moved = await call(patchRoute as AnyHandler, "PATCH", `/api/orders/${id}`, {
      caller: admin,
      params: { id },
      body: { status: "confirmed" },
    });
    expect(moved.status).toBe(200);
    expect((moved.json as ApiOrderWithHistory).items[0]).toMatchObject(expected);
    const adminRead = await findOrderForAdmin({ ...admin }, id);
    expect(adminRead?.items[0]).toMatchObject(expected);
    const [ticket] = (await kitchenRead({ ...admin }, [id])).tickets;
    expect(ticket?.lines).toEqual([{ quantity: 2, name: expect.any(String), portion: "medium", options, note: "Dressing on the side" }]);
  });

  it("lists each line's options and note in the confirmation mail", async () => {
    const user = await customer();
    const { status } = await place(user, orderOf(line({ options: [c.Ranch, c.Chicken, c.Croutons], note: "Less salt please" })));
    expect(status).toBe(201);
    const mail = await waitForMail(mailbox, (m) => m.to.includes(user.email));
    expect(mail.text).toContain("Dressing: Ranch; Extra protein: Chicken (+₹60); Leave out: Croutons");
    expect(mail.text).toContain("Note: Less salt please");
    expect(mail.html).toContain("Less salt please");
  });

  it("takes the same bowl made two ways as two lines, and refuses it twice made the same way", async () => {
    const user = await customer();
    const two = await place(user, orderOf(line(), line({ options: [c.Ranch] }), line({ note: "Extra lemon" })));
    expect(two.status).toBe(201);
    expect(two.body.order.items.map((l) => [l.options.map((o) => o.name), l.note])).toEqual([
      [["Lemon"], null],
      [["Ranch"], null],
      [["Lemon"], "Extra lemon"],
    ]);
    const before = await written(user.id);
    const same = await place(user, orderOf(line(), line({ options: [c.Lemon], quantity: 2 })));
    expect(same.status).toBe(400);
    expect(same.body.field).toBe("items.1");
    expect(await written(user.id)).toEqual(before);
  });

  it.each([
    ["no dressing for a required group", () => [c.Chicken], "items.0.options", "items.0.options: choose exactly 1 from Dressing"],
    ["two dressings", () => [c.Lemon, c.Ranch], "items.0.options", "items.0.options: choose exactly 1 from Dressing"],
    [
      "three extra proteins",
      () => [c.Lemon, c.Chicken, c.Egg, c.Paneer],
      "items.0.options",
      "items.0.options: choose at most 2 from Extra protein",
    ],
    ["an unknown choice", () => [c.Lemon, "ckunknownchoice000000000"], "items.0.options.1", /^items\.0\.options\.1: not a choice of /],
    ["another item's choice", () => [c["other Other lemon"]], "items.0.options.0", /^items\.0\.options\.0: not a choice of /],
    ["a sold-out choice", () => [c["Honey mustard"]], "items.0.options.0", "items.0.options.0: Honey mustard is sold out"],
    ["the same choice twice", () => [c.Lemon, c.Lemon], "items.0.options.1", /^items\.0\.options\.1: /],
    ["options that are not a list", () => c.Lemon, "items.0.options", /^items\.0\.options: /],
    ["options that are not ids", () => [{ id: c.Lemon }], "items.0.options.0", /^items\.0\.options\.0: /],
    ["too many options", () => Array.from({ length: 21 }, (_, i) => `ckchoice${i}`), "items.0.options", /^items\.0\.options: .*at most 20/],
  ])("refuses %s with 400 naming the field, writing nothing", async (_, options, field, message) => {
    const user = await customer();
    const reply = await place(user, orderOf(line({ options: options() })));
    expect(reply.status).toBe(400);
    expect(reply.body.field).toBe(field);
    expect(reply.body.error).toMatch(message);
    expect(await written(user.id)).toEqual({ orders: 0, lines: 0, keys: 0 });
  });

  it("refuses a note over 140 characters or with control characters, and keeps one of 140", async () => {
    const user = await customer();
    for (const note of ["x".repeat(141), "one\u0007two"]) {
      const reply = await place(user, orderOf(line({ note })));
      expect(reply.status).toBe(400);
      expect(reply.body.field).toBe("items.0.note");
      expect(reply.body.error).toMatch(/^items\.0\.note: /);
    }
    expect(await written(user.id)).toEqual({ orders: 0, lines: 0, keys: 0 });
    const note = `${"ঝাল কম ".repeat(30).slice(0, 139)}!`;
    const kept = await place(user, orderOf(line({ note })));
    expect(kept.status).toBe(201);
    expect(kept.body.order.items[0].note).toBe(note);
    expect((await db().orderLine.findFirstOrThrow({ where: { orderId: kept.body.order.id } })).note).toBe(note);
  });

  it("replays an order with options under its key (in any order), and refuses the key for other options", async () => {
    const user = await customer();
    const key = randomUUID();
    const first = await place(user, orderOf(line({ options: [c.Lemon, c.Egg], note: "Hot" })), key);
    expect(first.status).toBe(201);
    const again = await place(user, orderOf(line({ options: [c.Egg, c.Lemon], note: " Hot " })), key);
    expect(again.status).toBe(200);
    expect(again.body.order.items).toEqual(first.body.order.items);
    const changed = await place(user, orderOf(line({ options: [c.Lemon, c.Chicken], note: "Hot" })), key);
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe("idempotency_key_reused");
    expect(await written(user.id)).toMatchObject({ orders: 1 });
  });
});

describe("options as they were ordered", () => {
  it("keep a past order's snapshot when an admin renames, reprices or removes a choice", async () => {
    const user = await customer();
    const { body } = await place(user, orderOf(line({ options: [c.Lemon, c.Paneer] })));
    const before = body.order.items[0];
    expect(before).toMatchObject({ unitPrice: 249, options: [opt("Lemon", "Dressing", 0), opt("Paneer", "Extra protein", 50)] });
    await db().menuOptionChoice.update({ where: { id: c.Paneer }, data: { name: "Paneer tikka", price: 70 } });
    await db().menuOptionChoice.delete({ where: { id: c.Paneer } });
    const id = body.order.id;
    const read = await call(getRoute as AnyHandler, "GET", `/api/orders/${id}`, { caller: user, params: { id } });
    expect((read.json as ApiOrderWithHistory).items[0]).toEqual(before);
    // The removed choice is no longer one of the bowl's.
    const refused = await place(user, orderOf(line({ options: [c.Lemon, c.Paneer] })));
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe("items.0.options.1");
  });

  it("prices a choice repriced since the last order as it is now", async () => {
    const user = await customer();
    await setChoice("Chicken", { price: 60 });
    expect((await place(user, orderOf(line({ options: [c.Lemon, c.Chicken] })))).body.order.items[0].unitPrice).toBe(259);
    await setChoice("Chicken", { price: 80 });
    const fresh = await place(user, orderOf(line({ options: [c.Lemon, c.Chicken] })));
    expect(fresh.status).toBe(201);
    expect(fresh.body.order.items[0]).toMatchObject({
      unitPrice: 279,
      options: [opt("Lemon", "Dressing", 0), opt("Chicken", "Extra protein", 80)],
    });
    // A client still showing the old price gets 409 with each line's unit price, options included.
    await setChoice("Chicken", { price: 90 });
    const before = await written(user.id);
    const stale = await place(user, {
      ...orderOf(line({ options: [c.Lemon, c.Chicken] }), line({ portion: "small" })),
      total: 279 + 149 + 40,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("price_changed");
    expect(stale.body.prices).toEqual([289, 149]);
    expect(await written(user.id)).toEqual(before);
  });

  it("refuses a choice sold out since the last order, writing nothing", async () => {
    const user = await customer();
    await setChoice("Egg", { available: true });
    expect((await place(user, orderOf(line({ options: [c.Lemon, c.Egg] })))).status).toBe(201);
    await setChoice("Egg", { available: false });
    const before = await written(user.id);
    const reply = await place(user, orderOf(line({ options: [c.Lemon, c.Egg] })));
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe("items.0.options.1: Egg is sold out");
    expect(await written(user.id)).toEqual(before);
    await setChoice("Egg", { available: true });
  });

  it("waits for a choice repriced while the order is placed, and charges the new price", async () => {
    const user = await customer();
    await setChoice("Chicken", { price: 100 });
    // The admin's change (its trigger touches the item's row) commits while the order waits for it.
    const reply = await raceBehindLock(`UPDATE menu_option_choices SET price = 120 WHERE id = '${c.Chicken}'`, 1, () =>
      place(user, orderOf(line({ options: [c.Lemon, c.Chicken] }))),
    );
    expect(reply.status).toBe(201);
    expect(reply.body.order.items[0]).toMatchObject({
      unitPrice: 319,
      options: [opt("Lemon", "Dressing", 0), opt("Chicken", "Extra protein", 120)],
    });
  });
});
