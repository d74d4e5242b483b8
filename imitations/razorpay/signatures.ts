import { createHmac } from "node:crypto";

// The imitation signs as Razorpay does, on its own: hex HMAC-SHA256, Checkout's over
// `<order_id>|<payment_id>` under the key secret, a webhook's over its exact bytes under the
// webhook secret. Written apart from the shop's verifier (lib/payments/razorpay-signatures.ts),
// so a mistake in one is caught by the other.

const hmacHex = (secret: string, data: string) => createHmac("sha256", secret).update(data).digest("hex");

export const checkoutSignature = (keySecret: string, orderId: string, paymentId: string) => hmacHex(keySecret, `${orderId}|${paymentId}`);

export const webhookSignature = (webhookSecret: string, body: string) => hmacHex(webhookSecret, body);
