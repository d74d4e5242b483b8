import { randomBytes } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { takingsToday } from "@/lib/orders/dashboard/takings";
import { dashboardFigures } from "@/lib/orders/dashboard/figures";
import { refundsToRetry } from "@/lib/orders/dashboard/refunds-to-retry";
import type { SessionUser } from "@/lib/auth/session";
import type { Prisma } from "@/lib/generated/prisma/client";
import { TakingsFigures } from "@/components/admin/dashboard/takings-figures";
import { promiseAfter, storedOrder } from "@/tests/support/stored-order";
import { deleteOrders } from "@/tests/support/delete-orders";
import { confirmedCustomer } from "@/tests/support/callers";

// Today's takings (product.md §10) against real PostgreSQL: orders and refunds written with Prisma
// on days long past, so what other files write today does not fall on them. The workers run in
// America/Los_Angeles: "yesterday" below is still today there, so a day taken from the process's
// zone would show.

const admin: SessionUser = { id: "takings-admin", name: "Kitchen Admin", email: "kitchen@example.com", role: "admin" };
const customer: SessionUser = { ...admin, role: "user" };
let customerId = "";

type Extra = Partial<Prisma.OrderUncheckedCreateInput>;

/** An order of `total` rupees placed at `placedAt`, with the payment facts the test is about. */
async function order(placedAt: string, total: number, extra: Extra) {
  return db().order.create({
    data: {
      ...storedOrder(customerId, { menuItemId: null, name: "Takings bowl", portion: "small", unitPrice: total - 40, quantity: 1 }),
      ...promiseAfter(new Date(placedAt)),
      createdAt: new Date(placedAt),
      ...extra,
    },
  });
}

/** Paid online at `paidAt`, as settlePayment leaves it. */
function paidOnline(paidAt: string): Extra {
  return {
    paymentMethod: "upi",
    status: "confirmed",
    paymentStatus: "paid",
    gateway: "razorpay",
    gatewayOrderId: `order_${randomBytes(6).toString("hex")}`,
    gatewayPaymentId: `pay_${randomBytes(6).toString("hex")}`,
    paidAt: new Date(paidAt),
  };
}

/** A Cash on Delivery order handed over at `deliveredAt`, as the history records it. */
async function cashDelivered(placedAt: string, deliveredAt: string, total: number) {
  const { id } = await order(placedAt, total, { paymentMethod: "cash_on_delivery", status: "delivered", paymentStatus: "paid" });
  await db().orderStatusChange.create({ data: { orderId: id, status: "delivered", actor: "admin", createdAt: new Date(deliveredAt) } });
  return id;
}

/** A refund asked for at `at` (and processed then, when it is), through the gateway unless `cash`. */
async function refund(orderId: string, amount: number, status: "pending" | "processed" | "failed", at: string, cash = false) {
  const how = cash
    ? { method: "cash" as const }
    : { method: "gateway" as const, gatewayPaymentId: `pay_${randomBytes(6).toString("hex")}` };
  const when = new Date(at);
  await db().refund.create({
    data: {
      orderId,
      amount,
      reason: "Complaint",
      status,
      ...how,
      createdAt: when,
      updatedAt: when,
      processedAt: status === "processed" ? when : null,
    },
  });
}

beforeAll(async () => {
  const user = await confirmedCustomer("Takings Customer", "takings");
  customerId = user.id;
});

afterAll(async () => {
  await deleteOrders({ userId: customerId });
  await db().user.delete({ where: { id: customerId } });
});

describe("takingsToday", () => {
  // 12:00 on 10 May 2022 in India; 23:30 on 9 May in Los Angeles.
  const now = new Date("2022-05-10T06:30:00.000Z");
  const yesterday = new Date("2022-05-09T06:30:00.000Z");

  it("counts what the gateway captured and the cash handed over on the India day, less that day's refunds", async () => {
    expect(await takingsToday(admin, now)).toEqual({ online: 0, onlineRefunded: 0, cash: 0, cashRefunded: 0, total: 0 });

    // Online: ₹300 captured today (09:30 IST), with a refund still pending; ₹500 captured
    // yesterday at 23:30 IST, ₹200 + ₹30 of it refunded today, and ₹50 whose refund failed today.
    const today = await order("2022-05-10T03:55:00.000Z", 300, paidOnline("2022-05-10T04:00:00.000Z"));
    await refund(today.id, 100, "pending", "2022-05-10T05:00:00.000Z");
    const late = await order("2022-05-09T17:55:00.000Z", 500, paidOnline("2022-05-09T18:00:00.000Z"));
    await refund(late.id, 200, "processed", "2022-05-10T05:00:00.000Z");
    await refund(late.id, 50, "failed", "2022-05-10T05:10:00.000Z");
    // Asked yesterday, processed by the gateway today: today's.
    await db().refund.create({
      data: {
        orderId: late.id,
        amount: 30,
        reason: "Cold",
        method: "gateway",
        gatewayPaymentId: "pay_yesterday",
        status: "processed",
        createdAt: new Date("2022-05-09T18:10:00.000Z"),
        processedAt: new Date("2022-05-10T03:00:00.000Z"),
      },
    });
    // Unpaid and failed orders count nowhere, though the gateway knows them.
    const gatewayOrder = () => ({
      paymentMethod: "card" as const,
      gateway: "razorpay",
      gatewayOrderId: `order_${randomBytes(6).toString("hex")}`,
    });
    await order("2022-05-10T04:10:00.000Z", 700, { ...gatewayOrder(), status: "awaiting_payment", paymentStatus: "awaiting" });
    await order("2022-05-10T04:20:00.000Z", 900, { ...gatewayOrder(), status: "awaiting_payment", paymentStatus: "failed" });

    // Cash: ₹240 placed yesterday for today's lunch and delivered today, ₹40 of it paid back today;
    // ₹340 delivered yesterday at 23:50 IST; ₹440 not delivered yet; ₹60 paid back yesterday.
    const lunch = await cashDelivered("2022-05-09T17:00:00.000Z", "2022-05-10T05:30:00.000Z", 240);
    await refund(lunch, 40, "processed", "2022-05-10T06:00:00.000Z", true);
    const dinner = await cashDelivered("2022-05-09T17:40:00.000Z", "2022-05-09T18:20:00.000Z", 340);
    await refund(dinner, 60, "processed", "2022-05-09T18:25:00.000Z", true);
    await order("2022-05-10T05:00:00.000Z", 440, { paymentMethod: "cash_on_delivery", status: "preparing" });
    // Paid without a gateway (as orders from before payments went online are): not online money.
    await order("2022-05-10T02:00:00.000Z", 140, {
      paymentMethod: "upi",
      status: "cancelled",
      paymentStatus: "paid",
      paidAt: new Date("2022-05-10T04:00:00.000Z"),
    });

    expect(await takingsToday(admin, now)).toEqual({ online: 70, onlineRefunded: 230, cash: 200, cashRefunded: 40, total: 270 });
    expect(await takingsToday(admin, yesterday)).toEqual({ online: 500, onlineRefunded: 0, cash: 280, cashRefunded: 60, total: 780 });
    // The next India day starts at 18:30 UTC: nothing of the above falls on it.
    expect(await takingsToday(admin, new Date("2022-05-10T18:30:00.000Z"))).toMatchObject({ total: 0 });

    // The failed refund waits for an admin whatever the day; the pending one does not.
    const toRetry = await refundsToRetry(admin);
    expect(toRetry).toContainEqual({ orderId: late.id, refunds: 1, amount: 50 });
    expect(toRetry.map((r) => r.orderId)).not.toContain(today.id);
  });

  it("goes below zero when today's refunds outweigh today's takings, and the page says so", async () => {
    const day = new Date("2022-06-15T08:00:00.000Z");
    const paid = await order("2022-06-14T08:00:00.000Z", 400, paidOnline("2022-06-14T08:01:00.000Z"));
    await refund(paid.id, 400, "processed", "2022-06-15T07:00:00.000Z");

    const takings = await takingsToday(admin, day);
    expect(takings).toEqual({ online: -400, onlineRefunded: 400, cash: 0, cashRefunded: 0, total: -400 });
    const html = renderToStaticMarkup(createElement(TakingsFigures, { takings }));
    expect(html).toContain("-₹400");
    expect(html).toContain("less ₹400 refunded today");
  });

  it("adds up past what a 32-bit integer holds (64-bit sums)", async () => {
    const day = new Date("2022-07-20T08:00:00.000Z");
    const big = 2_000_000_000;
    for (const at of ["2022-07-20T04:00:00.000Z", "2022-07-20T05:00:00.000Z"]) await order(at, big, paidOnline(at));
    await cashDelivered("2022-07-20T03:00:00.000Z", "2022-07-20T03:30:00.000Z", big);
    expect(3 * big).toBeGreaterThan(2 ** 31);

    const figures = await dashboardFigures(admin, day);
    expect(figures.takings).toEqual({ online: 2 * big, onlineRefunded: 0, cash: big, cashRefunded: 0, total: 3 * big });
    const html = renderToStaticMarkup(createElement(TakingsFigures, { takings: figures.takings }));
    expect(html).toContain(">₹6,00,00,00,000<");
  });

  it("is for admins only", async () => {
    await expect(takingsToday(customer)).rejects.toMatchObject({ status: 403 });
    await expect(refundsToRetry(customer)).rejects.toMatchObject({ status: 403 });
  });
});
