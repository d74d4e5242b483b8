import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { razorpayGateway } from "@/lib/payments/razorpay";
import { cashOnDelivery } from "@/lib/payments/cash";

// The Razorpay adapter reads its own webhooks (product.md §10), as Medusa's providers do in
// getWebhookActionAndData: X-Razorpay-Signature over the raw bytes first, then the event in the
// port's words. Nothing here touches the network.

const WEBHOOK_SECRET = "webhook-secret-for-tests";
const gateway = razorpayGateway({
  keyId: "rzp_test_unit",
  keySecret: "key-secret",
  webhookSecret: WEBHOOK_SECRET,
  apiUrl: "http://127.0.0.1:9",
});
const sign = (body: string, secret = WEBHOOK_SECRET) => createHmac("sha256", secret).update(body).digest("hex");
const headers = (body: string, eventId: string | null = "evt_AAAAAAAAAAAAAA", signature = sign(body)) =>
  new Headers({ "x-razorpay-signature": signature, ...(eventId ? { "x-razorpay-event-id": eventId } : {}) });
const receive = (body: string, h = headers(body)) => gateway.receiveWebhook(body, h);

const rzId = (prefix: string) => fc.stringMatching(/^[A-Za-z0-9]{14}$/).map((s) => `${prefix}_${s}`);

/** An event as Razorpay sends it: `{entity: "event", event, payload: {<entity>: {entity}}}`. */
const eventBody = (event: string, payload: Record<string, unknown>) =>
  JSON.stringify({ entity: "event", account_id: "acc_X", event, contains: Object.keys(payload), payload, created_at: 1_700_000_000 });

const paymentEntity = (id: string, orderId: string, status: string) => ({
  entity: { id, entity: "payment", amount: 27_900, currency: "INR", status, order_id: orderId, method: "upi" },
});

describe("the Razorpay adapter's webhooks", () => {
  it("translates payment.authorized into payment_authorized, payment.captured and order.paid into payment_captured, payment.failed into payment_failed", () => {
    fc.assert(
      fc.property(rzId("pay"), rzId("order"), rzId("evt"), (paymentId, orderId, eventId) => {
        for (const [event, kind] of [
          ["payment.authorized", "payment_authorized"],
          ["payment.captured", "payment_captured"],
          ["order.paid", "payment_captured"],
          ["payment.failed", "payment_failed"],
        ] as const) {
          const body = eventBody(event, { payment: paymentEntity(paymentId, orderId, "captured") });
          expect(receive(body, headers(body, eventId))).toEqual({
            ok: true,
            eventId,
            name: event,
            event: { kind, paymentId, gatewayOrderId: orderId },
          });
        }
      }),
    );
  });

  it("translates refund.processed and refund.failed with the shop's refund id from the notes", () => {
    fc.assert(
      fc.property(
        rzId("rfnd"),
        rzId("pay"),
        fc.option(fc.stringMatching(/^[a-z0-9]{1,30}$/), { nil: undefined }),
        (refundId, paymentId, shopRefundId) => {
          for (const [event, kind] of [
            ["refund.processed", "refund_processed"],
            ["refund.failed", "refund_failed"],
          ] as const) {
            // Razorpay writes "no notes" as an empty list.
            const notes = shopRefundId === undefined ? [] : { refund_id: shopRefundId, order_id: "o1" };
            const body = eventBody(event, {
              refund: { entity: { id: refundId, entity: "refund", amount: 27_900, payment_id: paymentId, notes, status: "processed" } },
              payment: paymentEntity(paymentId, "order_AAAAAAAAAAAAAA", "refunded"),
            });
            const read = receive(body);
            expect(read).toEqual({
              ok: true,
              eventId: "evt_AAAAAAAAAAAAAA",
              name: event,
              event: { kind, refundId, paymentId, shopRefundId: shopRefundId ?? null },
            });
          }
        },
      ),
    );
  });

  it("reads every other event, or one without what the shop acts on, as `other` (recorded, not acted on)", () => {
    const names = fc.oneof(
      fc.constantFrom("payment.dispute.created", "refund.created", "order.notification.delivered", "settlement.processed"),
      fc.stringMatching(/^[a-z]{1,10}\.[a-z_.]{1,20}$/),
    );
    fc.assert(
      fc.property(names, rzId("pay"), (event, paymentId) => {
        fc.pre(
          !["payment.authorized", "payment.captured", "order.paid", "payment.failed", "refund.processed", "refund.failed"].includes(event),
        );
        const body = eventBody(event, { payment: paymentEntity(paymentId, "order_AAAAAAAAAAAAAA", "authorized") });
        expect(receive(body)).toMatchObject({ ok: true, name: event, event: { kind: "other" } });
      }),
    );
    // A captured payment made without an order is no order's payment.
    const orphan = eventBody("payment.captured", { payment: { entity: { id: "pay_AAAAAAAAAAAAAA", order_id: null } } });
    expect(receive(orphan)).toMatchObject({ ok: true, event: { kind: "other" } });
  });

  it("refuses any body not signed under the webhook secret, before reading it", () => {
    const body = eventBody("payment.captured", { payment: paymentEntity("pay_AAAAAAAAAAAAAA", "order_AAAAAAAAAAAAAA", "captured") });
    const refused = { ok: false, problem: "signature", field: "X-Razorpay-Signature" };
    expect(receive(body, headers(body, "evt_X", sign(body, "another-secret")))).toMatchObject(refused);
    expect(receive(body, new Headers({ "x-razorpay-event-id": "evt_X" }))).toMatchObject(refused);
    fc.assert(
      fc.property(fc.nat({ max: body.length - 1 }), fc.integer({ min: 1, max: 94 }), (at, delta) => {
        // Any one character changed (kept printable), signed as the original was.
        const changed = body.slice(0, at) + String.fromCharCode(((body.charCodeAt(at) - 32 + delta) % 95) + 32) + body.slice(at + 1);
        expect(receive(changed, headers(body))).toMatchObject(refused);
      }),
    );
    fc.assert(fc.property(fc.string({ maxLength: 100 }), (signature) => receive(body, headers(body, "evt_X", signature)).ok === false));
  });

  it("refuses a signed body that is not an event, and an event without its id", () => {
    for (const body of ["", "not json", "[]", "{}", JSON.stringify({ event: "payment.captured", payload: { payment: { entity: {} } } })]) {
      expect(receive(body), body).toMatchObject({ ok: false, problem: "malformed" });
    }
    const body = eventBody("payment.captured", { payment: paymentEntity("pay_AAAAAAAAAAAAAA", "order_AAAAAAAAAAAAAA", "captured") });
    expect(receive(body, headers(body, null))).toMatchObject({ ok: false, problem: "malformed", field: "X-Razorpay-Event-Id" });
    expect(receive(body, headers(body, "e".repeat(65)))).toMatchObject({ ok: false, problem: "malformed" });
  });

  it("gives Checkout paise for rupees, with the public key id only", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (rupees) => {
        const values = gateway.checkoutValues("order_A", rupees, "Fresh Bowl", {
          name: "Asha",
          email: "a@example.com",
          contact: "9876543210",
        });
        expect(values).toEqual({
          key: "rzp_test_unit",
          orderId: "order_A",
          amount: rupees * 100,
          currency: "INR",
          name: "Fresh Bowl",
          prefill: { name: "Asha", email: "a@example.com", contact: "9876543210" },
        });
      }),
    );
  });
});

describe("Cash on Delivery, the port's other adapter", () => {
  it("is not online: no gateway name, no signatures, no webhooks, no Checkout", async () => {
    expect(cashOnDelivery.name).toBeNull();
    expect(cashOnDelivery.verifyPayment("order_A", "pay_B", "x")).toBe(false);
    expect(cashOnDelivery.receiveWebhook("{}", new Headers())).toMatchObject({ ok: false, problem: "signature" });
    await expect(cashOnDelivery.fetchPayment("pay_B")).rejects.toMatchObject({ code: "CASH_ON_DELIVERY", retryable: false });
    expect(() => cashOnDelivery.checkoutValues("o", 1, "Fresh Bowl", { name: "", email: "", contact: "" })).toThrow();
  });

  it("pays money back by hand: a refund is processed as soon as it is recorded", async () => {
    expect(await cashOnDelivery.refund("cash", { amount: 279, shopRefundId: "r1", orderId: "o1" })).toMatchObject({
      amount: 279,
      status: "processed",
      shopRefundId: "r1",
    });
  });
});
