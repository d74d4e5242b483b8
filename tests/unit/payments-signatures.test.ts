import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkoutSignature, isCheckoutSignature, isWebhookSignature, webhookSignature } from "@/lib/payments/razorpay-signatures";

// Razorpay's two signatures (product.md §10): Checkout's over `<order_id>|<payment_id>` under the
// key secret, the webhook's over the raw body under the webhook secret; hex HMAC-SHA256 both.

const KEY_SECRET = "key-secret-for-tests";
const WEBHOOK_SECRET = "webhook-secret-for-tests";
const id = fc.stringMatching(/^[A-Za-z0-9]{14}$/);

describe("Checkout signature", () => {
  it("is the hex HMAC-SHA256 of order_id|payment_id under the key secret (Razorpay's formula)", () => {
    const expected = createHmac("sha256", KEY_SECRET).update("order_IluGWxBm9U8zJ8|pay_29QQoUBi66xm2f").digest("hex");
    expect(checkoutSignature(KEY_SECRET, "order_IluGWxBm9U8zJ8", "pay_29QQoUBi66xm2f")).toBe(expected);
    expect(isCheckoutSignature(KEY_SECRET, "order_IluGWxBm9U8zJ8", "pay_29QQoUBi66xm2f", expected)).toBe(true);
  });

  it("accepts the right signature for any ids", () => {
    fc.assert(
      fc.property(id, id, (order, payment) => {
        const signature = checkoutSignature(KEY_SECRET, `order_${order}`, `pay_${payment}`);
        return isCheckoutSignature(KEY_SECRET, `order_${order}`, `pay_${payment}`, signature);
      }),
    );
  });

  it("refuses a signature for another order, another payment or under another secret", () => {
    fc.assert(
      fc.property(id, id, id, (order, payment, other) => {
        fc.pre(other !== order && other !== payment);
        const signature = checkoutSignature(KEY_SECRET, `order_${order}`, `pay_${payment}`);
        return (
          !isCheckoutSignature(KEY_SECRET, `order_${other}`, `pay_${payment}`, signature) &&
          !isCheckoutSignature(KEY_SECRET, `order_${order}`, `pay_${other}`, signature) &&
          !isCheckoutSignature("another-secret", `order_${order}`, `pay_${payment}`, signature)
        );
      }),
    );
  });

  it("refuses any string that is not the signature, of whatever length, without throwing", () => {
    const right = checkoutSignature(KEY_SECRET, "order_A", "pay_B");
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (given) => given === right || !isCheckoutSignature(KEY_SECRET, "order_A", "pay_B", given)),
    );
    for (const given of ["", right.slice(0, -1), `${right}0`, `${right}zz`, right.toUpperCase(), `${right.slice(0, 63)}é`, ` ${right}`]) {
      expect(isCheckoutSignature(KEY_SECRET, "order_A", "pay_B", given), JSON.stringify(given)).toBe(false);
    }
  });

  it("refuses what is not a string at all (a JSON body can carry anything)", () => {
    for (const given of [undefined, null, 42, ["a"], { signature: "x" }]) {
      expect(isCheckoutSignature(KEY_SECRET, "order_A", "pay_B", given)).toBe(false);
    }
  });

  it("refuses ids holding the separator, so a signature cannot be moved across it", () => {
    // "order_A|pay_B" + "|" + "pay_C" and "order_A" + "|" + "pay_B|pay_C" sign the same text.
    const signature = checkoutSignature(KEY_SECRET, "order_A|pay_B", "pay_C");
    expect(isCheckoutSignature(KEY_SECRET, "order_A", "pay_B|pay_C", signature)).toBe(false);
    expect(isCheckoutSignature(KEY_SECRET, "order_A|pay_B", "pay_C", signature)).toBe(false);
  });
});

describe("Webhook signature", () => {
  const body = JSON.stringify({
    entity: "event",
    event: "payment.captured",
    payload: { payment: { entity: { id: "pay_X", amount: 27900 } } },
  });

  it("is the hex HMAC-SHA256 of the raw body under the webhook secret, for a string or its bytes", () => {
    const expected = createHmac("sha256", WEBHOOK_SECRET).update(body).digest("hex");
    expect(webhookSignature(WEBHOOK_SECRET, body)).toBe(expected);
    expect(isWebhookSignature(WEBHOOK_SECRET, body, expected)).toBe(true);
    expect(isWebhookSignature(WEBHOOK_SECRET, Buffer.from(body, "utf8"), expected)).toBe(true);
  });

  it("refuses a tampered body: any change of any byte", () => {
    const signature = webhookSignature(WEBHOOK_SECRET, body);
    fc.assert(
      fc.property(fc.nat({ max: body.length - 1 }), fc.integer({ min: 1, max: 255 }), (at, delta) => {
        const bytes = Buffer.from(body, "utf8");
        bytes[at] = (bytes[at] + delta) % 256;
        return !isWebhookSignature(WEBHOOK_SECRET, bytes, signature);
      }),
    );
  });

  it("refuses the same event re-serialised (the raw body is what is signed, not its meaning)", () => {
    const signature = webhookSignature(WEBHOOK_SECRET, body);
    const reserialised = JSON.stringify(JSON.parse(body), null, 1);
    expect(isWebhookSignature(WEBHOOK_SECRET, reserialised, signature)).toBe(false);
  });

  it("refuses a wrong secret, a wrong length and garbage", () => {
    const signature = webhookSignature(WEBHOOK_SECRET, body);
    expect(isWebhookSignature("other-secret", body, signature)).toBe(false);
    expect(isWebhookSignature(WEBHOOK_SECRET, body, signature.slice(2))).toBe(false);
    expect(isWebhookSignature(WEBHOOK_SECRET, body, `${signature}00`)).toBe(false);
    expect(isWebhookSignature(WEBHOOK_SECRET, body, "")).toBe(false);
    fc.assert(fc.property(fc.string(), (given) => given === signature || !isWebhookSignature(WEBHOOK_SECRET, body, given)));
  });
});
