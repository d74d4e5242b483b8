import { describe, expect } from "vitest";
import { test } from "./fixtures";
import { db } from "@/lib/db";
import { PATCH as orderRoute } from "@/app/api/orders/[id]/route";
import { financialYearOf } from "@/lib/billing/financial-year";
import { moveOrders } from "@/lib/flows/move-orders";
import { indiaInstant } from "@/lib/time";
import { call, type AnyHandler } from "@/tests/support/api";
import { deliver, numbersOf, outForDelivery, freshBillsEachTest, setBusiness } from "@/tests/support/billing";

// Numbering bills (product.md §11): `<prefix>/<financial year>/<serial>`, consecutive within a
// financial year, never reused, no gaps, however many orders are delivered at once, through the
// real route handler and PostgreSQL. The workers run in Los Angeles time: the year turns on
// India's clock all the same.

const fy = financialYearOf(new Date()).label;

freshBillsEachTest();

/** Moves order `id` to `status` as the file's admin. */
const it = test.extend(
  "patch",
  ({ admin }) =>
    (id: string, status: string) =>
      call(orderRoute as AnyHandler, "PATCH", `/api/orders/${id}`, { headers: admin.headers, params: { id }, body: { status } }),
);

const serialsOf = async (financialYear: string) =>
  (await db().invoice.findMany({ where: { financialYear }, select: { serial: true }, orderBy: { serial: "asc" } })).map((r) => r.serial);

describe("invoice numbers", () => {
  it("a delivered order gets FB/<FY>/1, the next /2; its order shows the number", async ({ patch, customer }) => {
    const first = await outForDelivery(customer.id, { lineTotal: 200 });
    const second = await outForDelivery(customer.id, { lineTotal: 300 });
    const reply = await patch(first, "delivered");
    expect(reply.status).toBe(200);
    const order = reply.json as { invoice: { number: string; issuedAt: string } | null; packagingCharge: number };
    expect(order.invoice).toEqual({ number: `FB/${fy}/1`, issuedAt: expect.any(String) });
    expect(order.packagingCharge).toBe(10);
    expect((await patch(second, "delivered")).status).toBe(200);
    expect(await numbersOf([first, second])).toEqual([`FB/${fy}/1`, `FB/${fy}/2`]);
    // Delivered is final: the same click again changes nothing and issues nothing.
    expect((await patch(second, "delivered")).status).toBe(409);
    expect(await db().invoice.count()).toBe(2);
  });

  it("an order not delivered has no bill; another status issues none", async ({ patch, customer, shop }) => {
    const id = await outForDelivery(customer.id, { lineTotal: 200 });
    const pending = await shop.order(customer.id, await shop.item());
    expect((await patch(pending, "confirmed")).status).toBe(200);
    expect(await numbersOf([id, pending])).toEqual(["none", "none"]);
  });

  it("30 orders delivered at once by 30 requests: serials exactly 1..30", async ({ patch, customer }) => {
    const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => outForDelivery(customer.id, { lineTotal: 100 + i })));
    const replies = await Promise.all(ids.map((id) => patch(id, "delivered")));
    expect(replies.map((r) => r.status)).toEqual(ids.map(() => 200));
    expect(await serialsOf(fy)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(new Set(await numbersOf(ids)).size).toBe(30);
  });

  it("30 orders delivered in one move, and requests beside it: no gaps, no duplicates", async ({ patch, customer }) => {
    const bulk = await Promise.all(Array.from({ length: 30 }, () => outForDelivery(customer.id, { lineTotal: 150 })));
    const single = await Promise.all(Array.from({ length: 5 }, () => outForDelivery(customer.id, { lineTotal: 150 })));
    const [moved, ...replies] = await Promise.all([deliver(bulk), ...single.map((id) => patch(id, "delivered"))]);
    expect(moved).toHaveLength(30);
    expect(replies.map((r) => r.status)).toEqual(single.map(() => 200));
    expect(await serialsOf(fy)).toEqual(Array.from({ length: 35 }, (_, i) => i + 1));
    // One move numbers its orders in the order they were placed, consecutively.
    const bulkSerials = (await db().invoice.findMany({ where: { orderId: { in: bulk } }, select: { serial: true } })).map((r) => r.serial);
    bulkSerials.sort((a, b) => a - b);
    expect(bulkSerials.at(-1)! - bulkSerials[0]).toBe(29);
  });

  it("a delivery rolled back gives its number back", async ({ customer }) => {
    const [kept, lost, next] = await Promise.all([1, 2, 3].map(() => outForDelivery(customer.id, { lineTotal: 120 })));
    await deliver([kept]);
    await expect(
      db().$transaction(async (tx) => {
        await moveOrders(tx, { id: lost, status: "out_for_delivery" }, "delivered", "admin");
        throw new Error("the delivery fails after its bill was numbered");
      }),
    ).rejects.toThrow("the delivery fails");
    expect(await db().order.findUniqueOrThrow({ where: { id: lost }, select: { status: true } })).toEqual({ status: "out_for_delivery" });
    await deliver([next]);
    await deliver([lost]);
    expect(await numbersOf([kept, next, lost])).toEqual([`FB/${fy}/1`, `FB/${fy}/2`, `FB/${fy}/3`]);
  });

  it("the financial year turns at 1 April 00:00 in India, whatever the server's zone", async ({ customer }) => {
    const [march, april, later] = await Promise.all([1, 2, 3].map(() => outForDelivery(customer.id, { lineTotal: 120 })));
    await deliver([march], indiaInstant("2026-03-31", 23 * 60 + 59));
    await deliver([april], indiaInstant("2026-04-01", 0));
    await deliver([later], indiaInstant("2026-04-01", 1));
    expect(await numbersOf([march, april, later])).toEqual(["FB/25-26/1", "FB/26-27/1", "FB/26-27/2"]);
    const row = await db().invoice.findUniqueOrThrow({ where: { orderId: march } });
    expect(row).toMatchObject({ financialYear: "25-26", serial: 1 });
    // Dated once its number was taken: a moment after the delivery, still in the year it is numbered in.
    const lastMinute = indiaInstant("2026-03-31", 23 * 60 + 59).getTime();
    expect(row.issuedAt.getTime()).toBeGreaterThanOrEqual(lastMinute);
    expect(row.issuedAt.getTime()).toBeLessThan(indiaInstant("2026-04-01", 0).getTime());
  });

  it("a new prefix carries on the year's one series; a receipt is numbered from it too", async ({ customer }) => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => outForDelivery(customer.id, { lineTotal: 120 })));
    await deliver([a]);
    await setBusiness({ invoicePrefix: "KB1" });
    await deliver([b]);
    await setBusiness({ invoicePrefix: "KB1", regime: "unregistered", gstin: null });
    await deliver([c]);
    expect(await numbersOf([a, b, c])).toEqual([`FB/${fy}/1`, `KB1/${fy}/2`, `KB1/${fy}/3`]);
    expect((await db().invoice.findUniqueOrThrow({ where: { orderId: c } })).kind).toBe("receipt");
  });

  it("past the prefix's last serial (16 characters at most) the delivery is refused, 409, and nothing is taken", async ({
    patch,
    customer,
  }) => {
    await setBusiness({ invoicePrefix: "ABCD" });
    await db().documentCounter.create({ data: { series: "invoice", financialYear: fy, lastSerial: 99_999 } });
    const id = await outForDelivery(customer.id, { lineTotal: 120 });
    const reply = await patch(id, "delivered");
    expect(reply.status).toBe(409);
    expect(reply.json).toMatchObject({ code: "conflict", error: expect.stringContaining("Choose a shorter invoice prefix") });
    expect(await db().order.findUniqueOrThrow({ where: { id }, select: { status: true } })).toEqual({ status: "out_for_delivery" });
    expect(await db().documentCounter.findFirstOrThrow({ where: { financialYear: fy } })).toMatchObject({ lastSerial: 99_999 });
    await setBusiness({ invoicePrefix: "FB" });
    expect((await patch(id, "delivered")).status).toBe(200);
    expect(await numbersOf([id])).toEqual([`FB/${fy}/100000`]);
  });
});
