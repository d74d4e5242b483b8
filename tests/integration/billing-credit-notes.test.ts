import { describe, expect } from "vitest";
import { test } from "./fixtures";
import { db } from "@/lib/db";
import { POST as refundRoute } from "@/app/api/orders/[id]/refund/route";
import { GET as invoiceRoute } from "@/app/api/orders/[id]/invoice/route";
import { financialYearOf } from "@/lib/billing/financial-year";
import type { Invoice } from "@/lib/billing/invoice-types";
import { call, type AnyHandler } from "@/tests/support/api";
import { deliverOrder, deliverWebhook, patchOrder, placeAndPay, runEventJobs, sendPendingRefunds } from "@/tests/support/online-payments";
import { freshBillsEachTest, setBusiness } from "@/tests/support/billing";

// Credit notes (product.md §11): money given back on a billed order, cash at once or through
// the gateway (its imitation) once processed, gets a note of its own series "CN/<FY>/<serial>",
// its tax split as the bill's, listed under the bill's creditNotes. A refund of an order
// cancelled before delivery has no bill, so no note. The mail worker is paused: jobs are run
// by calling their functions, as tests/integration/payments-refunds.test.ts does.

const fy = financialYearOf(new Date()).label;

const it = test
  /** An order placed and paid by UPI (the imitation's Checkout), pending in the kitchen; its id. */
  .extend(
    "paidOrder",
    async ({ gateway, item, customer }) =>
      async () =>
        (await placeAndPay(gateway, customer, item)).order.id,
  )
  /** An admin's refund of `amount` rupees of order `id`. */
  .extend(
    "refund",
    ({ admin }) =>
      (id: string, amount: number) =>
        call(refundRoute as AnyHandler, "POST", `/api/orders/${id}/refund`, {
          headers: admin.headers,
          params: { id },
          body: { amount, reason: "Cold" },
        }),
  )
  /** The bill of order `id`, as its customer reads it. */
  .extend(
    "invoiceOf",
    ({ customer }) =>
      async (id: string) =>
        (await call(invoiceRoute as AnyHandler, "GET", `/api/orders/${id}/invoice`, { headers: customer.headers, params: { id } }))
          .json as Invoice,
  );

freshBillsEachTest();
it.beforeEach(({ gateway }) => {
  gateway.setRefundBehaviour("processed");
});

describe("credit notes", () => {
  it("a cash refund after delivery: CN/<FY>/1 at once, its tax split, under the bill's creditNotes", async ({
    refund,
    invoiceOf,
    customer,
    admin,
    shop,
    item,
  }) => {
    const id = await shop.order(customer.id, item);
    await deliverOrder(admin, id);
    expect((await refund(id, 100)).status).toBe(201);
    const bill = await invoiceOf(id);
    expect(bill.creditNotes).toEqual([
      { number: `CN/${fy}/1`, issuedAt: expect.any(String), amount: 10_000, taxableValue: 9524, cgst: 238, sgst: 238 },
    ]);
    const note = await db().creditNote.findFirstOrThrow({ include: { invoice: true, refund: true } });
    expect(note.invoice.number).toBe(bill.number);
    expect(note.refund).toMatchObject({ orderId: id, amount: 100, status: "processed" });
    // A second, partial one: the series goes on.
    expect((await refund(id, 50)).status).toBe(201);
    expect((await invoiceOf(id)).creditNotes.map((n) => [n.number, n.amount, n.taxableValue, n.cgst, n.sgst])).toEqual([
      [`CN/${fy}/1`, 10_000, 9524, 238, 238],
      [`CN/${fy}/2`, 5000, 4762, 119, 119],
    ]);
  });

  it("through the gateway: no note while pending; CN once processed (send job or refund.processed), once", async ({
    paidOrder,
    refund,
    invoiceOf,
    gateway,
    admin,
  }) => {
    const sent = await paidOrder();
    await deliverOrder(admin, sent);
    expect((await refund(sent, 100)).status).toBe(201);
    expect(await db().creditNote.count()).toBe(0);
    expect(await sendPendingRefunds(sent)).toEqual(["processed"]);
    expect((await invoiceOf(sent)).creditNotes).toEqual([expect.objectContaining({ number: `CN/${fy}/1`, amount: 10_000, cgst: 238 })]);

    gateway.setRefundBehaviour("pending");
    const later = await paidOrder();
    await deliverOrder(admin, later);
    expect((await refund(later, 60)).status).toBe(201);
    expect(await sendPendingRefunds(later)).toEqual(["pending"]);
    expect((await invoiceOf(later)).creditNotes).toEqual([]);
    const gatewayRefund = gateway.refunds().find((r) => r.amount === 6000 && r.status !== "processed")!;
    gateway.settleRefund(gatewayRefund.id, "processed");
    const event = gateway.webhooks.events.find((e) => e.event === "refund.processed" && e.body.includes(gatewayRefund.id))!;
    expect((await deliverWebhook(event)).status).toBe(200);
    expect(await runEventJobs([event.id])).toEqual(["refund_processed"]);
    // The send job's later look finds it settled: no second note.
    await sendPendingRefunds(later);
    expect((await invoiceOf(later)).creditNotes).toEqual([expect.objectContaining({ number: `CN/${fy}/2`, amount: 6000 })]);
    expect(await db().creditNote.count()).toBe(2);
  });

  it("under composition the note carries no tax, as its bill of supply", async ({ refund, invoiceOf, customer, admin, shop, item }) => {
    await setBusiness({ regime: "composition" });
    const id = await shop.order(customer.id, item);
    await deliverOrder(admin, id);
    await refund(id, 100);
    expect((await invoiceOf(id)).creditNotes).toEqual([
      expect.objectContaining({ amount: 10_000, taxableValue: 10_000, cgst: 0, sgst: 0 }),
    ]);
  });

  it("an order paid online is billed when paid: cancelled before delivery, its refund gets a note for the whole bill", async ({
    paidOrder,
    customer,
    invoiceOf,
  }) => {
    const id = await paidOrder();
    const bill = await invoiceOf(id);
    expect(bill.number).toBe(`FB/${fy}/1`);
    expect((await patchOrder(customer, id, { status: "cancelled" })).status).toBe(200);
    expect(await sendPendingRefunds(id)).toEqual(["processed"]);
    const [note] = (await invoiceOf(id)).creditNotes;
    expect(note).toMatchObject({
      number: `CN/${fy}/1`,
      amount: bill.total,
      taxableValue: bill.taxableValue,
      cgst: bill.cgst,
      sgst: bill.sgst,
    });
  });
});
