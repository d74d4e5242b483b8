import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, pool } from "@/lib/db";
import { dashboardStats } from "@/lib/orders/dashboard/today";
import { revenueByDay } from "@/lib/orders/dashboard/revenue-by-day";
import { bestSellers } from "@/lib/orders/dashboard/best-sellers";
import { takingsToday } from "@/lib/orders/dashboard/takings";
import { dashboardFigures } from "@/lib/orders/dashboard/figures";
import { fillDays, recentDays } from "@/lib/orders/dashboard/days";
import { sqlTimestamp } from "@/lib/db/timestamp";
import { indiaDay, indiaInstant, INDIA_TIME_ZONE } from "@/lib/time";
import type { SessionUser } from "@/lib/auth/session";
import type { OrderStatus } from "@/lib/orders/status";
import { promiseAfter, storedOrder } from "@/tests/support/stored-order";
import { shopFixtures, type ShopFixtures } from "@/tests/support/shop-fixtures";
import { deleteOrders } from "@/tests/support/delete-orders";

// The dashboard's figures (product.md §7) read bounded windows and the hours the database keeps
// (migrations 20261201210000 and 20261202000000, issue 37). Here they are held against a plain
// count over the orders themselves, the way the figures were read before: random orders across
// India's midnights, cancelled, paid, moved, deleted after their hours were kept, with lines of
// items deleted from the menu since. The orders fall in March 2012, which no other file writes.

const admin: SessionUser = { id: "plain-count-admin", name: "Kitchen Admin", email: "kitchen@example.com", role: "admin" };
const STATUSES: OrderStatus[] = ["awaiting_payment", "pending", "confirmed", "preparing", "out_for_delivery", "delivered", "cancelled"];
/** 17:30 IST on 20 March 2012: the dashboard's "now". */
const NOW = new Date("2012-03-20T12:00:00.000Z");

let customerId = "";
let fx: ShopFixtures;
let items: string[] = [];

// ---- The plain counts: every order and line of the window, read whole ----

async function plainRevenueByDay(now: Date) {
  const { dates, start, end } = recentDays(now, 14);
  const { rows } = await pool().query<{ date: string; orders: number; revenue: string }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC' AT TIME ZONE $3, 'YYYY-MM-DD') AS date, count(*)::int AS orders, sum(total)::bigint AS revenue
     FROM orders WHERE created_at >= $1::timestamp(3) AND created_at < $2::timestamp(3) AND status NOT IN ('cancelled', 'awaiting_payment')
     GROUP BY 1`,
    [sqlTimestamp(start), sqlTimestamp(end), INDIA_TIME_ZONE],
  );
  return fillDays(
    dates,
    rows.map((r) => ({ ...r, revenue: Number(r.revenue) })),
  );
}

async function plainBestSellers(now: Date) {
  const { start, end } = recentDays(now, 7);
  const { rows } = await pool().query<{ name: string; quantity: string; revenue: string }>(
    `SELECT coalesce(m.name, l.name) AS name, sum(l.quantity)::bigint AS quantity, sum(l.line_total)::bigint AS revenue
     FROM orders o JOIN order_lines l ON l.order_id = o.id LEFT JOIN menu_items m ON m.id = l.menu_item_id
     WHERE o.created_at >= $1::timestamp(3) AND o.created_at < $2::timestamp(3) AND o.status NOT IN ('cancelled', 'awaiting_payment')
     GROUP BY l.menu_item_id, coalesce(m.name, l.name)
     ORDER BY quantity DESC, revenue DESC, name LIMIT 5`,
    [sqlTimestamp(start), sqlTimestamp(end)],
  );
  return rows.map((r) => ({ name: r.name, quantity: Number(r.quantity), revenue: Number(r.revenue) }));
}

async function plainToday(now: Date) {
  const { start, end } = indiaDay(now);
  const { rows } = await pool().query(
    `WITH today AS (SELECT * FROM orders WHERE created_at >= $1::timestamp(3) AND created_at < $2::timestamp(3)),
     delivered AS (
       SELECT d.at - t.created_at AS took, d.at <= t.promised_by AS on_time FROM today t
       CROSS JOIN LATERAL (SELECT min(c.created_at) AS at FROM order_status_changes c WHERE c.order_id = t.id AND c.status = 'delivered') d
       WHERE d.at IS NOT NULL)
     SELECT (SELECT count(*) FROM today)::int AS "todayOrders",
            (SELECT coalesce(sum(total), 0) FROM today WHERE status NOT IN ('cancelled', 'awaiting_payment'))::int AS "todayRevenue",
            (SELECT count(*) FROM orders WHERE status = 'pending')::int AS "pendingOrders",
            (SELECT count(*) FROM delivered)::int AS "deliveredOrders",
            (SELECT count(*) FROM delivered WHERE on_time)::int AS "deliveredOnTime",
            (SELECT avg(extract(epoch FROM took)) / 60 FROM delivered)::float8 AS "averageDeliveryMinutes"`,
    [sqlTimestamp(start), sqlTimestamp(end)],
  );
  return rows[0];
}

async function plainCashIn(now: Date): Promise<number> {
  const { start, end } = indiaDay(now);
  const { rows } = await pool().query<{ cash: number }>(
    `SELECT coalesce(sum(o.total), 0)::int AS cash FROM orders o
     CROSS JOIN LATERAL (SELECT min(c.created_at) AS at FROM order_status_changes c WHERE c.order_id = o.id AND c.status = 'delivered') d
     WHERE o.status = 'delivered' AND o.payment_method = 'cash_on_delivery' AND d.at >= $1::timestamp(3) AND d.at < $2::timestamp(3)`,
    [sqlTimestamp(start), sqlTimestamp(end)],
  );
  return rows[0].cash;
}

async function plainCaptured(now: Date): Promise<number> {
  const { start, end } = indiaDay(now);
  const { rows } = await pool().query<{ captured: number }>(
    `SELECT coalesce(sum(total), 0)::int AS captured FROM orders WHERE gateway IS NOT NULL AND paid_at >= $1::timestamp(3) AND paid_at < $2::timestamp(3)`,
    [sqlTimestamp(start), sqlTimestamp(end)],
  );
  return rows[0].captured;
}

/** The kept hours of 2012 (every one of them is over). */
async function keptHours(): Promise<number> {
  const { rows } = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM order_hour_totals WHERE hour < '2013-01-01'`);
  return rows[0].n;
}

async function expectFiguresAsCounted(now: Date) {
  // As the dashboard reads them: the window's hours that are over kept first, then read.
  const figures = await dashboardFigures(admin, now);
  expect(figures.revenueByDay, "revenue by day").toEqual(await plainRevenueByDay(now));
  expect(figures.bestSellers, "best sellers").toEqual(await plainBestSellers(now));
  // And read alone, from what is kept now.
  expect(await revenueByDay(admin, now), "revenue by day, kept").toEqual(await plainRevenueByDay(now));
  expect(await bestSellers(admin, now), "best sellers, kept").toEqual(await plainBestSellers(now));
  const today = await dashboardStats(admin, now);
  const plain = await plainToday(now);
  expect({ ...today, averageDeliveryMinutes: null }, "today").toEqual({ ...plain, averageDeliveryMinutes: null });
  if (plain.averageDeliveryMinutes === null) expect(today.averageDeliveryMinutes).toBeNull();
  else expect(today.averageDeliveryMinutes).toBeCloseTo(plain.averageDeliveryMinutes, 9);
  const takings = await takingsToday(admin, now);
  // No refunds here: the takings are what came in.
  expect({ online: takings.online, cash: takings.cash }, "takings").toEqual({
    online: await plainCaptured(now),
    cash: await plainCashIn(now),
  });
}

// ---- Orders as the tests write them ----

type Planned = {
  /** India days before NOW's (0: today, up to 16: before the chart's 14 days). */
  daysBack: number;
  /** Minute of the India day, with a millisecond offset for the last moment of a day. */
  minute: number;
  lastMs: boolean;
  status: OrderStatus;
  cash: boolean;
  lines: { item: number; quantity: number; unitPrice: number }[];
  /** Minutes from placing to the history's delivered step (delivered orders). */
  deliveredAfter: number;
  /** What happens after placing: nothing, cancelled, paid (awaiting → pending), deleted. */
  then: "stay" | "cancel" | "pay" | "delete";
};

const todayKey = "2012-03-20";

function placedAt(p: Planned): Date {
  const day = new Date(Date.parse(`${todayKey}T00:00:00Z`) - p.daysBack * 86_400_000).toISOString().slice(0, 10);
  return new Date(indiaInstant(day, p.minute).getTime() + (p.lastMs ? 59_999 : 0));
}

/**
 * Writes the orders, then what happens to them afterwards, each through Prisma as the shop's
 * statements would; `between` runs in between (a read of the figures, which keeps their hours).
 */
async function write(planned: Planned[], deletedItem: string, between: () => Promise<void> = async () => {}) {
  const ids: string[] = [];
  for (const p of planned) {
    const at = placedAt(p);
    const itemOf = (n: number) => (n === items.length ? deletedItem : items[n]);
    const subtotal = p.lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0);
    const base = storedOrder(customerId, { name: "x", portion: "small", unitPrice: 1, quantity: 1 });
    const order = await db().order.create({
      data: {
        ...base,
        ...promiseAfter(at),
        subtotal,
        total: subtotal + 40,
        status: p.status,
        paymentMethod: p.cash ? "cash_on_delivery" : "upi",
        gateway: p.cash ? null : "razorpay",
        paidAt: p.cash || p.status === "awaiting_payment" ? null : new Date(at.getTime() + 60_000),
        createdAt: at,
        lines: {
          create: p.lines.map((l, i) => ({
            menuItemId: itemOf(l.item),
            name: l.item === items.length ? `Gone bowl ${l.item}` : `Sold as ${l.item}`,
            portion: "small" as const,
            unitPrice: l.unitPrice,
            quantity: l.quantity,
            lineTotal: l.unitPrice * l.quantity,
            position: i,
          })),
        },
      },
    });
    ids.push(order.id);
    if (p.status === "delivered") {
      await db().orderStatusChange.create({
        data: { orderId: order.id, status: "delivered", actor: "admin", createdAt: new Date(at.getTime() + p.deliveredAfter * 60_000) },
      });
    }
  }
  await between();
  for (const [i, p] of planned.entries()) {
    if (p.then === "cancel") await db().order.update({ where: { id: ids[i] }, data: { status: "cancelled" } });
    if (p.then === "pay") await db().order.updateMany({ where: { id: ids[i], status: "awaiting_payment" }, data: { status: "pending" } });
    if (p.then === "delete") await deleteOrders({ id: ids[i] });
  }
}

const minutes = fc.oneof(fc.constantFrom(0, 1, 719, 1438, 1439), fc.integer({ min: 0, max: 1439 }));
const plannedOrder = (itemCount: number): fc.Arbitrary<Planned> =>
  fc.record({
    daysBack: fc.oneof(fc.constantFrom(0, 1, 6, 7, 13, 14), fc.integer({ min: 0, max: 16 })),
    minute: minutes,
    lastMs: fc.boolean(),
    status: fc.constantFrom(...STATUSES),
    cash: fc.boolean(),
    lines: fc.array(
      fc.record({
        item: fc.integer({ min: 0, max: itemCount }),
        quantity: fc.integer({ min: 1, max: 4 }),
        unitPrice: fc.constantFrom(149, 199, 249),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    deliveredAfter: fc.integer({ min: 0, max: 120 }),
    then: fc.constantFrom("stay", "stay", "cancel", "pay", "delete"),
  });

// The file's customer and items, removed with their orders after the last test.
beforeAll(async () => {
  fx = await shopFixtures("plain-count");
  customerId = await fx.confirmedUser("Plain Count");
  items = [await fx.item(), await fx.item(), await fx.item()];
});

afterAll(() => fx.cleanUp());

describe("the dashboard's figures against a plain count over the orders", () => {
  it("agree on a tricky set: India's midnights, the 14th and 15th day back, cancelled, paid, deleted, a deleted menu item", async () => {
    const deletedItem = await fx.item();
    const line = (item: number, quantity = 1, unitPrice = 199) => ({ item, quantity, unitPrice });
    const at = (daysBack: number, minute: number, lastMs = false) => ({ daysBack, minute, lastMs, deliveredAfter: 25, cash: true });
    await write(
      [
        { ...at(0, 0), status: "pending", lines: [line(0, 2)], then: "stay" }, // 00:00 IST today
        { ...at(1, 1439, true), status: "delivered", lines: [line(1)], then: "stay" }, // 23:59:59.999 IST yesterday, delivered today
        { ...at(0, 1439, true), status: "confirmed", lines: [line(0), line(3)], then: "stay" }, // the last moment of today
        { ...at(0, 600), status: "delivered", lines: [line(2, 3)], deliveredAfter: 45, then: "stay" }, // late
        { ...at(0, 660), status: "pending", lines: [line(0, 4)], then: "cancel" }, // cancelled after placing
        { ...at(2, 700), status: "awaiting_payment", lines: [line(1, 2)], cash: false, then: "stay" }, // never paid: not counted
        { ...at(3, 700), status: "awaiting_payment", lines: [line(1, 2)], cash: false, then: "pay" }, // paid later: counted
        { ...at(13, 0), status: "delivered", lines: [line(2)], then: "stay" }, // the chart's first day
        { ...at(14, 1439, true), status: "delivered", lines: [line(2)], then: "stay" }, // just before it
        { ...at(6, 0), status: "delivered", lines: [line(1, 5)], then: "stay" }, // the best sellers' first day
        { ...at(7, 1439, true), status: "delivered", lines: [line(0, 9)], then: "stay" }, // just before it
        { ...at(5, 300), status: "cancelled", lines: [line(3, 2)], then: "stay" }, // cancelled from the start
        { ...at(4, 300), status: "delivered", lines: [line(3, 1)], then: "delete" }, // deleted with its lines
      ],
      deletedItem,
      // The hours are kept before the orders are cancelled, paid and deleted: each change forgets its hour.
      async () => {
        await expectFiguresAsCounted(NOW);
        expect(await keptHours()).toBeGreaterThan(0);
      },
    );
    await expectFiguresAsCounted(NOW);
    // Deleting the item leaves its lines under the name they were sold under.
    await db().menuItem.delete({ where: { id: deletedItem } });
    await expectFiguresAsCounted(NOW);
    expect((await bestSellers(admin, NOW)).map((s) => s.name)).toContain("Gone bowl 3");
    await deleteOrders({ userId: customerId });
    await expectFiguresAsCounted(NOW);
  });

  it("agree when orders are cancelled and paid at the moment their hours are kept", async () => {
    const line = { item: 0, quantity: 2, unitPrice: 199 };
    // Two orders in each of 12 hours of one day, half to be cancelled, half paid.
    const planned: Planned[] = Array.from({ length: 24 }, (_, i) => ({
      daysBack: 2,
      minute: 60 * Math.floor(i / 2) + 7,
      lastMs: false,
      status: i % 2 ? "awaiting_payment" : "confirmed",
      cash: i % 2 === 0,
      lines: [line],
      deliveredAfter: 0,
      then: "stay",
    }));
    for (let round = 0; round < 3; round++) {
      await write(planned, items[0]);
      const ids = (await db().order.findMany({ where: { userId: customerId }, select: { id: true } })).map((o) => o.id);
      await Promise.all([
        ...ids.map((id) =>
          db().order.updateMany({
            where: { id, status: { in: ["confirmed", "awaiting_payment"] } },
            data: { status: round === 1 ? "pending" : "cancelled" },
          }),
        ),
        ...Array.from({ length: 4 }, () => dashboardFigures(admin, NOW)),
      ]);
      await expectFiguresAsCounted(NOW);
      await deleteOrders({ userId: customerId });
      await expectFiguresAsCounted(NOW);
    }
  }, 120_000);

  it("agree on random orders", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(plannedOrder(items.length), { minLength: 1, maxLength: 8 }), fc.boolean(), async (planned, dropItem) => {
        const deletedItem = await fx.item();
        try {
          await write(planned, deletedItem, () => expectFiguresAsCounted(NOW));
          if (dropItem) await db().menuItem.delete({ where: { id: deletedItem } });
          await expectFiguresAsCounted(NOW);
          // Tomorrow's dashboard and that of a week on see the same orders through other windows.
          await expectFiguresAsCounted(new Date(NOW.getTime() + 86_400_000));
          await expectFiguresAsCounted(new Date(NOW.getTime() - 7 * 86_400_000));
        } finally {
          await deleteOrders({ userId: customerId });
          await db().menuItem.deleteMany({ where: { id: deletedItem } });
        }
      }),
      { numRuns: 8 },
    );
    // Each run writes and removes a few dozen rows through Prisma and reads three dashboards: on
    // a busy two-core machine that passes the default 30 s.
  }, 240_000);
});
