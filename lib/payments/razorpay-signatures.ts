import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

// Razorpay's two signatures, both hex HMAC-SHA256 (product.md §10). Compared in constant time so
// a forger cannot learn the right signature a byte at a time from how long a refusal takes.

function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac("sha256", secret).update(data).digest("hex");
}

/**
 * Compares the hex strings' bytes rather than decoded bytes: Buffer.from(x, "hex") stops at the
 * first non-hex character, so a decoded comparison would accept a signature with junk appended.
 * timingSafeEqual throws on unequal lengths, so those are refused first; the length of a
 * SHA-256 hex digest is public, so that early answer tells nothing.
 */
function sameHex(expected: string, given: unknown): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Checkout's signature: HMAC of `<order_id>|<payment_id>` under the API key secret. */
export function checkoutSignature(keySecret: string, gatewayOrderId: string, paymentId: string): string {
  return hmacHex(keySecret, `${gatewayOrderId}|${paymentId}`);
}

export function isCheckoutSignature(keySecret: string, gatewayOrderId: string, paymentId: string, signature: unknown): boolean {
  // Razorpay's ids never hold the separator; one that does could shift it ("a|b" + "c" signs as "a" + "b|c").
  if (gatewayOrderId.includes("|") || paymentId.includes("|")) return false;
  return sameHex(checkoutSignature(keySecret, gatewayOrderId, paymentId), signature);
}

/** A webhook's X-Razorpay-Signature: HMAC of the raw body, byte for byte, under the webhook secret. */
export function webhookSignature(webhookSecret: string, rawBody: string | Buffer): string {
  return hmacHex(webhookSecret, rawBody);
}

export function isWebhookSignature(webhookSecret: string, rawBody: string | Buffer, signature: unknown): boolean {
  return sameHex(webhookSignature(webhookSecret, rawBody), signature);
}
