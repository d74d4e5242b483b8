import "server-only";
import Razorpay from "razorpay";
import { GatewayRefusedError, GatewayUnreachableError, type GatewayOperation, type PaymentGatewayError } from "@/lib/payments/errors";
import type { PaymentGateway } from "@/lib/payments/gateway";
import { readOrder, readPayment, readRefund, readRefunds } from "@/lib/payments/razorpay-replies";
import { isCheckoutSignature, isWebhookSignature } from "@/lib/payments/signatures";
import type { GatewayCredentials } from "@/lib/payments/setup";

// The real adapter: Razorpay's official Node SDK (typed, maintained by Razorpay, and the way
// its docs are written). The SDK fixes its host to https://api.razorpay.com; it keeps an axios
// instance (`api.rq`) whose baseURL it never reads again, so pointing that at RAZORPAY_API_URL
// is all the imitation needs. That instance is not in the SDK's types: it is reached through a
// checked cast, and a release that moves it fails here, at construction, not at the first payment.

/** A payment request that hangs holds a customer's click and a database slot: give up after this. */
const TIMEOUT_MS = 15_000;

type AxiosDefaults = { defaults: { baseURL?: string; timeout?: number } };

function pointAt(sdk: Razorpay, apiUrl: string) {
  const rq = (sdk.api as unknown as { rq?: Partial<AxiosDefaults> }).rq;
  if (!rq?.defaults || typeof rq.defaults !== "object") {
    throw new Error("The razorpay SDK no longer keeps its HTTP client at api.rq: lib/payments/razorpay.ts must point it another way");
  }
  rq.defaults.baseURL = apiUrl.replace(/\/+$/, "");
  rq.defaults.timeout = TIMEOUT_MS;
}

/**
 * The SDK rejects with `{statusCode, error: {code, description, field}}` when the gateway answers
 * with an error. With no answer at all (refused connection, timeout) its own error handler fails
 * on the missing response, so anything else is "unreachable". The original error is dropped on
 * purpose: axios errors carry the request config, Basic auth secret included.
 */
function toGatewayError(operation: GatewayOperation, thrown: unknown): PaymentGatewayError {
  if (thrown && typeof thrown === "object" && "statusCode" in thrown) {
    const status = Number(thrown.statusCode);
    const body = "error" in thrown && thrown.error && typeof thrown.error === "object" ? (thrown.error as Record<string, unknown>) : {};
    const code = typeof body.code === "string" ? body.code : "UNKNOWN";
    const description = typeof body.description === "string" ? body.description.slice(0, 300) : `HTTP ${status}`;
    const field = typeof body.field === "string" ? body.field : null;
    return new GatewayRefusedError(operation, status, code, description, field);
  }
  return new GatewayUnreachableError(operation);
}

async function call<T>(
  operation: GatewayOperation,
  request: () => Promise<unknown>,
  read: (op: GatewayOperation, reply: unknown) => T,
): Promise<T> {
  let reply: unknown;
  try {
    reply = await request();
  } catch (thrown) {
    throw toGatewayError(operation, thrown);
  }
  return read(operation, reply);
}

// Our own checks before the SDK's: its are thrown as plain Errors that would read as "unreachable".
function requireId(what: string, id: string) {
  if (typeof id !== "string" || !/^[A-Za-z0-9_]{1,64}$/.test(id)) throw new TypeError(`${what} must be a gateway id`);
}
function requirePaise(what: string, amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`${what} must be a positive whole number of paise`);
}

export function razorpayGateway(credentials: GatewayCredentials): PaymentGateway {
  const { keyId, keySecret, webhookSecret, apiUrl } = credentials;
  const sdk = new Razorpay({ key_id: keyId, key_secret: keySecret });
  pointAt(sdk, apiUrl);
  return {
    name: "razorpay",
    keyId,
    createOrder({ amountPaise, currency, receipt, notes }) {
      requirePaise("amountPaise", amountPaise);
      return call(
        "createOrder",
        () => sdk.orders.create({ amount: amountPaise, currency, receipt, ...(notes ? { notes } : {}) }),
        readOrder,
      );
    },
    fetchPayment(paymentId) {
      requireId("paymentId", paymentId);
      return call("fetchPayment", () => sdk.payments.fetch(paymentId), readPayment);
    },
    capture(paymentId, amountPaise) {
      requireId("paymentId", paymentId);
      requirePaise("amountPaise", amountPaise);
      return call("capture", () => sdk.payments.capture(paymentId, amountPaise, "INR"), readPayment);
    },
    refund(paymentId, amountPaise, notes) {
      requireId("paymentId", paymentId);
      if (amountPaise !== undefined) requirePaise("amountPaise", amountPaise);
      const body = { ...(amountPaise !== undefined ? { amount: amountPaise } : {}), ...(notes ? { notes } : {}), speed: "normal" as const };
      return call("refund", () => sdk.payments.refund(paymentId, body), readRefund);
    },
    fetchRefund(refundId) {
      requireId("refundId", refundId);
      return call("fetchRefund", () => sdk.refunds.fetch(refundId), readRefund);
    },
    refundsOf(paymentId) {
      requireId("paymentId", paymentId);
      // Razorpay's largest page; an order's payment is refunded a handful of times at most.
      return call("refundsOf", () => sdk.payments.fetchMultipleRefund(paymentId, { count: 100 }), readRefunds);
    },
    verifyCheckoutSignature: (gatewayOrderId, paymentId, signature) => isCheckoutSignature(keySecret, gatewayOrderId, paymentId, signature),
    verifyWebhookSignature: (rawBody, signature) => isWebhookSignature(webhookSecret, rawBody, signature),
  };
}
