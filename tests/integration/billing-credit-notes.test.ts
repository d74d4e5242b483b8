import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pauseMailWorker, resumeMailWorker } from "./setup";
import { db } from "@/lib/db";
import { POST as placeRoute } from "@/app/api/orders/route";
import { PATCH as orderRoute } from "@/app/api/orders/[id]/route";
import { POST as paymentRoute } from "@/app/api/orders/[id]/payment/route";
import { POST as refundRoute } from "@/app/api/orders/[id]/refund/route";
import { GET as invoiceRoute } from "@/app/api/orders/[id]/invoice/route";
import { POST as webhookRoute } from "@/app/api/payments/razorpay/webhook/route";
import { financialYearOf } from "@/lib/billing/financial-year";
import type { Invoice } from "@/lib/billing/invoice-types";
import { startGatewayImitation, type GatewayImitation } from "@/imitations/razorpay/server";
import { handlePaymentEvent } from "@/lib/payments/webhook";
import { paymentEventJobSchema } from "@/lib/payments/payment-event-job";
import { sendRefund } from "@/lib/payments/refund-send";
import { call, type AnyHandler, type Caller } from "@/tests/support/api";
import { makeCaller } from "@/tests/support/callers";
import { changeSettings } from "@/tests/support/settings";
import { dropPaymentJobs, gatewaySettings } from "@/tests/support/gateway";
import { shopFixtures, type ShopFixtures } from "@/tests/support/shop-fixtures";
import { resetStore } from "@/tests/support/store";
import { resetBills, setBusiness } from "@/tests/support/billing";

// Credit notes (product.md §11): money given back on a billed order, cash at once or through
// the gateway (its imitation) once processed, gets a note of its own series "CN/<FY>/<serial>",
// its tax split as the bill's, listed under the bill's creditNotes. A refund of an order
// cancelled before delivery has no bill, so no note. The mail worker is paused: jobs are run
// by calling their functions, as tests/integration/payments-refunds.test.ts does.

let imitation: GatewayImitation;
let restore: () => void;
let shop: ShopFixtures;
let itemId = "";
let admin: Caller;
let customer: Caller;
const fy = financialYearOf(new Date()).label;

beforeAll(async () => {
  imitation = await startGatewayImitation();
  restore = changeSettings(gatewaySettings(imitation));
  shop = await shopFixtures("credit-notes");
  itemId = await shop.item();
  [admin, customer] = await Promise.all([makeCaller("admin"), makeCaller("user")]);
  shop.adopt(admin.id);
  shop.adopt(customer.id);
  await pauseMailWorker();
});

afterAll(async () => {
  await dropPaymentJobs();
  await resumeMailWorker();
  await shop.cleanUp();
  await resetBills();
  await resetStore();
  restore();
  await imitation.close();
});

beforeEach(async () => {
  imitation.setRefundBehaviour("processed");
  await resetBills();
  await setBusiness();
});

const patch = (caller: Caller, id: string, body: Record<string, unknown>) =>
  call(orderRoute as AnyHandler, "PATCH", `/api/orders/${id}`, { headers: caller.headers, params: { id }, body });

const refund = (id: string, amount: number) =>
  call(refundRoute as AnyHandler, "POST", `/api/orders/${id}/refund`, {
    headers: admin.headers,
    params: { id },
    body: { amount, reason: "Cold" },
  });

const invoiceOf = async (id: string) =>
  (await call(invoiceRoute as AnyHandler, "GET", `/api/orders/${id}/invoice`, { headers: customer.headers, params: { id } }))
    .json as Invoice;

async function deliverOrder(id: string) {
  for (const status of ["confirmed", "preparing", "out_for_delivery", "delivered"])
    expect((await patch(admin, id, { status })).status).toBe(200);
}

/** An order placed and paid by UPI (the imitation's Checkout), pending in the kitchen. */
async function paidOrder(): Promise<string> {
  const placed = await call(placeRoute as AnyHandler, "POST", "/api/orders", {
    headers: { ...customer.headers, "idempotency-key": randomUUID() },
    body: {
      items: [{ id: itemId, portion: "medium", quantity: 1 }],
      address: { name: "Asha Rao", phone: "9876543210", street: "1 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" },
      paymentMethod: "UPI",
    },
  });
  const { order, checkout } = placed.json as { order: { id: string }; checkout: { orderId: string } };
  const proof = imitation.pay(checkout.orderId);
  const paid = await call(paymentRoute as AnyHandler, "POST", `/api/orders/${order.id}/payment`, {
    headers: customer.headers,
    params: { id: order.id },
    body: { razorpay_payment_id: proof.payment.id, razorpay_order_id: checkout.orderId, razorpay_signature: proof.signature },
  });
  expect(paid.status).toBe(200);
  return order.id;
}

const sendPending = async (orderId: string) => {
  const pending = await db().refund.findMany({ where: { orderId, status: "pending" }, select: { id: true } });
  return Promise.all(pending.map((r) => sendRefund(r.id, { attempt: 1, maxAttempts: 12, checks: 0 })));
};

describe("credit notes", () => {
  it("a cash refund after delivery: CN/<FY>/1 at once, its tax split, under the bill's creditNotes", async () => {
    const id = await shop.order(customer.id, itemId);
    await deliverOrder(id);
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

  it("through the gateway: no note while pending; CN once processed (send job or refund.processed), once", async () => {
    const sent = await paidOrder();
    await deliverOrder(sent);
    expect((await refund(sent, 100)).status).toBe(201);
    expect(await db().creditNote.count()).toBe(0);
    expect(await sendPending(sent)).toEqual(["processed"]);
    expect((await invoiceOf(sent)).creditNotes).toEqual([expect.objectContaining({ number: `CN/${fy}/1`, amount: 10_000, cgst: 238 })]);

    imitation.setRefundBehaviour("pending");
    const later = await paidOrder();
    await deliverOrder(later);
    expect((await refund(later, 60)).status).toBe(201);
    expect(await sendPending(later)).toEqual(["pending"]);
    expect((await invoiceOf(later)).creditNotes).toEqual([]);
    const gatewayRefund = imitation.refunds().find((r) => r.amount === 6000 && r.status !== "processed")!;
    imitation.settleRefund(gatewayRefund.id, "processed");
    const event = imitation.webhooks.events.find((e) => e.event === "refund.processed" && e.body.includes(gatewayRefund.id))!;
    const headers = {
      origin: null,
      "content-type": "application/json",
      "x-razorpay-signature": event.signature,
      "x-razorpay-event-id": event.id,
    };
    expect((await call(webhookRoute as AnyHandler, "POST", "/api/payments/razorpay/webhook", { raw: event.body, headers })).status).toBe(
      200,
    );
    const rows = await db().$queryRaw<{ payload: unknown }[]>`SELECT j.payload FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'payment_event' AND j.payload->>'eventId' = ${event.id}`;
    expect(rows).toHaveLength(1);
    for (const { payload } of rows) expect(await handlePaymentEvent(paymentEventJobSchema.parse(payload))).toBe("refund_processed");
    // The send job's later look finds it settled: no second note.
    await sendPending(later);
    expect((await invoiceOf(later)).creditNotes).toEqual([expect.objectContaining({ number: `CN/${fy}/2`, amount: 6000 })]);
    expect(await db().creditNote.count()).toBe(2);
  });

  it("under composition the note carries no tax, as its bill of supply", async () => {
    await setBusiness({ regime: "composition" });
    const id = await shop.order(customer.id, itemId);
    await deliverOrder(id);
    await refund(id, 100);
    expect((await invoiceOf(id)).creditNotes).toEqual([
      expect.objectContaining({ amount: 10_000, taxableValue: 10_000, cgst: 0, sgst: 0 }),
    ]);
  });

  it("an order cancelled before delivery is refunded without a bill, so without a note", async () => {
    const id = await paidOrder();
    expect((await patch(customer, id, { status: "cancelled" })).status).toBe(200);
    expect(await sendPending(id)).toEqual(["processed"]);
    expect(await db().refund.count({ where: { orderId: id, status: "processed" } })).toBe(1);
    expect(await db().creditNote.count()).toBe(0);
    expect(await db().documentCounter.count({ where: { series: "credit_note" } })).toBe(0);
  });
});
