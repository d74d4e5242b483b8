import "@/tests/support/async-local-storage";
import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { test as it } from "./fixtures";
import { db } from "@/lib/db";
import { GET as listRoute, POST as createRoute } from "@/app/api/addresses/route";
import { DELETE as deleteRoute, PUT as updateRoute } from "@/app/api/addresses/[id]/route";
import { POST as placeRoute } from "@/app/api/orders/route";
import { GET as orderRoute } from "@/app/api/orders/[id]/route";
import { call, randomIp, type Caller } from "@/tests/support/api";
import { raceBehindLock } from "@/tests/support/race";
import { TYPED_ADDRESS, sampleAddress } from "@/tests/support/address";
import { writesNothing } from "./watch-writes";

// The address book (product.md §13) through the route handlers on real PostgreSQL: the checkout's
// own validation, at most 10 however many saves arrive at once, exactly one default, only one's
// own addresses, and orders that keep the address they were sent to.

type Saved = { id: string; _id: string; label: string; name: string; phone: string; zip: string; street: string; isDefault: boolean };
type Refusal = { error: string; code: string; field?: string };

const HOME = { label: "Home", ...sampleAddress("Asha Rao") };
const WORK = {
  label: "Work",
  name: "Asha Rao",
  phone: "9876500000",
  street: "4 Residency Road",
  city: "Bengaluru",
  state: "Karnataka",
  zip: "560025",
};

const save = (caller: Caller | undefined, body: unknown) => call(createRoute, "POST", "/api/addresses", { caller, body });
const saved = async (caller: Caller, body: unknown) => {
  const reply = await save(caller, body);
  expect(reply.status, reply.text).toBe(201);
  return reply.json as Saved;
};
const list = async (caller: Caller) => {
  const reply = await call(listRoute, "GET", "/api/addresses", { caller });
  expect(reply.status, reply.text).toBe(200);
  return reply.json as Saved[];
};
const change = (caller: Caller | undefined, id: string, body: unknown) =>
  call(updateRoute, "PUT", `/api/addresses/${id}`, { caller, body, params: { id } });
const remove = (caller: Caller | undefined, id: string) => call(deleteRoute, "DELETE", `/api/addresses/${id}`, { caller, params: { id } });
const defaults = async (caller: Caller) => (await list(caller)).filter((a) => a.isDefault).map((a) => a.label);

describe("saving addresses", () => {
  it("the first address saved is the default, the next is not; the list shows the default first, then the newest", async ({ customer }) => {
    const home = await saved(customer, HOME);
    expect(home).toMatchObject({ ...HOME, isDefault: true });
    expect(home._id).toBe(home.id);
    const work = await saved(customer, WORK);
    expect(work.isDefault).toBe(false);
    const office = await saved(customer, { ...WORK, label: "Office 2nd floor" });
    expect((await list(customer)).map((a) => a.id)).toEqual([home.id, office.id, work.id]);
  });

  it("normalises as the checkout does (phone and PIN spaces); any script; no label is Home", async ({ customer }) => {
    const row = await saved(customer, { ...TYPED_ADDRESS, street: "ಕನ್ನಡ ರಸ್ತೆ 5" });
    expect(row).toMatchObject({ label: "Home", name: "Zoë O'Brien", phone: "+919876543210", zip: "560001", street: "ಕನ್ನಡ ರಸ್ತೆ 5" });
  });

  it("isDefault: true on a new address moves the default to it", async ({ customer }) => {
    await saved(customer, HOME);
    const work = await saved(customer, { ...WORK, isDefault: true });
    expect(work.isDefault).toBe(true);
    expect(await defaults(customer)).toEqual(["Work"]);
  });

  it.for<[string, unknown, string]>([
    ["a phone of 9 digits", { ...HOME, phone: "987654321" }, "phone"],
    ["a PIN of 5 digits", { ...HOME, zip: "56000" }, "zip"],
    ["no street", { ...HOME, street: "  " }, "street"],
    ["a label over 20 characters", { ...HOME, label: "My parents' place, JP Nagar" }, "label"],
    ["a label with a control character", { ...HOME, label: "Home\u0007" }, "label"],
    ["isDefault that is not true or false", { ...HOME, isDefault: "yes" }, "isDefault"],
  ])("%s: 400 naming the field, nothing written", async ([, body, field], { customer }) => {
    const reply = await writesNothing(() => save(customer, body));
    expect(reply.status, reply.text).toBe(400);
    expect((reply.json as Refusal).field).toBe(field);
  });

  it("signed out: 401 for every call", async ({ customer }) => {
    const { id } = await saved(customer, HOME);
    expect((await save(undefined, HOME)).status).toBe(401);
    expect((await call(listRoute, "GET", "/api/addresses")).status).toBe(401);
    expect((await change(undefined, id, { label: "Work" })).status).toBe(401);
    expect((await remove(undefined, id)).status).toBe(401);
  });
});

describe("at most 10", () => {
  it("the eleventh is 409 address_book_full with a message, nothing written", async ({ customer }) => {
    for (let i = 0; i < 10; i++) await saved(customer, { ...HOME, label: `Place ${i + 1}` });
    const reply = await writesNothing(() => save(customer, WORK));
    expect(reply.status, reply.text).toBe(409);
    expect(reply.json).toEqual({
      code: "address_book_full",
      error: "You can save at most 10 addresses. Delete one to add another.",
    });
    expect(await list(customer)).toHaveLength(10);
  });

  it("saves fired at once never pass 10, and leave one default", async ({ newCaller }) => {
    const customer = await newCaller();
    for (let i = 0; i < 7; i++) await saved(customer, { ...HOME, label: `Place ${i + 1}` });
    const replies = await raceBehindLock(`SELECT id FROM users WHERE id = '${customer.id}' FOR UPDATE`, 5, () =>
      Promise.all([1, 2, 3, 4, 5].map((n) => save(customer, { ...WORK, label: `Race ${n}`, isDefault: true }))),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409]);
    expect(await list(customer)).toHaveLength(10);
    expect((await defaults(customer)).length).toBe(1);
  });

  it("two first saves at once: one default", async ({ newCaller }) => {
    const customer = await newCaller();
    const replies = await raceBehindLock(`SELECT id FROM users WHERE id = '${customer.id}' FOR UPDATE`, 2, () =>
      Promise.all([save(customer, HOME), save(customer, WORK)]),
    );
    for (const r of replies) expect(r.status, r.text).toBe(201);
    expect((await defaults(customer)).length).toBe(1);
  });
});

describe("changing and deleting", () => {
  it("PUT changes the fields sent, checked as on POST; isDefault: true unsets the old default", async ({ customer }) => {
    const home = await saved(customer, HOME);
    const work = await saved(customer, WORK);
    const renamed = await change(customer, work.id, { label: "Office", street: " 5 Residency Road " });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json).toMatchObject({ label: "Office", street: "5 Residency Road", zip: WORK.zip, isDefault: false });

    const bad = await writesNothing(() => change(customer, work.id, { zip: "5600" }));
    expect(bad.status).toBe(400);
    expect((bad.json as Refusal).field).toBe("zip");

    const made = await change(customer, work.id, { isDefault: true });
    expect(made.status, made.text).toBe(200);
    expect(await defaults(customer)).toEqual(["Office"]);
    expect((await list(customer)).find((a) => a.id === home.id)?.isDefault).toBe(false);
  });

  it("the default cannot be unset by itself: 400 isDefault", async ({ customer }) => {
    const home = await saved(customer, HOME);
    const reply = await writesNothing(() => change(customer, home.id, { isDefault: false }));
    expect(reply.status).toBe(400);
    expect((reply.json as Refusal).field).toBe("isDefault");
  });

  it("deleting the default makes the most recent remaining one the default; deleting another leaves it", async ({ customer }) => {
    const home = await saved(customer, HOME);
    const work = await saved(customer, WORK);
    const gym = await saved(customer, { ...WORK, label: "Gym" });
    const gone = await remove(customer, work.id);
    expect(gone.status, gone.text).toBe(200);
    expect(await defaults(customer)).toEqual(["Home"]);
    expect((await remove(customer, home.id)).status).toBe(200);
    expect(await defaults(customer)).toEqual(["Gym"]);
    expect((await remove(customer, gym.id)).status).toBe(200);
    expect(await list(customer)).toEqual([]);
  });

  it("someone else's address, or none by that id: 404, nothing written; their book unchanged", async ({ customer, vikram }) => {
    const theirs = await saved(vikram, { ...HOME, name: "Vikram Shah" });
    for (const id of [theirs.id, "c0000000000000000000000000", "not an id!"]) {
      const put = await writesNothing(() => change(customer, id, { label: "Mine now" }));
      expect(put.status, put.text).toBe(404);
      expect((put.json as Refusal).error).toBe("Address not found.");
      expect((await writesNothing(() => remove(customer, id))).status).toBe(404);
    }
    expect((await list(customer)).some((a) => a.id === theirs.id)).toBe(false);
    expect((await list(vikram)).find((a) => a.id === theirs.id)).toMatchObject({ name: "Vikram Shah", label: "Home" });
  });
});

describe("orders keep their own copy", () => {
  it("editing or deleting the saved address an order was sent to never changes the order", async ({ customer, item }) => {
    const home = await saved(customer, HOME);
    const placed = await call(placeRoute, "POST", "/api/orders", {
      caller: customer,
      ip: randomIp(),
      headers: { "idempotency-key": randomUUID() },
      body: {
        items: [{ id: item, portion: "small", quantity: 1 }],
        address: { name: home.name, phone: home.phone, street: home.street, city: "Bengaluru", state: "Karnataka", zip: home.zip },
        paymentMethod: "Cash on Delivery",
      },
    });
    expect(placed.status, placed.text).toBe(201);
    const orderId = (placed.json as { order: { id: string } }).order.id;
    const addressOf = async () => {
      const reply = await call(orderRoute, "GET", `/api/orders/${orderId}`, { caller: customer, params: { id: orderId } });
      return (reply.json as { address: Record<string, string> }).address;
    };
    const before = await addressOf();
    expect(before).toMatchObject({ street: HOME.street, zip: HOME.zip });

    expect((await change(customer, home.id, { street: "99 Elsewhere Lane", zip: "560099" })).status).toBe(200);
    expect(await addressOf()).toEqual(before);
    expect((await remove(customer, home.id)).status).toBe(200);
    expect(await addressOf()).toEqual(before);
    expect(await db().order.count({ where: { id: orderId } })).toBe(1);
  });
});
