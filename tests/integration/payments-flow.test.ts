import { describe, expect } from "vitest";
import { test } from "./fixtures";
import { db } from "@/lib/db";
import { PATCH as orderRoute } from "@/app/api/orders/[id]/route";
import { POST as checkoutRoute } from "@/app/api/orders/[id]/checkout/route";
import { call, type AnyHandler, type Caller } from "@/tests/support/api";
import { changeSettings } from "@/tests/support/settings";
import { payAsBrowser, placeOrder, queuedJobs } from "@/tests/support/online-payments";

// Paying an order online (product.md §10) against the local imitation of Razorpay: the order
// waits for payment unseen by the kitchen and unmailed, and only a payment the gateway itself
// confirms, for that order and in full, sends it on, once.

type Checkout = { key: string; orderId: string; amount: number; currency: string; name: string; prefill: Record<string, string> };
type Order = {
  id: string;
  status: string;
  total: number;
  payment: {
    status: string;
    gateway: string | null;
    gatewayOrderId: string | null;
    gatewayPaymentId: string | null;
    paidAt: string | null;
  };
  history: { status: string; by: string }[];
};

/** Places an order of `caller`'s (one medium bowl), paid online unless `paymentMethod` says otherwise. */
const it = test.extend("place", ({ gateway, item }) => async (caller: Caller, paymentMethod = "UPI") => {
  void gateway; // an online order needs the gateway
  const reply = await placeOrder(caller, item, paymentMethod);
  return { status: reply.status, json: reply.json as { order: Order; checkout?: Checkout | null; code?: string } };
});

const mailsFor = (orderId: string) => queuedJobs("send_mail", "orderId", orderId);

const stored = (id: string) =>
  db().order.findUniqueOrThrow({ where: { id }, select: { status: true, paymentStatus: true, gatewayPaymentId: true, paidAt: true } });

describe("paying an order online through the gateway", () => {
  // Each test has a customer of its own (the fixture): an order awaiting payment is open and counts against the limit.
  it("places a UPI order awaiting payment, with the Checkout's values and no mail", async ({ place, gateway, customer }) => {
    const { status, json } = await place(customer);
    expect(status).toBe(201);
    expect(json.order.status).toBe("awaiting_payment");
    expect(json.order.payment).toMatchObject({ status: "awaiting", gateway: "razorpay", gatewayPaymentId: null, paidAt: null });
    expect(json.order.history).toEqual([expect.objectContaining({ status: "awaiting_payment", by: "customer" })]);
    expect(json.checkout).toMatchObject({
      key: gateway.credentials.keyId,
      amount: json.order.total * 100,
      currency: "INR",
      prefill: { name: "Asha Rao", email: customer.email, contact: "9876543210" },
    });
    expect(json.order.payment.gatewayOrderId).toBe(json.checkout?.orderId);
    expect(gateway.orders().find((o) => o.id === json.checkout?.orderId)).toMatchObject({
      amount: json.order.total * 100,
      receipt: json.order.id,
    });
    expect(await mailsFor(json.order.id)).toBe(0);
  });

  it("pays with a right signature: pending by the system, one mail; a second call pays nothing again", async ({
    place,
    gateway,
    customer,
  }) => {
    const { json } = await place(customer);
    const { payment, signature } = gateway.pay(json.checkout!.orderId, { method: "upi" });
    const proof = { razorpay_payment_id: payment.id, razorpay_order_id: json.checkout!.orderId, razorpay_signature: signature };
    const first = await payAsBrowser(customer, json.order.id, proof);
    expect(first.status).toBe(200);
    const paid = first.json as Order;
    expect(paid.status).toBe("pending");
    expect(paid.payment).toMatchObject({ status: "paid", gatewayPaymentId: payment.id });
    expect(paid.history.at(-1)).toMatchObject({ status: "pending", by: "system" });
    const again = await payAsBrowser(customer, json.order.id, proof);
    expect(again.status).toBe(200);
    expect((again.json as Order).history).toHaveLength(paid.history.length);
    expect(await mailsFor(json.order.id)).toBe(1);
  });

  it("refuses a wrong signature with invalid_signature and changes nothing", async ({ place, gateway, customer }) => {
    const { json } = await place(customer);
    const { payment } = gateway.pay(json.checkout!.orderId);
    const reply = await payAsBrowser(customer, json.order.id, {
      razorpay_payment_id: payment.id,
      razorpay_order_id: json.checkout!.orderId,
      razorpay_signature: "0".repeat(64),
    });
    expect(reply.status).toBe(400);
    expect((reply.json as { code: string }).code).toBe("invalid_signature");
    expect(await stored(json.order.id)).toMatchObject({ status: "awaiting_payment", paymentStatus: "awaiting", gatewayPaymentId: null });
    expect(await mailsFor(json.order.id)).toBe(0);
  });

  it("refuses a payment whose amount the gateway reports otherwise with payment_mismatch", async ({ place, gateway, customer }) => {
    const { json } = await place(customer);
    const { payment, signature } = gateway.pay(json.checkout!.orderId);
    gateway.setPaymentAmount(payment.id, 100);
    const reply = await payAsBrowser(customer, json.order.id, {
      razorpay_payment_id: payment.id,
      razorpay_order_id: json.checkout!.orderId,
      razorpay_signature: signature,
    });
    expect(reply.status).toBe(409);
    expect((reply.json as { code: string }).code).toBe("payment_mismatch");
    expect(await stored(json.order.id)).toMatchObject({ status: "awaiting_payment", paymentStatus: "awaiting" });
    expect(await mailsFor(json.order.id)).toBe(0);
  });

  it("Pay now gives fresh Checkout values; Pay on delivery instead sends the order on with one mail", async ({ place, customer }) => {
    const { json } = await place(customer);
    const fresh = await call(checkoutRoute as AnyHandler, "POST", `/api/orders/${json.order.id}/checkout`, {
      headers: customer.headers,
      params: { id: json.order.id },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.json).toMatchObject({ orderId: json.checkout!.orderId, amount: json.order.total * 100 });
    const instead = await call(orderRoute as AnyHandler, "PATCH", `/api/orders/${json.order.id}`, {
      headers: customer.headers,
      body: { paymentMethod: "Cash on Delivery" },
      params: { id: json.order.id },
    });
    expect(instead.status).toBe(200);
    expect(instead.json).toMatchObject({ status: "pending", paymentMethod: "Cash on Delivery", payment: { status: "due_on_delivery" } });
    expect(await mailsFor(json.order.id)).toBe(1);
  });

  it("places Cash on Delivery as before: pending, due on delivery, mailed, no checkout", async ({ place, customer }) => {
    const { status, json } = await place(customer, "Cash on Delivery");
    expect(status).toBe(201);
    expect(json.order).toMatchObject({ status: "pending", payment: { status: "due_on_delivery", gateway: null } });
    expect(json).not.toHaveProperty("checkout");
    expect(await mailsFor(json.order.id)).toBe(1);
  });
});

describe("without gateway keys in production", () => {
  it("refuses UPI with payment_unavailable and writes nothing", async ({ place, customer: caller }) => {
    const back = changeSettings({
      NODE_ENV: "production",
      RAZORPAY_KEY_ID: undefined,
      RAZORPAY_KEY_SECRET: undefined,
      RAZORPAY_WEBHOOK_SECRET: undefined,
    });
    try {
      const { status, json } = await place(caller);
      expect(status).toBe(400);
      expect(json.code).toBe("payment_unavailable");
    } finally {
      back();
    }
    expect(await db().order.count({ where: { userId: caller.id } })).toBe(0);
  });
});
