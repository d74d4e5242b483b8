import { describe, expect } from "vitest";
import { test } from "./fixtures";
import { db } from "@/lib/db";
import { GET as getOrderRoute } from "@/app/api/orders/[id]/route";
import { POST as refundRoute } from "@/app/api/orders/[id]/refund/route";
import { POST as retryRoute } from "@/app/api/orders/[id]/refunds/[refundId]/retry/route";
import { POST as cancelOpenRoute } from "@/app/api/users/[id]/cancel-open-orders/route";
import { call, type AnyHandler } from "@/tests/support/api";
import {
  checkoutProof,
  placeAndPay,
  deliverOrder,
  deliverWebhook,
  patchOrder,
  payAsBrowser,
  placeOrder,
  queuedJobs,
  runEventJobs,
  sendPendingRefunds,
} from "@/tests/support/online-payments";
import { razorpayGateway } from "@/lib/payments/razorpay";
import { expireUnpaidOrder } from "@/lib/flows/expire-unpaid-order";
import { PAYMENT_WINDOW_MS } from "@/lib/payments/payment-window";
import { sendRefund } from "@/lib/payments/refund-send";
import { composeMail } from "@/lib/email/compose";
import type { OrderRefund } from "@/lib/orders/types";
import type { GatewayImitation } from "@/imitations/razorpay/server";
import type { RefundBehaviour } from "@/imitations/razorpay/ledger";

// Money going back (product.md §10) against the local imitation of Razorpay: every cancel of a
// paid order, a payment that came too late or twice, and an admin's refund after delivery. The
// worker is paused: queued jobs are looked at, and run by calling their function directly.

type Payment = {
  status: string;
  refundedAmount: number;
  refundedAt: string | null;
  gatewayPaymentId: string | null;
  refunds: OrderRefund[];
};
type Order = { id: string; status: string; total: number; payment: Payment };
type Checkout = { orderId: string };

// The moves of these tests, as fixtures of each test: its own customer (an order awaiting payment
// is open and counts against the limit), the file's admin, and the gateway imitation.
const it = test
  /** Places a UPI order of `caller` (the test's customer): awaiting payment. */
  .extend("place", ({ gateway, item, customer }) => async (caller = customer) => {
    void gateway; // an online order needs the gateway
    const reply = await placeOrder(caller, item);
    expect(reply.status).toBe(201);
    return reply.json as { order: Order; checkout: Checkout };
  })
  /** Pays `id` through the browser's call with the Checkout's proof for gateway order `orderId`. */
  .extend(
    "payWith",
    ({ customer }) =>
      (id: string, proof: Paid, orderId: string, caller = customer) =>
        payAsBrowser(caller, id, checkoutProof(orderId, proof)),
  )
  /** An order placed and paid by UPI through the browser's call: pending, payment paid. */
  .extend("paidOrder", ({ gateway, item, customer }) => async (caller = customer) => {
    const { order, ...paid } = await placeAndPay(gateway, caller, item);
    return { order: order as Order, ...paid };
  })
  .extend(
    "read",
    ({ admin }) =>
      async (id: string, caller = admin) =>
        (await call(getOrderRoute as AnyHandler, "GET", `/api/orders/${id}`, { headers: caller.headers, params: { id } })).json as Order,
  )
  .extend(
    "refund",
    ({ admin }) =>
      (id: string, body: unknown, caller = admin) =>
        call(refundRoute as AnyHandler, "POST", `/api/orders/${id}/refund`, { headers: caller.headers, params: { id }, body }),
  )
  .extend(
    "retry",
    ({ admin }) =>
      (id: string, refundId: string, caller = admin) =>
        call(retryRoute as AnyHandler, "POST", `/api/orders/${id}/refunds/${refundId}/retry`, {
          headers: caller.headers,
          params: { id, refundId },
        }),
  )
  /**
   * An order of the test's customer paid by UPI, then cancelled by them with the gateway set to
   * refund as `behaviour` says: its refund is queued, not sent. The cancel's reply as `reply`.
   */
  .extend("cancelled", ({ paidOrder, gateway, customer }) => async (behaviour: RefundBehaviour = "processed") => {
    const paid = await paidOrder();
    gateway.setRefundBehaviour(behaviour);
    const cancel = await patchOrder(customer, paid.order.id, { status: "cancelled" });
    expect(cancel.status).toBe(200);
    return { ...paid, reply: cancel.json as Order };
  })
  /**
   * A paid order cancelled as above whose refund the gateway then made, its reply lost before the
   * shop wrote it down (a send job cut off mid-call): the refund's row still pending, as `row`.
   */
  .extend("refundedUnrecorded", ({ cancelled, gateway }) => async () => {
    const { order, paymentId } = await cancelled();
    const [row] = await db().refund.findMany({ where: { orderId: order.id } });
    await razorpayGateway(gateway.credentials).refund(paymentId, { amount: order.total, shopRefundId: row.id, orderId: order.id });
    return { order, paymentId, row };
  });

/** The refunds `gateway` holds of payment `paymentId`. */
const gatewayRefundsOf = (gateway: GatewayImitation, paymentId: string) => gateway.refunds().filter((r) => r.payment_id === paymentId);

it.beforeEach(({ gateway }) => {
  gateway.setRefundBehaviour("processed");
});

type Paid = { payment: { id: string }; signature: string };

/** Mails queued about the order: status and confirmation mails carry its id, refund mails the refund's. */
async function mailsAbout(order: Order): Promise<string[]> {
  const refunds = (await db().refund.findMany({ where: { orderId: order.id }, select: { id: true } })).map((r) => r.id);
  const rows = await db().$queryRaw<{ mail: string }[]>`SELECT j.payload->>'mail' AS mail FROM graphile_worker._private_jobs j
    JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = 'send_mail' AND (j.payload->>'orderId' = ${order.id} OR j.payload->>'refundId' = ANY(${refunds})) ORDER BY j.id`;
  return rows.map((r) => r.mail);
}

/** The mail that tells `order`'s customer it was cancelled, by them or by the shop (`system`). */
const cancelMail = (order: Order, by: "customer" | "system") =>
  composeMail({ mail: "order-status", orderId: order.id, status: "cancelled", by, at: new Date().toISOString() });

describe("cancelling an order paid online refunds it", () => {
  it("the customer cancels while pending: refund sent, processed, order refunded, its credit note mailed", async ({
    cancelled,
    read,
    gateway,
    customer,
  }) => {
    const { order, paymentId, reply } = await cancelled();
    expect(reply.payment.status).toBe("refund_pending");
    expect(reply.payment.refunds).toEqual([
      expect.objectContaining({ amount: order.total, status: "pending", method: "gateway", processedAt: null, reason: "Order cancelled" }),
    ]);
    expect(await sendPendingRefunds(order.id)).toEqual(["processed"]);
    const after = await read(order.id, customer);
    expect(after.payment).toMatchObject({ status: "refunded", refundedAmount: order.total });
    expect(after.payment.refundedAt).not.toBeNull();
    expect(after.payment.refunds[0]).toMatchObject({ status: "processed" });
    expect(gatewayRefundsOf(gateway, paymentId)).toEqual([expect.objectContaining({ amount: order.total * 100, status: "processed" })]);
    // The confirmation, the cancellation, which tells that the refund started, then the refund's
    // mail, queued with its credit note once processed (product.md §11: linked from the refund mail).
    expect(await mailsAbout(order)).toEqual(["order-confirmation", "order-status", "refund"]);
    const mail = await cancelMail(order, "customer");
    expect(mail?.text).toContain(`Your refund of ₹${order.total} has started: it goes back to the UPI account you paid with`);
    const [note] = await db().creditNote.findMany({ where: { invoice: { orderId: order.id } } });
    const noteMail = await composeMail({ mail: "refund", refundId: after.payment.refunds[0].id });
    expect(noteMail?.text).toContain(`Credit note ${note.number} records this refund against your bill.`);
    expect(noteMail?.text).toContain(`/orders/${order.id}/credit-notes/${encodeURIComponent(note.number)}`);
  });

  it("an admin cancels a confirmed order: refunded in full", async ({ paidOrder, read, gateway, admin }) => {
    const { order, paymentId } = await paidOrder();
    expect((await patchOrder(admin, order.id, { status: "confirmed" })).status).toBe(200);
    expect((await patchOrder(admin, order.id, { status: "cancelled" })).status).toBe(200);
    expect(await sendPendingRefunds(order.id)).toEqual(["processed"]);
    expect((await read(order.id)).payment).toMatchObject({ status: "refunded", refundedAmount: order.total });
    expect(gatewayRefundsOf(gateway, paymentId)).toHaveLength(1);
  });

  it("bulk cancel refunds each paid order; an unpaid one has nothing to refund", async ({ place, paidOrder, read, customer, admin }) => {
    const first = await paidOrder();
    const second = await paidOrder();
    const unpaid = await place();
    const reply = await call(cancelOpenRoute as AnyHandler, "POST", `/api/users/${customer.id}/cancel-open-orders`, {
      headers: admin.headers,
      params: { id: customer.id },
      body: {},
    });
    expect(reply.status).toBe(200);
    expect((reply.json as { cancelled: number }).cancelled).toBe(3);
    expect(await sendPendingRefunds(first.order.id)).toEqual(["processed"]);
    expect(await sendPendingRefunds(second.order.id)).toEqual(["processed"]);
    expect((await read(first.order.id)).payment.status).toBe("refunded");
    expect((await read(second.order.id)).payment.status).toBe("refunded");
    const never = await read(unpaid.order.id);
    expect(never.status).toBe("cancelled");
    expect(never.payment.refunds).toEqual([]);
    expect(await db().refund.count({ where: { orderId: unpaid.order.id } })).toBe(0);
  });
});

describe("a refund that fails", () => {
  it("the gateway fails it: failed with the reason, shown to admins; retried, processed", async ({ cancelled, read, retry, gateway }) => {
    const { order, paymentId } = await cancelled("failed");
    expect(await sendPendingRefunds(order.id)).toEqual(["failed"]);
    const failed = await read(order.id);
    expect(failed.payment.status).toBe("refund_pending");
    expect(failed.payment.refunds).toEqual([expect.objectContaining({ status: "failed", lastError: expect.stringMatching(/failed/) })]);
    const row = await db().refund.findFirstOrThrow({ where: { orderId: order.id } });

    gateway.setRefundBehaviour("processed");
    const retried = await retry(order.id, row.id);
    expect(retried.status).toBe(200);
    expect((retried.json as { success: boolean; order: Order }).order.payment.refunds[0]).toMatchObject({
      status: "pending",
      lastError: null,
    });
    // Retrying one that is not failed is a conflict.
    const again = await retry(order.id, row.id);
    expect(again.status).toBe(409);
    expect((again.json as { code: string }).code).toBe("status_conflict");
    expect(await sendPendingRefunds(order.id)).toEqual(["processed"]);
    expect((await read(order.id)).payment).toMatchObject({ status: "refunded", refundedAmount: order.total });
    // The failed gateway refund and the new one; money went back once.
    expect(gatewayRefundsOf(gateway, paymentId).map((r) => r.status)).toEqual(["failed", "processed"]);
  });

  it("the gateway unreachable: retried with backoff, failed after the last attempt", async ({ cancelled }) => {
    const { order } = await cancelled("refused");
    const [row] = await db().refund.findMany({ where: { orderId: order.id } });
    await expect(sendRefund(row.id, { attempt: 1, maxAttempts: 12, checks: 0 })).rejects.toThrow(/refused refund \(502/);
    expect((await db().refund.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("pending");
    expect(await sendRefund(row.id, { attempt: 12, maxAttempts: 12, checks: 0 })).toBe("failed");
    expect(await db().refund.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: "failed",
      lastError: expect.stringContaining("502"),
    });
  });

  it("the gateway turns it down for good: failed at once, with the gateway's words", async ({ cancelled, read, gateway }) => {
    const { order, paymentId } = await cancelled("rejected");
    expect(await sendPendingRefunds(order.id)).toEqual(["failed"]);
    const row = await db().refund.findFirstOrThrow({ where: { orderId: order.id } });
    expect(row).toMatchObject({ status: "failed", lastError: expect.stringContaining("Refunds are not allowed for this payment") });
    expect(gatewayRefundsOf(gateway, paymentId)).toHaveLength(0);
    expect((await read(order.id)).payment.status).toBe("refund_pending");
  });

  it("a job run again after the gateway accepted but before the shop wrote it down refunds once", async ({
    refundedUnrecorded,
    read,
    gateway,
  }) => {
    // The first run's call reached the gateway; its reply was lost with the process.
    const { order, paymentId, row } = await refundedUnrecorded();
    expect(await sendRefund(row.id, { attempt: 2, maxAttempts: 12, checks: 0 })).toBe("processed");
    expect(gatewayRefundsOf(gateway, paymentId)).toHaveLength(1);
    expect((await read(order.id)).payment).toMatchObject({ status: "refunded", refundedAmount: order.total });
  });
});

describe("refund webhooks", () => {
  it("refund.processed completes a pending refund; delivered twice and late it changes nothing more", async ({
    cancelled,
    read,
    gateway,
  }) => {
    const { order, paymentId } = await cancelled("pending");
    expect(await sendPendingRefunds(order.id)).toEqual(["pending"]);
    const row = await db().refund.findFirstOrThrow({ where: { orderId: order.id } });
    // Looked at again later, in case no webhook comes.
    expect(await queuedJobs("send_refund", "refundId", row.id)).toBe(2);
    const [gatewayRefund] = gatewayRefundsOf(gateway, paymentId);
    gateway.settleRefund(gatewayRefund.id, "processed");
    const event = gateway.webhooks.events.find((e) => e.event === "refund.processed" && e.body.includes(gatewayRefund.id))!;
    expect((await deliverWebhook(event)).status).toBe(200);
    expect((await deliverWebhook(event)).status).toBe(200);
    expect(await runEventJobs([event.id])).toEqual(["refund_processed"]);
    expect((await read(order.id)).payment).toMatchObject({ status: "refunded", refundedAmount: order.total });
    // The later look finds nothing left to do.
    expect(await sendRefund(row.id, { attempt: 1, maxAttempts: 12, checks: 1 })).toBe("settled");
  });

  it("refund.processed before the send job wrote the gateway's id down: found by the note", async ({
    refundedUnrecorded,
    read,
    gateway,
  }) => {
    const { order, paymentId, row } = await refundedUnrecorded();
    const event = gateway.webhooks.events.find((e) => e.event === "refund.processed" && e.body.includes(row.id))!;
    await deliverWebhook(event);
    expect(await runEventJobs([event.id])).toEqual(["refund_processed"]);
    expect(await sendRefund(row.id, { attempt: 1, maxAttempts: 12, checks: 0 })).toBe("settled");
    expect(gatewayRefundsOf(gateway, paymentId)).toHaveLength(1);
    expect((await read(order.id)).payment.status).toBe("refunded");
  });

  it("refund.failed marks a pending refund failed, for an admin to retry", async ({ cancelled, read, gateway }) => {
    const { order, paymentId } = await cancelled("pending");
    await sendPendingRefunds(order.id);
    const [gatewayRefund] = gatewayRefundsOf(gateway, paymentId);
    gateway.settleRefund(gatewayRefund.id, "failed");
    const event = gateway.webhooks.events.find((e) => e.event === "refund.failed" && e.body.includes(gatewayRefund.id))!;
    await deliverWebhook(event);
    expect(await runEventJobs([event.id])).toEqual(["refund_failed"]);
    expect((await read(order.id)).payment.refunds).toEqual([expect.objectContaining({ status: "failed" })]);
  });
});

describe("payments that must go back at once", () => {
  it("a payment after the order expired is refunded at once, with its mail", async ({ place, payWith, read, gateway }) => {
    const { order, checkout } = await place();
    expect(await expireUnpaidOrder(order.id, new Date(Date.now() + PAYMENT_WINDOW_MS + 60_000))).toBe(true);
    const expiredMail = await cancelMail(order, "system");
    expect(expiredMail?.text).toContain("because it was not paid within 15 minutes");
    const proof = gateway.pay(checkout.orderId);
    const reply = await payWith(order.id, proof, checkout.orderId);
    expect(reply.status).toBe(200);
    expect((reply.json as Order).payment).toMatchObject({ status: "refund_pending", gatewayPaymentId: proof.payment.id });
    expect(await sendPendingRefunds(order.id)).toEqual(["processed"]);
    expect((await read(order.id)).payment).toMatchObject({ status: "refunded", refundedAmount: order.total });
    expect(await mailsAbout(order)).toEqual(["order-status", "refund"]);
    const [row] = await db().refund.findMany({ where: { orderId: order.id } });
    const mail = await composeMail({ mail: "refund", refundId: row.id });
    expect(mail?.subject).toMatch(new RegExp(`^Your refund of ₹${order.total} for Fresh Bowl order #[A-Z0-9]{8} has started$`));
    expect(mail?.text).toContain("5–7 working days");
  });

  it("a payment after the customer chose to pay on delivery goes back; the order stays due at the door", async ({
    place,
    payWith,
    read,
    gateway,
    customer,
  }) => {
    const { order, checkout } = await place();
    expect((await patchOrder(customer, order.id, { paymentMethod: "Cash on Delivery" })).status).toBe(200);
    const proof = gateway.pay(checkout.orderId);
    expect((await payWith(order.id, proof, checkout.orderId)).status).toBe(200);
    expect(await db().refund.findMany({ where: { orderId: order.id } })).toEqual([
      expect.objectContaining({ gatewayPaymentId: proof.payment.id, amount: order.total, method: "gateway" }),
    ]);
    expect(await sendPendingRefunds(order.id)).toEqual(["processed"]);
    const after = await read(order.id);
    expect(after.status).toBe("pending");
    expect(after.payment).toMatchObject({ status: "due_on_delivery", gatewayPaymentId: null, paidAt: null, refundedAmount: order.total });
  });

  it("a second payment, only authorized, for a paid order is left uncaptured: the gateway gives it back, no refund", async ({
    place,
    payWith,
    read,
    gateway,
  }) => {
    const { order, checkout } = await place();
    // An attempt left authorized (a slow UPI app), then a second attempt captured.
    const late = gateway.pay(checkout.orderId, { outcome: "authorized" });
    const first = gateway.pay(checkout.orderId);
    expect((await payWith(order.id, first, checkout.orderId)).status).toBe(200);
    // The late one arrives: the order is paid already, so it is not captured (issue 32, L2);
    // Razorpay refunds an authorized payment nobody captures by itself.
    expect((await payWith(order.id, late, checkout.orderId)).status).toBe(200);
    expect((await payWith(order.id, late, checkout.orderId)).status).toBe(200);
    expect(gateway.payments().find((p) => p.id === late.payment.id)?.status).toBe("authorized");
    expect(gateway.calls.filter((c) => c.path === `/v1/payments/${late.payment.id}/capture`)).toHaveLength(0);
    expect(await db().refund.count({ where: { orderId: order.id } })).toBe(0);
    expect(gatewayRefundsOf(gateway, late.payment.id)).toHaveLength(0);
    expect((await read(order.id)).payment).toMatchObject({ status: "paid", gatewayPaymentId: first.payment.id, refundedAmount: 0 });
  });
});

describe("POST /api/orders/{id}/refund after delivery", () => {
  it("online: part through the gateway, partially refunded; more than is left is 400 naming amount", async ({
    paidOrder,
    read,
    refund,
    gateway,
    admin,
  }) => {
    const { order, paymentId } = await paidOrder();
    await deliverOrder(admin, order.id);
    const reply = await refund(order.id, { amount: 100, reason: "Dressing missing" });
    expect(reply.status).toBe(201);
    const body = reply.json as { success: boolean; order: Order };
    expect(body.success).toBe(true);
    expect(body.order.payment.refunds).toEqual([
      expect.objectContaining({ amount: 100, method: "gateway", status: "pending", reason: "Dressing missing" }),
    ]);
    // Its mail waits for its credit note, issued once the gateway has processed it, and links it.
    expect(await mailsAbout(order)).not.toContain("refund");
    expect(await sendPendingRefunds(order.id)).toEqual(["processed"]);
    expect((await read(order.id)).payment).toMatchObject({ status: "partially_refunded", refundedAmount: 100 });
    expect(gatewayRefundsOf(gateway, paymentId)).toEqual([expect.objectContaining({ amount: 10_000 })]);
    expect((await mailsAbout(order)).filter((m) => m === "refund")).toHaveLength(1);
    const [note] = await db().creditNote.findMany({ where: { invoice: { orderId: order.id } } });
    const mail = await composeMail({ mail: "refund", refundId: body.order.payment.refunds[0].id });
    expect(mail?.subject).toMatch(/^Your refund of ₹100 for Fresh Bowl order #[A-Z0-9]{8} has started$/);
    expect(mail?.text).toContain(`/orders/${order.id}/credit-notes/${encodeURIComponent(note.number)}`);
    const over = await refund(order.id, { amount: order.total, reason: "Again" });
    expect(over.status).toBe(400);
    expect(over.json).toMatchObject({ field: "amount", code: "invalid", error: `You can refund at most ₹${order.total - 100}.` });
    expect(await db().refund.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("cash: recorded as paid back at once, with its mail", async ({ refund, customer, shop, item }) => {
    const id = await shop.deliveredOrder(customer.id, item);
    const reply = await refund(id, { amount: 100, reason: "Late delivery" });
    expect(reply.status).toBe(201);
    const order = (reply.json as { order: Order }).order;
    expect(order.payment).toMatchObject({ status: "partially_refunded", refundedAmount: 100 });
    expect(order.payment.refunds).toEqual([expect.objectContaining({ method: "cash", status: "processed", amount: 100 })]);
    expect(order.payment.refunds[0].processedAt).not.toBeNull();
    const [row] = await db().refund.findMany({ where: { orderId: id } });
    expect(await queuedJobs("send_refund", "refundId", row.id)).toBe(0);
    const mail = await composeMail({ mail: "refund", refundId: row.id });
    expect(mail?.subject).toMatch(/^₹100 paid back for order #[A-Z0-9]{8}$/);
  });

  it("two refunds at once never go back beyond what was paid", async ({ read, refund, customer, shop, item }) => {
    const id = await shop.deliveredOrder(customer.id, item);
    const total = (await read(id)).total;
    const replies = await Promise.all([
      refund(id, { amount: total - 50, reason: "One" }),
      refund(id, { amount: total - 50, reason: "Two" }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 400]);
    const after = await read(id);
    expect(after.payment.refundedAmount).toBe(total - 50);
    expect(after.payment.refunds).toHaveLength(1);
  });

  it("refuses bad input, orders not delivered, and anyone but an admin", async ({ refund, customer, shop, item }) => {
    const id = await shop.deliveredOrder(customer.id, item);
    for (const [body, field] of [
      [{ amount: 0, reason: "x" }, "amount"],
      [{ amount: 10.5, reason: "x" }, "amount"],
      [{ amount: "10", reason: "x" }, "amount"],
      [{ amount: 10, reason: "   " }, "reason"],
      [{ amount: 10, reason: "x".repeat(201) }, "reason"],
    ] as const) {
      const reply = await refund(id, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.json).toMatchObject({ field });
    }
    const pending = await shop.order(customer.id, item);
    const notDelivered = await refund(pending, { amount: 10, reason: "Early" });
    expect(notDelivered.status).toBe(409);
    expect(notDelivered.json).toMatchObject({ code: "status_conflict" });
    expect((await refund(id, { amount: 10, reason: "Mine" }, customer)).status).toBe(404);
    expect((await refund("c000000000000000000000000", { amount: 10, reason: "Nobody's" })).status).toBe(404);
    expect(await db().refund.count({ where: { orderId: { in: [id, pending] } } })).toBe(0);
  });
});
