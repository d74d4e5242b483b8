import { randomBytes, randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailbox, pauseMailWorker, resumeMailWorker } from "./setup";
import { waitForMail, type CapturedMail } from "@/tests/support/mail-capture";
import { db } from "@/lib/db";
import { encodeSession } from "@/lib/auth/jwt";
import { GET as listRoute, POST as createRoute } from "@/app/api/orders/route";
import { GET as getRoute, PATCH as patchRoute } from "@/app/api/orders/[id]/route";
import { call as callRoute } from "@/tests/support/api";
import { raceBehindLock } from "@/tests/support/race";
import type { Role } from "@/lib/auth/types";
import type { ApiOrderWithHistory } from "@/lib/orders/types";
import { formatIndiaTime } from "@/lib/time";

// The order API against the real route handlers and PostgreSQL, with mail through the real
// Resend SDK to the capture server. The file makes its own category and items (and removes
// them afterwards) so it does not depend on, or disturb, the seeded menu other files read.

type Body = Record<string, unknown> & { error?: string; field?: string };
type Order = {
  id: string;
  _id: string;
  items: { menuItemId: string | null; name: string; portion: string; unitPrice: number; quantity: number; lineTotal: number }[];
  address: Record<string, string>;
  paymentMethod: string;
  subtotal: number;
  deliveryFee: number;
  total: number;
  status: string;
  createdAt: string;
  updatedAt: string;
  user: { id: string; name: string; email: string };
};
type Handler = (req: NextRequest, ctx: { params: Promise<{ id: string }> }) => Promise<Response>;
type Caller = { id: string; name: string; email: string; headers: Record<string, string> };

const tag = randomBytes(3).toString("hex");
let categoryId = "";
const items = { caesar: "", greek: "", soldOut: "" };

const address = {
  name: "Zoë O'Brien",
  phone: "+91 98765 43210",
  street: "12 MG Road, <b>Flat 3</b>",
  city: "Bengaluru",
  state: "Karnataka",
  zip: "560001",
};

async function makeUser(role: Role = "user"): Promise<Caller> {
  const name = role === "admin" ? "Kitchen Admin" : "Asha Rao";
  const email = `${role}.${randomBytes(5).toString("hex")}@example.com`;
  const user = await db().user.create({ data: { name, email, role, emailConfirmedAt: new Date() } });
  const token = await encodeSession({ sub: user.id, role, sv: user.sessionVersion, name, email });
  return { id: user.id, name, email, headers: { authorization: `Bearer ${token}` } };
}

async function call(
  handler: Handler,
  method: string,
  path: string,
  init: { caller?: Caller; body?: unknown; headers?: Record<string, string>; id?: string } = {},
) {
  const reply = await callRoute(handler, method, path, {
    headers: { ...init.caller?.headers, ...init.headers },
    body: init.body,
    params: { id: init.id ?? "" },
  });
  return { status: reply.status, body: (reply.json ?? {}) as Body & Order & { order: Order; prices: number[] } & Order[] };
}

const place = (caller: Caller | undefined, body: unknown, key?: string) =>
  call(createRoute as Handler, "POST", "/api/orders", { caller, body, headers: key ? { "idempotency-key": key } : {} });
const list = (caller: Caller, query = "") => call(listRoute as Handler, "GET", `/api/orders${query}`, { caller });
const getOne = (caller: Caller, id: string) => call(getRoute as Handler, "GET", `/api/orders/${id}`, { caller, id });
const patch = (caller: Caller, id: string, status: unknown) =>
  call(patchRoute as Handler, "PATCH", `/api/orders/${id}`, { caller, id, body: { status } });

function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    items: [
      { id: items.caesar, portion: "medium", quantity: 2 },
      { menuItemId: items.greek, portion: "small", quantity: 1 },
    ],
    address,
    paymentMethod: "Cash on Delivery",
    ...overrides,
  };
}

const ordersOf = (userId: string) => db().order.count({ where: { userId } });
const linesOf = (userId: string) => db().orderLine.count({ where: { order: { userId } } });

beforeAll(async () => {
  const category = await db().category.create({ data: { slug: `orders-test-${tag}`, name: `Orders test ${tag}`, position: 99 } });
  categoryId = category.id;
  const make = (slug: string, name: string, prices: [number, number, number], available = true) =>
    db().menuItem.create({
      data: { slug: `${slug}-${tag}`, name, categoryId, priceSmall: prices[0], priceMedium: prices[1], priceLarge: prices[2], available },
    });
  items.caesar = (await make("caesar", "Test Caesar", [179, 219, 259])).id;
  items.greek = (await make("greek", "Test Greek", [139, 179, 219])).id;
  items.soldOut = (await make("sold-out", "Test Egg Bowl", [129, 169, 209], false)).id;
});

afterAll(async () => {
  await db().menuItem.deleteMany({ where: { categoryId } });
  await db().category.delete({ where: { id: categoryId } });
});

describe("POST /api/orders", () => {
  it("needs a signed-in caller", async () => {
    const res = await place(undefined, orderBody());
    expect(res.status).toBe(401);
  });

  it("refuses a session that has ended (logout elsewhere, password reset) and writes nothing", async () => {
    const user = await makeUser();
    await db().user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
    const res = await place(user, orderBody(), randomUUID());
    expect(res.status).toBe(401);
    expect(await ordersOf(user.id)).toBe(0);
    expect(await db().idempotencyKey.count({ where: { userId: user.id } })).toBe(0);
  });

  it("prices every line from the database, ignoring client prices, status and dates", async () => {
    const user = await makeUser();
    const res = await place(
      user,
      {
        ...orderBody({
          items: [
            { id: items.caesar, portion: "medium", quantity: 2, price: 1, unitPrice: 1, name: "Free salad" },
            { menuItemId: items.greek, portion: "small", quantity: 1, price: 1 },
          ],
        }),
        status: "delivered",
        createdAt: "2001-01-01T00:00:00.000Z",
        subtotal: 2,
      },
      randomUUID(),
    );
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const order = res.body.order;
    expect(order.id).toBe(order._id);
    expect(order.items).toEqual([
      {
        menuItemId: items.caesar,
        name: "Test Caesar",
        portion: "medium",
        unitPrice: 219,
        quantity: 2,
        lineTotal: 438,
        options: [],
        note: null,
      },
      {
        menuItemId: items.greek,
        name: "Test Greek",
        portion: "small",
        unitPrice: 139,
        quantity: 1,
        lineTotal: 139,
        options: [],
        note: null,
      },
    ]);
    expect(order).toMatchObject({ subtotal: 577, deliveryFee: 40, total: 617, status: "pending", paymentMethod: "Cash on Delivery" });
    expect(order.address).toEqual({ ...address, phone: "+919876543210" });
    expect(order.user).toMatchObject({ id: user.id, name: user.name, email: user.email });
    expect(Date.now() - new Date(order.createdAt).getTime()).toBeLessThan(60_000);
  });

  it("keeps the snapshot of name and price when the menu changes later", async () => {
    const user = await makeUser();
    const { body } = await place(user, orderBody({ items: [{ id: items.greek, portion: "large", quantity: 1 }] }));
    await db().menuItem.update({ where: { id: items.greek }, data: { priceLarge: 999, name: "Renamed Greek" } });
    try {
      const again = await getOne(user, body.order.id);
      expect(again.body.items[0]).toMatchObject({ name: "Test Greek", unitPrice: 219 });
    } finally {
      await db().menuItem.update({ where: { id: items.greek }, data: { priceLarge: 219, name: "Test Greek" } });
    }
  });

  it("answers a stale total with 409 and the current prices, writing nothing", async () => {
    const user = await makeUser();
    const res = await place(user, orderBody({ total: 500 }), randomUUID());
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/prices have changed/i);
    expect(res.body.prices).toEqual([219, 139]);
    expect(res.body.total).toBe(617);
    expect(await ordersOf(user.id)).toBe(0);

    const ok = await place(user, orderBody({ total: 617 }));
    expect(ok.status).toBe(201);
    expect(ok.body.order.total).toBe(617);
  });

  it.each([
    ["an unknown item", { items: [{ id: "no-such-item", portion: "small", quantity: 1 }] }, "items.0"],
    ["an unknown portion", { items: [{ id: "ITEM", portion: "jumbo", quantity: 1 }] }, "items.0.portion"],
    [
      "a sold-out item",
      {
        items: [
          { id: "ITEM", portion: "small", quantity: 1 },
          { id: "SOLD_OUT", portion: "small", quantity: 1 },
        ],
      },
      "items.1",
    ],
    ["quantity 0", { items: [{ id: "ITEM", portion: "small", quantity: 0 }] }, "items.0.quantity"],
    ["quantity 21", { items: [{ id: "ITEM", portion: "small", quantity: 21 }] }, "items.0.quantity"],
    ["a fractional quantity", { items: [{ id: "ITEM", portion: "small", quantity: 1.5 }] }, "items.0.quantity"],
    ["a line without an item id", { items: [{ portion: "small", quantity: 1 }] }, "items.0.menuItemId"],
    [
      "the same item and portion twice",
      {
        items: [
          { id: "ITEM", portion: "small", quantity: 1 },
          { menuItemId: "ITEM", portion: "small", quantity: 2 },
        ],
      },
      "items.1",
    ],
    ["an empty cart", { items: [] }, "items"],
    ["a bad phone", { address: { ...address, phone: "12345" } }, "address.phone"],
    ["a bad PIN code", { address: { ...address, zip: "5600" } }, "address.zip"],
    ["a missing street", { address: { ...address, street: " " } }, "address.street"],
    ["an unknown payment method", { paymentMethod: "Bitcoin" }, "paymentMethod"],
  ])("refuses %s with 400 naming the field, writing nothing", async (_, overrides, field) => {
    const user = await makeUser();
    const body = JSON.parse(
      JSON.stringify(orderBody(overrides))
        .replaceAll('"SOLD_OUT"', JSON.stringify(items.soldOut))
        .replaceAll('"ITEM"', JSON.stringify(items.caesar)),
    );
    const res = await place(user, body, randomUUID());
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toEqual(expect.any(String));
    expect(await ordersOf(user.id)).toBe(0);
    expect(await linesOf(user.id)).toBe(0);
  });

  it("names the field in the message, e.g. items.0.quantity", async () => {
    const user = await makeUser();
    const res = await place(user, orderBody({ items: [{ id: items.caesar, portion: "small", quantity: 21 }] }));
    expect(res.body.error).toContain("items.0.quantity");
  });

  it("refuses more than 50 lines", async () => {
    const user = await makeUser();
    const many = Array.from({ length: 51 }, (_, i) => ({ id: `${items.caesar}-${i}`, portion: "small", quantity: 1 }));
    const res = await place(user, orderBody({ items: many }));
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("items");
  });

  it("refuses a malformed body and a bad Idempotency-Key", async () => {
    const user = await makeUser();
    const bad = await createRoute(
      new NextRequest("http://localhost/api/orders", {
        method: "POST",
        body: "{nope",
        headers: { ...user.headers, "content-type": "application/json" },
      }),
      { params: Promise.resolve({}) },
    );
    expect(bad.status).toBe(400);
    const longKey = await place(user, orderBody(), "k".repeat(256));
    expect(longKey.status).toBe(400);
    expect(longKey.body.field).toBe("Idempotency-Key");
  });

  it.each([
    ["Cash on Delivery", "Cash on Delivery", "cash_on_delivery"],
    ["UPI", "UPI", "upi"],
    ["Card", "Card", "card"],
    ["Credit/Debit Card", "Card", "card"],
  ])("stores payment method %s", async (sent, shown, stored) => {
    const user = await makeUser();
    const res = await place(user, orderBody({ paymentMethod: sent }));
    expect(res.status).toBe(201);
    expect(res.body.order.paymentMethod).toBe(shown);
    const row = await db().order.findUniqueOrThrow({ where: { id: res.body.order.id } });
    expect(row.paymentMethod).toBe(stored);
  });

  it("accepts a request without an Idempotency-Key (old clients)", async () => {
    const user = await makeUser();
    expect((await place(user, orderBody())).status).toBe(201);
    expect((await place(user, orderBody())).status).toBe(201);
    expect(await ordersOf(user.id)).toBe(2);
  });
});

describe("idempotency", () => {
  it("returns the same order for a retry with the same key and body", async () => {
    const user = await makeUser();
    const key = randomUUID();
    const first = await place(user, orderBody({ total: 617 }), key);
    const retry = await place(user, orderBody({ total: 617 }), key);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(200);
    // The reply is the order as GET answers it, history included (product.md §4 and §7).
    expect((first.body.order as unknown as ApiOrderWithHistory).history).toEqual([
      { status: "pending", at: first.body.order.createdAt, by: "customer" },
    ]);
    expect(retry.body.order).toEqual(first.body.order);
    expect(await ordersOf(user.id)).toBe(1);
  });

  it("refuses the same key with a different body", async () => {
    const user = await makeUser();
    const key = randomUUID();
    expect((await place(user, orderBody(), key)).status).toBe(201);
    const other = await place(user, orderBody({ paymentMethod: "UPI" }), key);
    expect(other.status).toBe(409);
    expect(other.body.error).toMatch(/Idempotency-Key/);
    expect(await ordersOf(user.id)).toBe(1);
  });

  it("keys are per user", async () => {
    const [a, b] = [await makeUser(), await makeUser()];
    const key = randomUUID();
    const first = await place(a, orderBody(), key);
    const second = await place(b, orderBody(), key);
    expect(second.status).toBe(201);
    expect(second.body.order.id).not.toBe(first.body.order.id);
  });

  it("creates one order for concurrent requests with one key", async () => {
    const user = await makeUser();
    const key = randomUUID();
    // All three get past the "seen this key?" check before any of them can write an order.
    const results = await raceBehindLock("LOCK TABLE orders IN SHARE MODE", 3, () =>
      Promise.all([place(user, orderBody(), key), place(user, orderBody(), key), place(user, orderBody(), key)]),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(results.map((r) => r.body.order.id)).size).toBe(1);
    expect(await ordersOf(user.id)).toBe(1);
    expect(await db().idempotencyKey.count({ where: { userId: user.id } })).toBe(1);
  });

  it("lets a retry with the same key succeed after a stale-total 409", async () => {
    const user = await makeUser();
    const key = randomUUID();
    expect((await place(user, orderBody({ total: 1 }), key)).status).toBe(409);
    expect((await place(user, orderBody({ total: 617 }), key)).status).toBe(201);
  });
});

describe("reading orders", () => {
  it("shows an order to its owner and admins, and 404 to anyone else", async () => {
    const [owner, stranger, admin] = [await makeUser(), await makeUser(), await makeUser("admin")];
    const { body } = await place(owner, orderBody());
    const id = body.order.id;
    expect((await getOne(owner, id)).body.id).toBe(id);
    expect((await getOne(admin, id)).body.id).toBe(id);
    const other = await getOne(stranger, id);
    expect(other.status).toBe(404);
    expect(other.body.error).toBe((await getOne(stranger, "no-such-order")).body.error);
    expect((await patch(stranger, id, "cancelled")).status).toBe(404);
  });

  it("lists only the caller's own orders, newest first; admins see everyone's", async () => {
    const [a, b, admin] = [await makeUser(), await makeUser(), await makeUser("admin")];
    const ids: string[] = [];
    for (const quantity of [1, 2, 3])
      ids.push((await place(a, orderBody({ items: [{ id: items.caesar, portion: "small", quantity }] }))).body.order.id);
    const bOrder = (await place(b, orderBody())).body.order.id;

    const mine = await list(a);
    expect(mine.status).toBe(200);
    expect(mine.body.map((o) => o.id)).toEqual([...ids].reverse());
    expect(mine.body.every((o) => o.user.id === a.id)).toBe(true);

    const all = (await list(admin, "?limit=100")).body.map((o) => o.id);
    expect(all).toEqual(expect.arrayContaining([...ids, bOrder]));
    const times = (await list(admin)).body.map((o) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("pages with limit and before (an order id or an ISO date) and filters by status", async () => {
    const [user, admin] = [await makeUser(), await makeUser("admin")];
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      // A customer holds at most 3 open orders at once (product.md §5): the first is delivered before the fourth.
      if (i === 3) for (const status of ["confirmed", "preparing", "out_for_delivery", "delivered"]) await patch(admin, ids[0], status);
      ids.push((await place(user, orderBody())).body.order.id);
    }
    const newest = [...ids].reverse();

    const page1 = await list(user, "?limit=2");
    expect(page1.body.map((o) => o.id)).toEqual(newest.slice(0, 2));
    const page2 = await list(user, `?limit=2&before=${page1.body[1].id}`);
    expect(page2.body.map((o) => o.id)).toEqual(newest.slice(2, 4));
    const byDate = await list(user, `?before=${encodeURIComponent(page1.body[0].createdAt)}`);
    expect(byDate.body.map((o) => o.id)).not.toContain(newest[0]);

    await patch(user, ids[1], "cancelled");
    const cancelled = await list(user, "?status=cancelled");
    expect(cancelled.body.map((o) => o.id)).toEqual([ids[1]]);
  });

  it.each(["?limit=0", "?limit=101", "?limit=abc", "?status=lost", "?before=not-an-order", "?before=2026-13-45"])(
    "refuses %s with 400",
    async (query) => {
      const user = await makeUser();
      const res = await list(user, query);
      expect(res.status).toBe(400);
      expect(res.body.error).toBeTruthy();
    },
  );

  it("does not page from another user's order", async () => {
    const [a, b] = [await makeUser(), await makeUser()];
    const { body } = await place(a, orderBody());
    expect((await list(b, `?before=${body.order.id}`)).status).toBe(400);
  });
});

describe("status changes", () => {
  it("lets the owner cancel while pending, but not set other statuses", async () => {
    const user = await makeUser();
    const { body } = await place(user, orderBody());
    const confirm = await patch(user, body.order.id, "confirmed");
    expect(confirm.status).toBe(403);
    const cancel = await patch(user, body.order.id, "cancelled");
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe("cancelled");
    expect(new Date(cancel.body.updatedAt).getTime()).toBeGreaterThan(new Date(body.order.updatedAt).getTime());
  });

  it("does not let the owner cancel after the kitchen confirmed", async () => {
    const [user, admin] = [await makeUser(), await makeUser("admin")];
    const { body } = await place(user, orderBody());
    expect((await patch(admin, body.order.id, "confirmed")).status).toBe(200);
    const cancel = await patch(user, body.order.id, "cancelled");
    expect(cancel.status).toBe(409);
    expect((await getOne(user, body.order.id)).body.status).toBe("confirmed");
  });

  it("walks an admin through the lifecycle and refuses skips and reversals", async () => {
    const [user, admin] = [await makeUser(), await makeUser("admin")];
    const { body } = await place(user, orderBody());
    const id = body.order.id;
    expect((await patch(admin, id, "preparing")).status).toBe(409);
    for (const status of ["confirmed", "preparing", "out_for_delivery", "delivered"]) {
      const res = await patch(admin, id, status);
      expect(res.status, status).toBe(200);
      expect(res.body.status).toBe(status);
    }
    expect((await patch(admin, id, "cancelled")).status).toBe(409);
    expect((await patch(admin, id, "pending")).status).toBe(409);
    expect((await patch(admin, id, "delivered")).status).toBe(409);
  });

  it("lets an admin cancel from confirmed but not from preparing", async () => {
    const [user, admin] = [await makeUser(), await makeUser("admin")];
    const a = (await place(user, orderBody())).body.order.id;
    await patch(admin, a, "confirmed");
    expect((await patch(admin, a, "cancelled")).status).toBe(200);
    const b = (await place(user, orderBody())).body.order.id;
    await patch(admin, b, "confirmed");
    await patch(admin, b, "preparing");
    expect((await patch(admin, b, "cancelled")).status).toBe(409);
  });

  it("refuses an unknown status with 400", async () => {
    const [user, admin] = [await makeUser(), await makeUser("admin")];
    const { body } = await place(user, orderBody());
    const res = await patch(admin, body.order.id, "teleported");
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("status");
  });

  it("lets only one of two racing admins move the order", async () => {
    const [user, a1, a2] = [await makeUser(), await makeUser("admin"), await makeUser("admin")];
    const { body } = await place(user, orderBody());
    // Both read "pending" and queue their update behind the row lock.
    const results = await raceBehindLock(`SELECT id FROM orders WHERE id = '${body.order.id}' FOR UPDATE`, 2, () =>
      Promise.all([patch(a1, body.order.id, "confirmed"), patch(a2, body.order.id, "cancelled")]),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body.error).toMatch(/changed meanwhile/);
  });
});

describe("confirmation mail", () => {
  const mailTo = (email: string) => (m: CapturedMail) => m.to.includes(email);

  it("mails the customer the order after it is placed", async () => {
    const user = await makeUser();
    const { body } = await place(user, orderBody({ paymentMethod: "Credit/Debit Card" }));
    const mail = await waitForMail(mailbox, mailTo(user.email));
    expect(mail.subject).toMatch(/order/i);
    expect(mail.text).toContain("Test Caesar");
    expect(mail.text).toContain("Medium 350g");
    expect(mail.text).toMatch(/2 × Test Caesar/);
    expect(mail.text).toContain("₹617");
    // No gateway in this file: a card order is written down unpaid, its money due at the door (lib/payments/current.ts).
    expect(mail.text).toContain("Payment: Pay ₹617 on delivery");
    expect(mail.text).toContain("Bengaluru");
    expect(mail.text).toContain(`http://localhost:3000/orders/${body.order.id}`);
    // The order's own promise (product.md §9), in India time, never a fixed "30 minutes".
    expect(mail.text).toContain(`Arriving by ${formatIndiaTime((body.order as unknown as ApiOrderWithHistory).promisedBy)}`);
    expect(mail.text).not.toMatch(/30 minutes/);
    // The street was typed with markup: it arrives escaped in the HTML.
    expect(mail.html).not.toContain("<b>Flat 3</b>");
    expect(mail.html).toContain("&lt;b&gt;Flat 3&lt;/b&gt;");
  });

  it("sends nothing for a replayed request", async () => {
    const user = await makeUser();
    const key = randomUUID();
    // With the worker paused, the queue shows what each request left in it.
    await pauseMailWorker();
    try {
      const first = await place(user, orderBody(), key);
      const again = await place(user, orderBody(), key);
      expect(again.body.order.id).toBe(first.body.order.id);
      expect(await queuedMailsFor(first.body.order.id)).toBe(1);
    } finally {
      await resumeMailWorker();
    }
    await waitForMail(mailbox, mailTo(user.email));
    expect(mailbox.mails.filter(mailTo(user.email))).toHaveLength(1);
  });

  it("places the order while the mail provider fails, and delivers the mail on a retry", async () => {
    const user = await makeUser();
    mailbox.refuseNext(mailTo(user.email));
    const res = await place(user, orderBody());
    expect(res.status).toBe(201);
    expect(await ordersOf(user.id)).toBe(1);
    const mail = await waitForMail(mailbox, mailTo(user.email), { timeout: 20_000 });
    expect(mail.text).toContain(`/orders/${res.body.order.id}`);
    expect(mailbox.refused.filter(mailTo(user.email))).toHaveLength(1);
  });
});

/** Mail jobs for this order in the queue (waiting, retrying or failed for good). */
async function queuedMailsFor(orderId: string): Promise<number> {
  const rows = await db().$queryRaw<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE payload->>'orderId' = ${orderId}`;
  return rows[0].n;
}
