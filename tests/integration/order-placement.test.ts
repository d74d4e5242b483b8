import { randomBytes, randomUUID } from "node:crypto";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailbox, pauseMailWorker, resumeMailWorker } from "./setup";
import { waitForMail, type CapturedMail } from "@/tests/support/mail-capture";
import { db } from "@/lib/db";
import { encodeSession } from "@/lib/auth/jwt";
import { POST as createRoute } from "@/app/api/orders/route";
import { call, type AnyHandler } from "@/tests/support/api";
import { raceBehindLock } from "@/tests/support/race";

// lib/orders/placement.ts prices an order from the menu rows it reads and locks inside the order's
// transaction. These tests change the tables between and during orders: every reply is priced
// from the menu as it is when the order commits, and a refused order writes nothing.

type Order = {
  id: string;
  items: { menuItemId: string; unitPrice: number; lineTotal: number; name: string }[];
  total: number;
  user: { id: string; name: string; email: string };
};
type Reply = { status: number; body: { order: Order; code?: string; error?: string } };
type Caller = { id: string; name: string; email: string; headers: Record<string, string> };

const tag = randomBytes(3).toString("hex");
let categoryId = "";
let itemId = "";

async function makeUser(): Promise<Caller> {
  const name = "Guess Customer";
  const email = `guess.${randomBytes(5).toString("hex")}@example.com`;
  const user = await db().user.create({ data: { name, email, emailConfirmedAt: new Date() } });
  const token = await encodeSession({ sub: user.id, role: "user", sv: user.sessionVersion, name, email });
  return { id: user.id, name, email, headers: { authorization: `Bearer ${token}` } };
}

const body = (extra: Record<string, unknown> = {}) => ({
  items: [{ id: itemId, portion: "medium", quantity: 2 }],
  address: { name: "Guess", phone: "9876543210", street: "1 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" },
  paymentMethod: "UPI",
  ...extra,
});

async function place(caller: Caller, payload: unknown = body(), key = randomUUID()): Promise<Reply & { retryAfter: string | null }> {
  const reply = await call(createRoute as AnyHandler, "POST", "/api/orders", {
    headers: { ...caller.headers, "idempotency-key": key },
    body: payload,
  });
  return { status: reply.status, body: reply.json as Reply["body"], retryAfter: reply.headers.get("retry-after") };
}

const ordersOf = (userId: string) => db().order.count({ where: { userId } });
const keysOf = (userId: string) => db().idempotencyKey.count({ where: { userId } });
const setItem = (data: { priceMedium?: number; available?: boolean; name?: string }) =>
  db().menuItem.update({ where: { id: itemId }, data });

beforeAll(async () => {
  const category = await db().category.create({ data: { slug: `guess-${tag}`, name: `Guess ${tag}`, position: 97 } });
  categoryId = category.id;
  const item = await db().menuItem.create({
    data: { slug: `guess-bowl-${tag}`, name: "Guess Bowl", categoryId, priceSmall: 150, priceMedium: 200, priceLarge: 250 },
  });
  itemId = item.id;
});

afterAll(async () => {
  await resumeMailWorker();
  await db().menuItem.deleteMany({ where: { categoryId } });
  await db().category.delete({ where: { id: categoryId } });
});

describe("an order priced from the menu as it is now", () => {
  it("is priced as the menu is now after a price change, and keeps the client's stale total a 409", async () => {
    const user = await makeUser();
    await setItem({ priceMedium: 200, available: true, name: "Guess Bowl" });
    expect((await place(user)).body.order.items[0].unitPrice).toBe(200);
    await setItem({ priceMedium: 230 });
    const fresh = await place(user);
    expect(fresh.status).toBe(201);
    expect(fresh.body.order.items[0]).toMatchObject({ unitPrice: 230, lineTotal: 460 });
    const stored = await db().orderLine.findFirstOrThrow({ where: { orderId: fresh.body.order.id } });
    expect(stored.unitPrice).toBe(230);
    // A client that still shows the old price is told the new one, and nothing is written.
    await setItem({ priceMedium: 260 });
    const before = await ordersOf(user.id);
    const stale = await place(user, body({ total: 230 * 2 + 40 }));
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("price_changed");
    expect(await ordersOf(user.id)).toBe(before);
  });

  it("waits for a price change made while it is placed, and is priced as that change left the menu", async () => {
    const user = await makeUser();
    await setItem({ priceMedium: 200, available: true, name: "Guess Bowl" });
    // The admin's change holds the item's row; the order queues behind it and commits after it.
    const placed = await raceBehindLock(`UPDATE menu_items SET price_medium = 240 WHERE id = '${itemId}'`, 1, () => place(user));
    expect(placed.status).toBe(201);
    expect(placed.body.order.items[0]).toMatchObject({ unitPrice: 240, lineTotal: 480 });
    const stored = await db().orderLine.findFirstOrThrow({ where: { orderId: placed.body.order.id } });
    expect(stored.unitPrice).toBe(240);
  });

  it("answers 503 with Retry-After when its connection is cut mid-order, writes nothing, and the next order goes through", async () => {
    const user = await makeUser();
    await setItem({ priceMedium: 200, available: true, name: "Guess Bowl" });
    const blocker = new Client({ connectionString: process.env.DATABASE_URL });
    // Inside the blocker's transaction pg_stat_activity is a frozen snapshot: a second connection watches.
    const watcher = new Client({ connectionString: process.env.DATABASE_URL });
    await Promise.all([blocker.connect(), watcher.connect()]);
    try {
      // The order waits for the item's row; the database then ends its connection, as a restart would.
      await blocker.query("BEGIN");
      await blocker.query(`SELECT 1 FROM menu_items WHERE id = '${itemId}' FOR UPDATE`);
      const placing = place(user);
      let waiting: number | undefined;
      await expect
        .poll(async () => {
          const { rows } = await watcher.query<{ pid: number }>(
            "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%order_menu_and_slot%' AND datname = current_database()",
          );
          waiting = rows[0]?.pid;
          return waiting;
        })
        .toBeDefined();
      await watcher.query("SELECT pg_terminate_backend($1)", [waiting]);
      await blocker.query("ROLLBACK");
      const cut = await placing;
      expect(cut.status).toBe(503);
      expect(cut.retryAfter).toMatch(/^\d+$/);
      expect(await ordersOf(user.id)).toBe(0);
    } finally {
      await Promise.all([blocker.end(), watcher.end()]);
    }
    expect((await place(user)).status).toBe(201);
    expect(await ordersOf(user.id)).toBe(1);
  });

  it("refuses an item sold out since, and shows one renamed since by its new name", async () => {
    const user = await makeUser();
    await setItem({ priceMedium: 200, available: true, name: "Guess Bowl" });
    expect((await place(user)).status).toBe(201);
    await setItem({ available: false });
    const soldOut = await place(user);
    expect(soldOut.status).toBe(400);
    expect(await ordersOf(user.id)).toBe(1);
    await setItem({ available: true, name: "Guess Bowl Renamed" });
    const renamed = await place(user);
    expect(renamed.status).toBe(201);
    expect(renamed.body.order.items[0].name).toBe("Guess Bowl Renamed");
  });

  it("holds the session against the database: an ended session gets 401 and writes nothing, a renamed user is shown as now", async () => {
    const user = await makeUser();
    await setItem({ priceMedium: 200, available: true, name: "Guess Bowl" });
    expect((await place(user)).status).toBe(201);
    await db().user.update({ where: { id: user.id }, data: { name: "Renamed Customer" } });
    const renamed = await place(user);
    expect(renamed.status).toBe(201);
    expect(renamed.body.order.user.name).toBe("Renamed Customer");
    await db().user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
    const ended = await place(user);
    expect(ended.status).toBe(401);
    expect(await ordersOf(user.id)).toBe(2);
    expect(await keysOf(user.id)).toBe(2);
  });

  it("queues the confirmation mail with the order as replied, in the order's transaction", async () => {
    const user = await makeUser();
    await setItem({ priceMedium: 200, available: true, name: "Guess Bowl" });
    await pauseMailWorker();
    const placed = await place(user);
    expect(placed.status).toBe(201);
    const jobs = await db().$queryRaw<Array<{ payload: { mail: string; orderId: string; order: Order } }>>`
      SELECT payload FROM graphile_worker._private_jobs WHERE payload->>'orderId' = ${placed.body.order.id}`;
    expect(jobs).toHaveLength(1);
    // With its row of the outbox (product.md §14), written by the same statement, whose id the job carries.
    const [message] = await db().orderMessage.findMany({ where: { orderId: placed.body.order.id } });
    expect(message).toMatchObject({ channel: "email", event: "placed", recipient: user.email, state: "queued" });
    expect(jobs[0].payload).toEqual({
      mail: "order-confirmation",
      orderId: placed.body.order.id,
      order: placed.body.order,
      messageId: message.id,
    });
    await resumeMailWorker();
    const mail: CapturedMail = await waitForMail(mailbox, (m) => m.to.includes(user.email));
    expect(mail.text).toContain("Guess Bowl");
    expect(mail.text).toContain(`/orders/${placed.body.order.id}`);
  });
});
