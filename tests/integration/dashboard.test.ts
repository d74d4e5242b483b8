import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { dashboardStats } from "@/lib/orders/dashboard/today";
import { revenueByDay } from "@/lib/orders/dashboard/revenue-by-day";
import { bestSellers } from "@/lib/orders/dashboard/best-sellers";
import { dashboardFigures } from "@/lib/orders/dashboard/figures";
import type { SessionUser } from "@/lib/auth/session";
import type { OrderStatus } from "@/lib/orders/status";
import type { PortionKey } from "@/lib/portions";
import { formatRupees } from "@/lib/money";
import { TodayFigures } from "@/components/admin/dashboard/today-figures";
import { RevenueChart } from "@/components/admin/dashboard/revenue-chart";
import { RevenueTable } from "@/components/admin/dashboard/revenue-table";
import { BestSellersTable } from "@/components/admin/dashboard/best-sellers-table";
import { promiseAfter, storedOrder } from "@/tests/support/stored-order";
import { shopFixtures, type ShopFixtures } from "@/tests/support/shop-fixtures";

// The admin dashboard's figures against real PostgreSQL. Orders are written with Prisma at
// chosen instants on days long past, a different stretch for each test, so orders other files
// (or other tests here) create do not fall on them.

const admin: SessionUser = { id: "dashboard-admin", name: "Kitchen Admin", email: "kitchen@example.com", role: "admin" };
const customer: SessionUser = { ...admin, role: "user" };
let customerId = "";
let fx: ShopFixtures;

type Line = { menuItemId?: string | null; name?: string; portion?: PortionKey; unitPrice?: number; quantity?: number };

async function order(createdAt: string, status: OrderStatus, total: number, line: Line = {}, promisedBy?: Date) {
  const { name = "Test bowl", portion = "small", unitPrice = total - 40, quantity = 1, menuItemId } = line;
  return db().order.create({
    data: {
      ...storedOrder(customerId, { menuItemId, name, portion, unitPrice, quantity }, "Zoë O'Brien"),
      ...promiseAfter(new Date(createdAt)),
      ...(promisedBy && { promisedBy }),
      status,
      createdAt: new Date(createdAt),
    },
  });
}

/**
 * An order placed at `placedAt`, promised `promisedIn` minutes later (the seed's half hour unless
 * told), and moved to delivered `minutes` after placing, as the history records it.
 */
async function deliveredAfter(placedAt: string, minutes: number, promisedIn = 30) {
  const promisedBy = new Date(new Date(placedAt).getTime() + promisedIn * 60_000);
  const { id } = await order(placedAt, "delivered", 240, {}, promisedBy);
  const deliveredAt = new Date(new Date(placedAt).getTime() + minutes * 60_000);
  await db().orderStatusChange.createMany({
    data: [
      { orderId: id, status: "confirmed", actor: "admin", createdAt: new Date(new Date(placedAt).getTime() + 60_000) },
      { orderId: id, status: "delivered", actor: "admin", createdAt: deliveredAt },
    ],
  });
}

// The file's customer and items, removed with their orders after the last test.
beforeAll(async () => {
  fx = await shopFixtures("dashboard");
  customerId = await fx.confirmedUser("Dashboard Customer");
});

afterAll(() => fx.cleanUp());

describe("dashboardStats", () => {
  it("counts only today's orders in Asia/Kolkata, leaves cancelled ones out of revenue, and counts every pending order", async () => {
    const before = await dashboardStats(admin, new Date("2023-07-19T06:30:00.000Z"));
    expect(before.todayOrders).toBe(0);
    expect(before.todayRevenue).toBe(0);

    // 19 July 2023 in India runs from 18 July 18:30 UTC to 19 July 18:30 UTC.
    await order("2023-07-18T18:30:00.000Z", "pending", 300); // 00:00 IST: today (yesterday in UTC)
    await order("2023-07-19T10:00:00.000Z", "delivered", 219); // afternoon: today
    await order("2023-07-19T18:29:59.999Z", "confirmed", 1_000); // 23:59:59.999 IST: today
    await order("2023-07-19T12:00:00.000Z", "cancelled", 500); // today, but cancelled: no revenue
    await order("2023-07-18T18:29:59.999Z", "pending", 700); // 23:59:59.999 IST the day before
    await order("2023-07-19T18:30:00.000Z", "delivered", 900); // 00:00 IST the day after (still 19 July in UTC)

    const expected = { todayOrders: 4, todayRevenue: 300 + 219 + 1_000 };
    for (const now of ["2023-07-18T18:30:00.000Z", "2023-07-19T06:30:00.000Z", "2023-07-19T18:29:59.999Z"]) {
      const stats = await dashboardStats(admin, new Date(now));
      expect({ todayOrders: stats.todayOrders, todayRevenue: stats.todayRevenue }, now).toEqual(expected);
      // Pending is the kitchen's whole queue, whatever the day: two of the orders above are pending.
      expect(stats.pendingOrders, now).toBe(before.pendingOrders + 2);
    }

    const nextDay = await dashboardStats(admin, new Date("2023-07-20T06:30:00.000Z"));
    expect({ todayOrders: nextDay.todayOrders, todayRevenue: nextDay.todayRevenue }).toEqual({ todayOrders: 1, todayRevenue: 900 });
  });

  it("times today's delivered orders from placed to delivered, and counts those delivered by the time promised", async () => {
    const now = new Date("2023-08-10T12:00:00.000Z"); // 17:30 IST on 10 August
    expect(await dashboardStats(admin, now)).toMatchObject({ deliveredOrders: 0, deliveredOnTime: 0, averageDeliveryMinutes: null });

    await deliveredAfter("2023-08-10T04:00:00.000Z", 20); // promised in 30: on time
    await deliveredAfter("2023-08-10T05:00:00.000Z", 30); // exactly the promise: on time
    await deliveredAfter("2023-08-10T06:00:00.000Z", 45); // promised in 30: late
    await deliveredAfter("2023-08-10T07:00:00.000Z", 30.001); // a moment late
    // The promise, not a fixed half hour: an order for a slot an hour on (or delayed by the
    // kitchen) delivered after 50 minutes is on time; one promised in 15, delivered in 20, is late.
    await deliveredAfter("2023-08-10T07:30:00.000Z", 50, 60);
    await deliveredAfter("2023-08-10T07:45:00.000Z", 20, 15);
    await order("2023-08-10T08:00:00.000Z", "out_for_delivery", 240); // not delivered yet: not timed
    await deliveredAfter("2023-08-09T18:00:00.000Z", 25); // placed the day before (23:30 IST), delivered today: that day's

    const stats = await dashboardStats(admin, now);
    expect(stats).toMatchObject({ todayOrders: 7, deliveredOrders: 6, deliveredOnTime: 3 });
    expect(stats.averageDeliveryMinutes).toBeCloseTo((20 + 30 + 45 + 30.001 + 50 + 20) / 6, 6);

    // The card says it in words: the share delivered by the time promised.
    const card = renderToStaticMarkup(createElement(TodayFigures, { today: stats }));
    expect(card).toContain("Delivered on time");
    expect(card).toContain(">50%<");
    expect(card).toContain("3 of the 6 delivered so far arrived by the time promised");
    expect(card).not.toMatch(/within \d+ min/);
  });

  it("is for admins only", async () => {
    await expect(dashboardStats(customer)).rejects.toMatchObject({ status: 403 });
  });
});

describe("revenueByDay", () => {
  it("gives the last 14 India days, oldest first and today last, with empty days as zeros and cancelled orders left out", async () => {
    const now = new Date("2023-09-14T10:00:00.000Z"); // 15:30 IST on 14 September: 1 to 14 September
    await order("2023-08-31T18:30:00.000Z", "delivered", 500); // 00:00 IST on 1 September: the first day
    await order("2023-08-31T18:29:59.999Z", "delivered", 800); // 23:59 IST on 31 August: too old
    await order("2023-09-05T20:00:00.000Z", "delivered", 300); // 01:30 IST on 6 September (5 September in UTC)
    await order("2023-09-06T05:00:00.000Z", "pending", 200); // 6 September
    await order("2023-09-06T06:00:00.000Z", "cancelled", 1_000); // 6 September, cancelled: not counted
    await order("2023-09-14T18:29:59.999Z", "confirmed", 100); // 23:59 IST today
    await order("2023-09-14T18:30:00.000Z", "pending", 700); // tomorrow in India

    const days = await revenueByDay(admin, now);
    expect(days).toHaveLength(14);
    expect(days.map((d) => d.date)).toEqual(Array.from({ length: 14 }, (_, i) => `2023-09-${String(i + 1).padStart(2, "0")}`));
    const filled = days.filter((d) => d.orders > 0);
    expect(filled).toEqual([
      { date: "2023-09-01", orders: 1, revenue: 500 },
      { date: "2023-09-06", orders: 2, revenue: 500 },
      { date: "2023-09-14", orders: 1, revenue: 100 },
    ]);
    expect(days.filter((d) => d.orders === 0).every((d) => d.revenue === 0)).toBe(true);
  });

  it("is for admins only", async () => {
    await expect(revenueByDay(customer)).rejects.toMatchObject({ status: 403 });
  });
});

describe("bestSellers", () => {
  it("ranks the bowls by portions sold over the last 7 India days, cancelled orders left out, five at most", async () => {
    const now = new Date("2023-10-20T06:00:00.000Z"); // 11:30 IST on 20 October: 14 to 20 October
    const [caesar, paneer, egg, quinoa, greek, sixth] = await Promise.all([1, 2, 3, 4, 5, 6].map(() => fx.item()));
    const inWeek = "2023-10-14T00:00:00.000Z"; // 05:30 IST on 14 October, the week's first day

    // Caesar: 2 small + 3 large in two orders, sold under older names and shown under today's.
    await db().menuItem.update({ where: { id: caesar }, data: { name: "Grilled Chicken Caesar" } });
    await order(inWeek, "delivered", 0, { menuItemId: caesar, name: "Caesar (old name)", quantity: 2, unitPrice: 100 });
    await order("2023-10-19T10:00:00.000Z", "pending", 0, {
      menuItemId: caesar,
      name: "Caesar (second name)",
      portion: "large",
      quantity: 3,
      unitPrice: 200,
    });
    // Paneer: 4, one order; and 9 more in a cancelled order, which do not count.
    await db().menuItem.update({ where: { id: paneer }, data: { name: "Paneer Tikka" } });
    await order("2023-10-18T10:00:00.000Z", "confirmed", 0, { menuItemId: paneer, name: "Paneer Tikka", quantity: 4, unitPrice: 150 });
    await order("2023-10-18T11:00:00.000Z", "cancelled", 0, { menuItemId: paneer, name: "Paneer Tikka", quantity: 9, unitPrice: 150 });
    // A deleted bowl (no menu item any more) counts under the name it was sold as: 4, less revenue than Paneer.
    await order("2023-10-17T10:00:00.000Z", "delivered", 0, { menuItemId: null, name: "Retired Bowl", quantity: 4, unitPrice: 100 });
    await db().menuItem.update({ where: { id: egg }, data: { name: "Egg Bowl" } });
    await db().menuItem.update({ where: { id: quinoa }, data: { name: "Quinoa Bowl" } });
    await order("2023-10-15T10:00:00.000Z", "delivered", 0, { menuItemId: egg, name: "Egg Bowl", quantity: 2, unitPrice: 120 });
    await order("2023-10-15T11:00:00.000Z", "delivered", 0, { menuItemId: quinoa, name: "Quinoa Bowl", quantity: 1, unitPrice: 130 });
    await order("2023-10-15T12:00:00.000Z", "delivered", 0, { menuItemId: greek, name: "Greek Bowl", quantity: 1, unitPrice: 110 });
    // Outside the week: 13 October in India, and 21 October.
    await order("2023-10-13T18:29:59.999Z", "delivered", 0, { menuItemId: sixth, name: "Sixth Bowl", quantity: 50, unitPrice: 100 });
    await order("2023-10-20T18:30:00.000Z", "delivered", 0, { menuItemId: sixth, name: "Sixth Bowl", quantity: 50, unitPrice: 100 });

    expect(await bestSellers(admin, now)).toEqual([
      { name: "Grilled Chicken Caesar", quantity: 5, revenue: 2 * 100 + 3 * 200 },
      { name: "Paneer Tikka", quantity: 4, revenue: 600 },
      { name: "Retired Bowl", quantity: 4, revenue: 400 },
      { name: "Egg Bowl", quantity: 2, revenue: 240 },
      { name: "Quinoa Bowl", quantity: 1, revenue: 130 },
    ]);
  });

  it("is for admins only", async () => {
    await expect(bestSellers(customer)).rejects.toMatchObject({ status: 403 });
  });
});

describe("dashboardFigures", () => {
  it("reads the three together for the page, and only for admins", async () => {
    const now = new Date("2023-09-14T10:00:00.000Z");
    const figures = await dashboardFigures(admin, now);
    expect(figures.today).toEqual(await dashboardStats(admin, now));
    expect(figures.revenueByDay).toEqual(await revenueByDay(admin, now));
    expect(figures.bestSellers).toEqual(await bestSellers(admin, now));
    await expect(dashboardFigures(customer, now)).rejects.toMatchObject({ status: 403 });
  });
});

describe("sums past what a 32-bit integer holds (product.md §5: 64-bit)", () => {
  it("adds up a day whose orders total more than 2^31 rupees, and the page's figures show them", async () => {
    const now = new Date("2023-12-05T10:00:00.000Z"); // 15:30 IST on 5 December
    // Three orders at nearly the largest total an order's int column holds: each line a billion
    // portions at ₹2, so the portions sum past 2^31 too.
    const big = { menuItemId: null, name: "Banquet Bowl", quantity: 1_000_000_000, unitPrice: 2 };
    for (const at of ["2023-12-05T04:00:00.000Z", "2023-12-05T05:00:00.000Z", "2023-12-05T06:00:00.000Z"]) {
      await order(at, "delivered", 0, big);
    }
    const total = 3 * (2_000_000_000 + 40);
    expect(total).toBeGreaterThan(2 ** 31);

    const figures = await dashboardFigures(admin, now);
    expect(figures.today).toMatchObject({ todayOrders: 3, todayRevenue: total });
    expect(figures.revenueByDay.at(-1)).toEqual({ date: "2023-12-05", orders: 3, revenue: total });
    expect(figures.bestSellers).toEqual([{ name: "Banquet Bowl", quantity: 3_000_000_000, revenue: 6_000_000_000 }]);

    const page = renderToStaticMarkup(
      createElement("main", null, [
        createElement(TodayFigures, { key: "today", today: figures.today }),
        createElement(RevenueChart, { key: "chart", id: "chart", title: "Revenue", days: figures.revenueByDay }),
        createElement(RevenueTable, { key: "table", days: figures.revenueByDay }),
        createElement(BestSellersTable, { key: "sellers", sellers: figures.bestSellers }),
      ]),
    );
    expect(formatRupees(total)).toBe("₹6,00,00,00,120");
    expect(page.split(formatRupees(total)).length - 1).toBeGreaterThanOrEqual(3); // today's card, the chart's bar, the table
    expect(page).toContain(formatRupees(6_000_000_000));
    expect(page).toContain(">3000000000<");
  });
});
