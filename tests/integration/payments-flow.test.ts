import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pauseMailWorker, resumeMailWorker } from "./setup";
import { db } from "@/lib/db";
import { POST as placeRoute } from "@/app/api/orders/route";
import { PATCH as orderRoute } from "@/app/api/orders/[id]/route";
import { POST as paymentRoute } from "@/app/api/orders/[id]/payment/route";
import { POST as checkoutRoute } from "@/app/api/orders/[id]/checkout/route";
import { call, type AnyHandler, type Caller } from "@/tests/support/api";
import { makeCaller } from "@/tests/support/callers";
import { shopFixtures, type ShopFixtures } from "@/tests/support/shop-fixtures";
import { changeSettings } from "@/tests/support/settings";
import { dropPaymentJobs, gatewaySettings } from "@/tests/support/gateway";
import { startGatewayImitation, type GatewayImitation } from "@/imitations/razorpay/server";

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

let imitation: GatewayImitation;
let restore: () => void;
let shop: ShopFixtures;
let itemId = "";
let customer: Caller;

beforeAll(async () => {
  imitation = await startGatewayImitation();
  restore = changeSettings(gatewaySettings(imitation));
  shop = await shopFixtures("payflow");
  itemId = await shop.item();
  // Mails are counted as queued jobs: the worker would send and delete them.
  await pauseMailWorker();
});

afterAll(async () => {
  // Refunds this file caused are sent by jobs of its own: not against a stopped imitation.
  await dropPaymentJobs();
  await resumeMailWorker();
  await shop.cleanUp();
  restore();
  await imitation.close();
});

const body = (paymentMethod = "UPI") => ({
  items: [{ id: itemId, portion: "medium", quantity: 1 }],
  address: { name: "Asha Rao", phone: "9876543210", street: "1 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" },
  paymentMethod,
});

async function place(caller: Caller, paymentMethod = "UPI") {
  const reply = await call(placeRoute as AnyHandler, "POST", "/api/orders", {
    headers: { ...caller.headers, "idempotency-key": randomUUID() },
    body: body(paymentMethod),
  });
  return { status: reply.status, json: reply.json as { order: Order; checkout?: Checkout | null; code?: string } };
}

const pay = (caller: Caller, id: string, proof: Record<string, string>) =>
  call(paymentRoute as AnyHandler, "POST", `/api/orders/${id}/payment`, { headers: caller.headers, body: proof, params: { id } });

const mailsFor = async (orderId: string) =>
  Number(
    (
      await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM graphile_worker._private_jobs j
        JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'send_mail' AND j.payload->>'orderId' = ${orderId}`
    )[0].n,
  );

const stored = (id: string) =>
  db().order.findUniqueOrThrow({ where: { id }, select: { status: true, paymentStatus: true, gatewayPaymentId: true, paidAt: true } });

describe("paying an order online through the gateway", () => {
  // A customer of their own per test: an order awaiting payment is open and counts against the limit.
  beforeEach(async () => {
    customer = await makeCaller("user");
    shop.adopt(customer.id);
  });

  it("places a UPI order awaiting payment, with the Checkout's values and no mail", async () => {
    const { status, json } = await place(customer);
    expect(status).toBe(201);
    expect(json.order.status).toBe("awaiting_payment");
    expect(json.order.payment).toMatchObject({ status: "awaiting", gateway: "razorpay", gatewayPaymentId: null, paidAt: null });
    expect(json.order.history).toEqual([expect.objectContaining({ status: "awaiting_payment", by: "customer" })]);
    expect(json.checkout).toMatchObject({
      key: imitation.credentials.keyId,
      amount: json.order.total * 100,
      currency: "INR",
      prefill: { name: "Asha Rao", email: customer.email, contact: "9876543210" },
    });
    expect(json.order.payment.gatewayOrderId).toBe(json.checkout?.orderId);
    expect(imitation.orders().find((o) => o.id === json.checkout?.orderId)).toMatchObject({
      amount: json.order.total * 100,
      receipt: json.order.id,
    });
    expect(await mailsFor(json.order.id)).toBe(0);
  });

  it("pays with a right signature: pending by the system, one mail; a second call pays nothing again", async () => {
    const { json } = await place(customer);
    const { payment, signature } = imitation.pay(json.checkout!.orderId, { method: "upi" });
    const proof = { razorpay_payment_id: payment.id, razorpay_order_id: json.checkout!.orderId, razorpay_signature: signature };
    const first = await pay(customer, json.order.id, proof);
    expect(first.status).toBe(200);
    const paid = first.json as Order;
    expect(paid.status).toBe("pending");
    expect(paid.payment).toMatchObject({ status: "paid", gatewayPaymentId: payment.id });
    expect(paid.history.at(-1)).toMatchObject({ status: "pending", by: "system" });
    const again = await pay(customer, json.order.id, proof);
    expect(again.status).toBe(200);
    expect((again.json as Order).history).toHaveLength(paid.history.length);
    expect(await mailsFor(json.order.id)).toBe(1);
  });

  it("refuses a wrong signature with invalid_signature and changes nothing", async () => {
    const { json } = await place(customer);
    const { payment } = imitation.pay(json.checkout!.orderId);
    const reply = await pay(customer, json.order.id, {
      razorpay_payment_id: payment.id,
      razorpay_order_id: json.checkout!.orderId,
      razorpay_signature: "0".repeat(64),
    });
    expect(reply.status).toBe(400);
    expect((reply.json as { code: string }).code).toBe("invalid_signature");
    expect(await stored(json.order.id)).toMatchObject({ status: "awaiting_payment", paymentStatus: "awaiting", gatewayPaymentId: null });
    expect(await mailsFor(json.order.id)).toBe(0);
  });

  it("refuses a payment whose amount the gateway reports otherwise with payment_mismatch", async () => {
    const { json } = await place(customer);
    const { payment, signature } = imitation.pay(json.checkout!.orderId);
    imitation.setPaymentAmount(payment.id, 100);
    const reply = await pay(customer, json.order.id, {
      razorpay_payment_id: payment.id,
      razorpay_order_id: json.checkout!.orderId,
      razorpay_signature: signature,
    });
    expect(reply.status).toBe(409);
    expect((reply.json as { code: string }).code).toBe("payment_mismatch");
    expect(await stored(json.order.id)).toMatchObject({ status: "awaiting_payment", paymentStatus: "awaiting" });
    expect(await mailsFor(json.order.id)).toBe(0);
  });

  it("Pay now gives fresh Checkout values; Pay on delivery instead sends the order on with one mail", async () => {
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

  it("places Cash on Delivery as before: pending, due on delivery, mailed, no checkout", async () => {
    const { status, json } = await place(customer, "Cash on Delivery");
    expect(status).toBe(201);
    expect(json.order).toMatchObject({ status: "pending", payment: { status: "due_on_delivery", gateway: null } });
    expect(json).not.toHaveProperty("checkout");
    expect(await mailsFor(json.order.id)).toBe(1);
  });
});

describe("without gateway keys in production", () => {
  it("refuses UPI with payment_unavailable and writes nothing", async () => {
    const caller = await makeCaller("user");
    shop.adopt(caller.id);
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
