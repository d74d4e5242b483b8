import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { dashboardStats, kolkataDay } from "@/lib/orders/dashboard";
import type { SessionUser } from "@/lib/auth/session";
import type { OrderStatus } from "@/lib/orders/status";
import { storedOrder } from "@/tests/support/stored-order";

// The admin dashboard's figures against real PostgreSQL. Orders are written with Prisma at
// chosen instants on a day long past, so orders other files create "now" do not fall on it.

const admin: SessionUser = { id: "dashboard-admin", name: "Kitchen Admin", email: "kitchen@example.com", role: "admin" };
let customerId = "";

async function order(createdAt: string, status: OrderStatus, total: number) {
  return db().order.create({
    data: {
      ...storedOrder(customerId, { name: "Test bowl", portion: "small", unitPrice: total - 40, quantity: 1 }, "Zoë O'Brien"),
      status,
      createdAt: new Date(createdAt),
    },
  });
}

beforeAll(async () => {
  const user = await db().user.create({
    data: { name: "Dashboard Customer", email: `dash.${randomBytes(5).toString("hex")}@example.com`, emailConfirmedAt: new Date() },
  });
  customerId = user.id;
});

afterAll(async () => {
  await db().order.deleteMany({ where: { userId: customerId } });
  await db().user.delete({ where: { id: customerId } });
});

describe("kolkataDay", () => {
  it("is India's calendar day (UTC+05:30), not the server's or UTC's", () => {
    // 02:00 IST on 20 July is still 19 July in UTC.
    expect(kolkataDay(new Date("2023-07-19T20:30:00.000Z"))).toEqual({
      start: new Date("2023-07-19T18:30:00.000Z"),
      end: new Date("2023-07-20T18:30:00.000Z"),
    });
    // Exactly midnight IST starts the new day.
    expect(kolkataDay(new Date("2023-07-18T18:30:00.000Z")).start).toEqual(new Date("2023-07-18T18:30:00.000Z"));
    expect(kolkataDay(new Date("2023-07-18T18:29:59.999Z")).start).toEqual(new Date("2023-07-17T18:30:00.000Z"));
  });
});

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

  it("is for admins only", async () => {
    await expect(dashboardStats({ ...admin, role: "user" })).rejects.toMatchObject({ status: 403 });
  });
});
