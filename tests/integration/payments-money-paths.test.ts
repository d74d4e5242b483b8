import { describe, expect } from "vitest";
import { test } from "./fixtures";
import { db } from "@/lib/db";
import { POST as refundRoute } from "@/app/api/orders/[id]/refund/route";
import { call, type AnyHandler } from "@/tests/support/api";
import { changeSettings } from "@/tests/support/settings";
import * as online from "@/tests/support/online-payments";
import { expireUnpaidOrder } from "@/lib/flows/expire-unpaid-order";
import { PAYMENT_WINDOW_MS } from "@/lib/payments/payment-window";
import { sendRefund } from "@/lib/payments/refund-send";
import type { GatewayImitation } from "@/imitations/razorpay/server";
import { checkoutSignature } from "@/imitations/razorpay/signatures";

// The money paths an attacker or a slow network tries (issue 32): replayed payment proofs (M3),
// the expiry that asks the gateway first (L1), payments left authorized (L2), and two sends of
// one refund row (L7); against the gateway imitation over HTTP, the job worker paused.

type Placed = { order: { id: string; total: number }; checkout: { orderId: string } };

const it = test.extend("place", ({ gateway, item }) => {
  void gateway;
  return async (caller: Parameters<typeof online.placeOrder>[0]) => {
    const reply = await online.placeOrder(caller, item);
    expect(reply.status).toBe(201);
    return reply.json as Placed;
  };
});

const callsTo = (gateway: GatewayImitation, path: string, method = "GET") =>
  gateway.calls.filter((c) => c.path === path && c.method === method).length;

const stored = (id: string) =>
  db().order.findUniqueOrThrow({ where: { id }, select: { status: true, paymentStatus: true, gatewayPaymentId: true } });

describe("POST /api/orders/{id}/payment replayed (M3)", () => {
  it("a proof of the payment that paid the order is answered without asking the gateway", async ({ gateway, item, customer }) => {
    const { order, paymentId, checkout } = await online.placeAndPay(gateway, customer, item);
    const asked = callsTo(gateway, `/v1/payments/${paymentId}`);
    expect(asked).toBe(1);
    const payment = gateway.payments().find((p) => p.id === paymentId)!;
    const signature = checkoutSignature(gateway.credentials.keySecret, checkout.orderId, payment.id);
    for (let i = 0; i < 3; i++) {
      const again = await online.payAsBrowser(customer, order.id, online.checkoutProof(checkout.orderId, { payment, signature }));
      expect(again.status).toBe(200);
      expect(again.json).toMatchObject({ id: order.id, status: "pending" });
    }
    expect(callsTo(gateway, `/v1/payments/${paymentId}`)).toBe(asked);
  });

  it("proofs are limited per account: of 6 at once with an allowance of 3, 3 are answered, 3 get 429 with Retry-After", async ({
    place,
    gateway,
    newCaller,
  }) => {
    const restore = changeSettings({ PAYMENT_PROOFS_PER_ACCOUNT: "3" });
    try {
      const customer = await newCaller();
      const { order, checkout } = await place(customer);
      const paid = gateway.pay(checkout.orderId, { outcome: "authorized" });
      // A wrong amount at the gateway: every proof that gets through asks the gateway, and is refused.
      gateway.setPaymentAmount(paid.payment.id, 100);
      const proof = online.checkoutProof(checkout.orderId, paid);
      const replies = await Promise.all(Array.from({ length: 6 }, () => online.payAsBrowser(customer, order.id, proof)));
      expect(replies.map((r) => r.status).sort()).toEqual([409, 409, 409, 429, 429, 429]);
      for (const r of replies.filter((r) => r.status === 429)) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(callsTo(gateway, `/v1/payments/${paid.payment.id}`)).toBe(3);
    } finally {
      restore();
    }
  });
});

describe("the expiry asks the gateway first (L1)", () => {
  const late = (placedAt: Date) => new Date(placedAt.getTime() + PAYMENT_WINDOW_MS + 1000);
  const placedAt = async (id: string) => (await db().order.findUniqueOrThrow({ where: { id }, select: { createdAt: true } })).createdAt;

  it("a payment captured in time that the shop never heard of pays the order instead of cancelling it", async ({
    place,
    gateway,
    customer,
  }) => {
    const { order, checkout } = await place(customer);
    const { payment } = gateway.pay(checkout.orderId);
    expect(await expireUnpaidOrder(order.id, late(await placedAt(order.id)))).toBe(false);
    expect(await stored(order.id)).toMatchObject({ status: "pending", paymentStatus: "paid", gatewayPaymentId: payment.id });
    expect(await db().refund.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("a payment left authorized is captured and pays the order", async ({ place, gateway, customer }) => {
    const { order, checkout } = await place(customer);
    const { payment } = gateway.pay(checkout.orderId, { outcome: "authorized" });
    expect(await expireUnpaidOrder(order.id, late(await placedAt(order.id)))).toBe(false);
    expect(await stored(order.id)).toMatchObject({ status: "pending", gatewayPaymentId: payment.id });
    expect(gateway.payments().find((p) => p.id === payment.id)?.status).toBe("captured");
  });

  it("with no payment, or only a failed one, it cancels", async ({ place, gateway, customer }) => {
    const { order, checkout } = await place(customer);
    gateway.pay(checkout.orderId, { outcome: "failed" });
    expect(await expireUnpaidOrder(order.id, late(await placedAt(order.id)))).toBe(true);
    expect(callsTo(gateway, `/v1/orders/${checkout.orderId}/payments`)).toBe(1);
    expect(await stored(order.id)).toMatchObject({ status: "cancelled" });
  });

  it("a gateway that cannot be reached fails the try (retried); the last tries cancel without it", async ({ place, customer }) => {
    const { order } = await place(customer);
    const at = late(await placedAt(order.id));
    const restore = changeSettings({ RAZORPAY_API_URL: "http://127.0.0.1:9" });
    try {
      await expect(expireUnpaidOrder(order.id, at)).rejects.toThrow();
      expect(await stored(order.id)).toMatchObject({ status: "awaiting_payment" });
      expect(await expireUnpaidOrder(order.id, at, { askGateway: false })).toBe(true);
    } finally {
      restore();
    }
  });
});

describe("payments left authorized (L2)", () => {
  it("payment.authorized pays the order: captured by the shop, then paid, once", async ({ place, gateway, customer }) => {
    const { order, checkout } = await place(customer);
    const { payment } = gateway.pay(checkout.orderId, { outcome: "authorized" });
    const events = gateway.webhooks.events.filter((e) => e.body.includes(payment.id));
    expect(events.map((e) => e.event)).toEqual(["payment.authorized"]);
    expect((await online.deliverWebhook(events[0])).status).toBe(200);
    expect(await online.runEventJobs([events[0].id])).toEqual(["paid"]);
    expect(gateway.payments().find((p) => p.id === payment.id)?.status).toBe("captured");
    expect(await stored(order.id)).toMatchObject({ status: "pending", paymentStatus: "paid", gatewayPaymentId: payment.id });
  });

  it("an authorized payment for an order switched to cash is not captured, and nothing is refunded", async ({
    place,
    gateway,
    customer,
  }) => {
    const { order, checkout } = await place(customer);
    expect((await online.patchOrder(customer, order.id, { paymentMethod: "Cash on Delivery" })).status).toBe(200);
    const paid = gateway.pay(checkout.orderId, { outcome: "authorized" });
    expect((await online.payAsBrowser(customer, order.id, online.checkoutProof(checkout.orderId, paid))).status).toBe(200);
    const [event] = gateway.webhooks.events.filter((e) => e.body.includes(paid.payment.id));
    expect((await online.deliverWebhook(event)).status).toBe(200);
    await online.runEventJobs([event.id]);
    expect(callsTo(gateway, `/v1/payments/${paid.payment.id}/capture`, "POST")).toBe(0);
    expect(gateway.payments().find((p) => p.id === paid.payment.id)?.status).toBe("authorized");
    expect(await db().refund.count({ where: { orderId: order.id } })).toBe(0);
    expect(await stored(order.id)).toMatchObject({ status: "pending", paymentStatus: "due_on_delivery", gatewayPaymentId: null });
  });
});

describe("one refund row reaches the gateway once (L7)", () => {
  it("two sends of one part refund at once: one gateway refund", async ({ gateway, item, customer, admin }) => {
    const { order, paymentId } = await online.placeAndPay(gateway, customer, item);
    await online.deliverOrder(admin, order.id);
    const refunded = await call(refundRoute as AnyHandler, "POST", `/api/orders/${order.id}/refund`, {
      headers: admin.headers,
      params: { id: order.id },
      body: { amount: 50, reason: "Dressing missing" },
    });
    expect(refunded.status).toBe(201);
    const row = await db().refund.findFirstOrThrow({ where: { orderId: order.id }, select: { id: true } });
    const outcomes = await Promise.all([1, 2].map(() => sendRefund(row.id, { attempt: 1, maxAttempts: 12, checks: 0 })));
    expect(outcomes.sort()).toEqual(["busy", "processed"]);
    expect(gateway.refunds().filter((r) => r.payment_id === paymentId)).toHaveLength(1);
    expect(await db().refund.findUniqueOrThrow({ where: { id: row.id }, select: { status: true, sendClaimedUntil: true } })).toEqual({
      status: "processed",
      sendClaimedUntil: null,
    });
    // The busy send looks again later: then there is nothing left to send.
    expect(await sendRefund(row.id, { attempt: 1, maxAttempts: 12, checks: 0 })).toBe("settled");
    expect(gateway.refunds().filter((r) => r.payment_id === paymentId)).toHaveLength(1);
  });
});
