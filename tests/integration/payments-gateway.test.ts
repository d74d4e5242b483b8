import { createServer, type Server } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GatewayRefusedError, GatewayReplyError, GatewayUnreachableError } from "@/lib/payments/errors";
import type { PaymentGateway } from "@/lib/payments/gateway";
import { startGatewayImitation, type GatewayImitation } from "@/lib/payments/imitation/server";
import { razorpayGateway } from "@/lib/payments/razorpay";

// The real adapter (Razorpay's official SDK, pointed at RAZORPAY_API_URL) against the local
// imitation of the gateway: every call the shop will make, the errors it must tell apart, and
// the imitation's signed webhooks checked with the adapter's own verifier.

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

const newOrder = (amountPaise = 27_900) =>
  gateway.createOrder({ amountPaise, currency: "INR", receipt: "shop-order-1", notes: { shop: "fresh-bowl" } });

describe("Razorpay adapter against the imitation", () => {
  it("creates a gateway order in paise with our receipt, through the SDK's own client", async () => {
    const order = await newOrder();
    expect(order).toEqual({ id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/), amount: 27_900, currency: "INR", status: "created" });
    expect(imitation.orders().find((o) => o.id === order.id)).toMatchObject({ receipt: "shop-order-1", notes: { shop: "fresh-bowl" } });
    expect(imitation.calls.at(-1)).toEqual({ method: "POST", path: "/v1/orders", status: 200 });
  });

  it("fetches a captured payment and accepts Checkout's signature for it", async () => {
    const order = await newOrder();
    const { payment, signature } = imitation.pay(order.id, { method: "upi" });
    expect(gateway.verifyCheckoutSignature(order.id, payment.id, signature)).toBe(true);
    expect(
      gateway.verifyCheckoutSignature(
        order.id,
        payment.id,
        signature.replace(/.$/, (c) => (c === "0" ? "1" : "0")),
      ),
    ).toBe(false);
    expect(await gateway.fetchPayment(payment.id)).toEqual({
      id: payment.id,
      orderId: order.id,
      amount: 27_900,
      currency: "INR",
      status: "captured",
      method: "upi",
      amountRefunded: 0,
      error: null,
    });
  });

  it("captures an authorized payment for its amount, and refuses another amount", async () => {
    const order = await newOrder(15_000);
    const { payment } = imitation.pay(order.id, { outcome: "authorized", method: "card" });
    expect((await gateway.fetchPayment(payment.id)).status).toBe("authorized");
    await expect(gateway.capture(payment.id, 14_900)).rejects.toMatchObject({ status: 400, code: "BAD_REQUEST_ERROR", field: "amount" });
    expect(await gateway.capture(payment.id, 15_000)).toMatchObject({ status: "captured", amount: 15_000, method: "card" });
    await expect(gateway.capture(payment.id, 15_000)).rejects.toBeInstanceOf(GatewayRefusedError);
  });

  it("shows a changed amount at the gateway as it is (the shop must compare it with its order)", async () => {
    const order = await newOrder(27_900);
    const { payment } = imitation.pay(order.id);
    imitation.setPaymentAmount(payment.id, 100);
    expect(await gateway.fetchPayment(payment.id)).toMatchObject({ orderId: order.id, amount: 100 });
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
    const order = await newOrder(27_900);
    const { payment } = imitation.pay(order.id);
    const part = await gateway.refund(payment.id, 7_900, { reason: "missing dressing" });
    expect(part).toEqual({
      id: expect.stringMatching(/^rfnd_/),
      paymentId: payment.id,
      amount: 7_900,
      status: "processed",
      notes: { reason: "missing dressing" },
    });
    expect(await gateway.fetchPayment(payment.id)).toMatchObject({ status: "captured", amountRefunded: 7_900 });
    await expect(gateway.refund(payment.id, 20_001)).rejects.toMatchObject({ status: 400, field: "amount" });
    const rest = await gateway.refund(payment.id);
    expect(rest).toMatchObject({ amount: 20_000, status: "processed" });
    expect(await gateway.fetchPayment(payment.id)).toMatchObject({ status: "refunded", amountRefunded: 27_900 });
    expect(await gateway.fetchRefund(part.id)).toEqual(part);
    await expect(gateway.refund(payment.id)).rejects.toBeInstanceOf(GatewayRefusedError);
  });

  it("tells a pending refund from a processed and a failed one, and a refused refund from both", async () => {
    const order = await newOrder(27_900);
    const { payment } = imitation.pay(order.id);
    imitation.setRefundBehaviour("pending");
    const pending = await gateway.refund(payment.id, 10_000);
    expect(pending.status).toBe("pending");
    imitation.settleRefund(pending.id, "failed");
    expect(await gateway.fetchRefund(pending.id)).toMatchObject({ status: "failed" });
    expect((await gateway.fetchPayment(payment.id)).amountRefunded).toBe(0);

    imitation.setRefundBehaviour("failed");
    expect(await gateway.refund(payment.id)).toMatchObject({ status: "failed", amount: 27_900 });

    imitation.setRefundBehaviour("refused");
    const refused = await gateway.refund(payment.id).catch((e: unknown) => e);
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
    expect(() => gateway.createOrder({ amountPaise: 279.5, currency: "INR", receipt: "r" })).toThrow(RangeError);
    expect(imitation.calls.length).toBe(calls);
  });

  it("is refused with wrong keys, and the error names neither key", async () => {
    const wrong = razorpayGateway({ ...imitation.credentials, keySecret: "not-the-secret-at-all" });
    const error = await wrong.createOrder({ amountPaise: 100, currency: "INR", receipt: "r" }).catch((e: unknown) => e);
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

  it("signs every event so that verifyWebhookSignature accepts it, and only as sent", async () => {
    const from = received.length;
    const order = await newOrder();
    const { payment } = imitation.pay(order.id);
    await gateway.refund(payment.id, 5_000);
    await imitation.webhooks.settled();
    const got = received.slice(from);
    expect(eventsOf(from).map((e) => e.event)).toEqual(["payment.authorized", "payment.captured", "order.paid", "refund.processed"]);
    for (const r of got) {
      expect(r.eventId).toMatch(/^evt_[A-Za-z0-9]{14}$/);
      expect(gateway.verifyWebhookSignature(r.body, r.signature ?? "")).toBe(true);
      expect(gateway.verifyWebhookSignature(r.body.replace("5000", "9000").replace("27900", "27901"), r.signature ?? "")).toBe(false);
    }
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
