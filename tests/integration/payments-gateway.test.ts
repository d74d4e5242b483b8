import { createServer, type Server } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GatewayRefusedError, GatewayReplyError, GatewayUnreachableError } from "@/lib/payments/errors";
import type { PaymentGateway } from "@/lib/payments/gateway";
import { startGatewayImitation, type GatewayImitation } from "@/imitations/razorpay/server";
import { razorpayGateway } from "@/lib/payments/razorpay";

// The real adapter (Razorpay's REST API with fetch, at RAZORPAY_API_URL) against the local
// imitation of the gateway through its REST API: every call the shop will make, in rupees on the
// port and paise on the wire, the errors it must tell apart, and the imitation's signed webhooks
// read and translated by the adapter itself.

type Received = { body: string; signature: string | undefined; eventId: string | undefined };

let imitation: GatewayImitation;
let gateway: PaymentGateway;
let receiver: Server;
const received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const header = (name: string) => (typeof req.headers[name] === "string" ? (req.headers[name] as string) : undefined);
      received.push({
        body: Buffer.concat(chunks).toString("utf8"),
        signature: header("x-razorpay-signature"),
        eventId: header("x-razorpay-event-id"),
      });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const address = receiver.address();
  const port = typeof address === "object" && address ? address.port : 0;
  imitation = await startGatewayImitation({
    keySecret: "test-key-secret",
    webhookSecret: "test-webhook-secret",
    webhookUrl: `http://127.0.0.1:${port}/webhook`,
  });
  gateway = razorpayGateway(imitation.credentials);
});

afterEach(async () => {
  await imitation.webhooks.release();
  await imitation.webhooks.settled();
  imitation.setRefundBehaviour("processed");
});

afterAll(async () => {
  await imitation.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const newOrder = (amount = 279) => gateway.createOrder({ amount, currency: "INR", receipt: "shop-order-1" });

/** A delivery's headers as the webhook route hands them to the adapter. */
const headersOf = (r: Received) =>
  new Headers({ "x-razorpay-signature": r.signature ?? "", ...(r.eventId ? { "x-razorpay-event-id": r.eventId } : {}) });

describe("Razorpay adapter against the imitation", () => {
  it("creates a gateway order for rupees, sent as paise with our receipt, with Basic auth", async () => {
    const order = await newOrder();
    expect(order).toEqual({ id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/), amount: 279, currency: "INR", status: "created" });
    expect(imitation.orders().find((o) => o.id === order.id)).toMatchObject({ amount: 27_900, receipt: "shop-order-1" });
    expect(imitation.calls.at(-1)).toEqual({ method: "POST", path: "/v1/orders", status: 200 });
  });

  it("fetches a captured payment and accepts Checkout's signature for it", async () => {
    const order = await newOrder();
    const { payment, signature } = imitation.pay(order.id, { method: "upi" });
    expect(gateway.verifyPayment(order.id, payment.id, signature)).toBe(true);
    expect(
      gateway.verifyPayment(
        order.id,
        payment.id,
        signature.replace(/.$/, (c) => (c === "0" ? "1" : "0")),
      ),
    ).toBe(false);
    expect(await gateway.fetchPayment(payment.id)).toEqual({
      id: payment.id,
      orderId: order.id,
      amount: 279,
      currency: "INR",
      status: "captured",
      method: "upi",
      amountRefunded: 0,
      error: null,
    });
  });

  it("captures an authorized payment for its amount, and refuses another amount", async () => {
    const order = await newOrder(150);
    const { payment } = imitation.pay(order.id, { outcome: "authorized", method: "card" });
    expect((await gateway.fetchPayment(payment.id)).status).toBe("authorized");
    await expect(gateway.capture(payment.id, 149)).rejects.toMatchObject({ status: 400, code: "BAD_REQUEST_ERROR", field: "amount" });
    expect(await gateway.capture(payment.id, 150)).toMatchObject({ status: "captured", amount: 150, method: "card" });
    await expect(gateway.capture(payment.id, 150)).rejects.toBeInstanceOf(GatewayRefusedError);
  });

  it("shows a changed amount at the gateway as it is (the shop must compare it with its order)", async () => {
    const order = await newOrder(279);
    const { payment } = imitation.pay(order.id);
    imitation.setPaymentAmount(payment.id, 27_950);
    // ₹279.50 at the gateway: never equal to a whole-rupee order total.
    expect(await gateway.fetchPayment(payment.id)).toMatchObject({ orderId: order.id, amount: 279.5 });
  });

  it("reports a failed payment with the gateway's reason", async () => {
    const order = await newOrder();
    const { payment } = imitation.pay(order.id, { outcome: "failed" });
    expect(await gateway.fetchPayment(payment.id)).toMatchObject({
      status: "failed",
      error: { code: "BAD_REQUEST_ERROR", description: "Payment failed", reason: "payment_failed" },
    });
  });

  it("refunds in part, then the rest; the payment ends refunded and no more can go back", async () => {
    const order = await newOrder(279);
    const { payment } = imitation.pay(order.id);
    const part = await gateway.refund(payment.id, { amount: 79, shopRefundId: "shop-refund-1", orderId: "shop-order-1" });
    expect(part).toEqual({
      id: expect.stringMatching(/^rfnd_/),
      paymentId: payment.id,
      amount: 79,
      status: "processed",
      shopRefundId: "shop-refund-1",
    });
    // The shop's ids travel in Razorpay's notes; the amount in paise.
    expect(imitation.refunds().find((r) => r.id === part.id)).toMatchObject({
      amount: 7_900,
      notes: { refund_id: "shop-refund-1", order_id: "shop-order-1" },
    });
    expect(await gateway.fetchPayment(payment.id)).toMatchObject({ status: "captured", amountRefunded: 79 });
    await expect(gateway.refund(payment.id, { amount: 201, shopRefundId: "r2", orderId: "o" })).rejects.toMatchObject({
      status: 400,
      field: "amount",
    });
    const rest = await gateway.refund(payment.id, { shopRefundId: "shop-refund-2", orderId: "shop-order-1" });
    expect(rest).toMatchObject({ amount: 200, status: "processed", shopRefundId: "shop-refund-2" });
    expect(await gateway.fetchPayment(payment.id)).toMatchObject({ status: "refunded", amountRefunded: 279 });
    expect(await gateway.fetchRefund(part.id)).toEqual(part);
    expect((await gateway.refundsOf(payment.id)).map((r) => r.shopRefundId).sort()).toEqual(["shop-refund-1", "shop-refund-2"]);
    await expect(gateway.refund(payment.id, { shopRefundId: "r3", orderId: "o" })).rejects.toBeInstanceOf(GatewayRefusedError);
  });

  it("tells a pending refund from a processed and a failed one, and a refused refund from both", async () => {
    const order = await newOrder(279);
    const { payment } = imitation.pay(order.id);
    const whole = { shopRefundId: "shop-refund", orderId: "shop-order" };
    imitation.setRefundBehaviour("pending");
    const pending = await gateway.refund(payment.id, { ...whole, amount: 100 });
    expect(pending.status).toBe("pending");
    imitation.settleRefund(pending.id, "failed");
    expect(await gateway.fetchRefund(pending.id)).toMatchObject({ status: "failed" });
    expect((await gateway.fetchPayment(payment.id)).amountRefunded).toBe(0);

    imitation.setRefundBehaviour("failed");
    expect(await gateway.refund(payment.id, whole)).toMatchObject({ status: "failed", amount: 279 });

    imitation.setRefundBehaviour("refused");
    const refused = await gateway.refund(payment.id, whole).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GatewayRefusedError);
    expect(refused).toMatchObject({ status: 502, code: "GATEWAY_ERROR", retryable: true, operation: "refund" });
  });

  it("maps an unknown id to a refusal with Razorpay's code, and never sends a malformed id", async () => {
    const error = await gateway.fetchPayment("pay_DoesNotExist00").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayRefusedError);
    expect(error).toMatchObject({
      status: 400,
      code: "BAD_REQUEST_ERROR",
      description: "The id provided does not exist",
      retryable: false,
    });
    const calls = imitation.calls.length;
    expect(() => gateway.fetchPayment("../orders")).toThrow(TypeError);
    expect(() => gateway.createOrder({ amount: 279.5, currency: "INR", receipt: "r" })).toThrow(RangeError);
    expect(imitation.calls.length).toBe(calls);
  });

  it("is refused with wrong keys, and the error names neither key", async () => {
    const wrong = razorpayGateway({ ...imitation.credentials, keySecret: "not-the-secret-at-all" });
    const error = await wrong.createOrder({ amount: 100, currency: "INR", receipt: "r" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayRefusedError);
    expect(error).toMatchObject({ status: 401, code: "BAD_REQUEST_ERROR", description: "Authentication failed" });
    const text = `${(error as Error).message} ${JSON.stringify(error)} ${(error as Error).stack}`;
    expect(text).not.toMatch(/not-the-secret-at-all|test-key-secret|rzp_test_imitation/);
  });

  it("says unreachable when nothing answers, without the request's credentials", async () => {
    const closed = await startGatewayImitation();
    const away = razorpayGateway({ ...closed.credentials });
    await closed.close();
    const error = await away.fetchPayment("pay_AAAAAAAAAAAAAA").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayUnreachableError);
    expect(error).toMatchObject({ operation: "fetchPayment", retryable: true });
    expect(`${(error as Error).message} ${JSON.stringify(error)}`).not.toContain(closed.credentials.keySecret);
  });

  it("refuses a reply it does not understand instead of reading it as a payment", async () => {
    const odd = createServer((_req, res) => res.end(JSON.stringify({ id: "pay_X", status: "captured" })));
    await new Promise<void>((resolve) => odd.listen(0, "127.0.0.1", resolve));
    const address = odd.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const confused = razorpayGateway({ ...imitation.credentials, apiUrl: `http://127.0.0.1:${port}/` });
    await expect(confused.fetchPayment("pay_AAAAAAAAAAAAAA")).rejects.toBeInstanceOf(GatewayReplyError);
    await new Promise<void>((resolve) => odd.close(() => resolve()));
  });
});

describe("the imitation's webhooks", () => {
  const eventsOf = (from: number) =>
    received.slice(from).map((r) => JSON.parse(r.body) as { event: string; payload: Record<string, { entity: { id: string } }> });

  it("signs every event so that the adapter accepts it, only as sent, and translates it into the port's events", async () => {
    const from = received.length;
    const order = await newOrder();
    const { payment } = imitation.pay(order.id);
    const refund = await gateway.refund(payment.id, { amount: 50, shopRefundId: "shop-refund-9", orderId: "shop-order-1" });
    await imitation.webhooks.settled();
    const got = received.slice(from);
    expect(eventsOf(from).map((e) => e.event)).toEqual(["payment.authorized", "payment.captured", "order.paid", "refund.processed"]);
    for (const r of got) {
      expect(r.eventId).toMatch(/^evt_[A-Za-z0-9]{14}$/);
      expect(gateway.receiveWebhook(r.body, headersOf(r))).toMatchObject({ ok: true, eventId: r.eventId });
      const tampered = r.body.replace("5000", "9000").replace("27900", "27901");
      expect(gateway.receiveWebhook(tampered, headersOf(r))).toMatchObject({ ok: false, problem: "signature" });
    }
    expect(got.map((r) => gateway.receiveWebhook(r.body, headersOf(r))).map((w) => w.ok && w.event)).toEqual([
      { kind: "payment_authorized", paymentId: payment.id, gatewayOrderId: order.id },
      { kind: "payment_captured", paymentId: payment.id, gatewayOrderId: order.id },
      { kind: "payment_captured", paymentId: payment.id, gatewayOrderId: order.id },
      { kind: "refund_processed", refundId: refund.id, paymentId: payment.id, shopRefundId: "shop-refund-9" },
    ]);
    const paid = eventsOf(from)[2];
    expect(paid.payload.payment.entity.id).toBe(payment.id);
    expect(paid.payload.order.entity.id).toBe(order.id);
    expect(eventsOf(from)[3].payload.refund.entity).toMatchObject({ payment_id: payment.id, amount: 5_000, status: "processed" });
  });

  it("holds events back, then delivers them out of order and twice with the same id and bytes", async () => {
    imitation.webhooks.hold();
    const order = await newOrder();
    imitation.pay(order.id, { outcome: "failed" });
    imitation.pay(order.id);
    const from = received.length;
    await imitation.webhooks.release((events) => [...events].reverse());
    expect(eventsOf(from).map((e) => e.event)).toEqual(["order.paid", "payment.captured", "payment.authorized", "payment.failed"]);
    const first = received[from];
    await imitation.webhooks.deliver(first.eventId!);
    expect(received.at(-1)).toEqual(first);
    expect(imitation.webhooks.deliveries.filter((d) => d.eventId === first.eventId)).toHaveLength(2);
  });
});
