import "server-only";
import { toPaise } from "@/lib/money";
import { GatewayRefusedError, GatewayUnreachableError, type GatewayOperation, type PaymentGatewayError } from "@/lib/payments/errors";
import type { PaymentGateway } from "@/lib/payments/gateway";
import { readOrder, readPayment, readPayments, readRefund, readRefunds, readWebhook } from "@/lib/payments/razorpay-replies";
import { isCheckoutSignature, isWebhookSignature } from "@/lib/payments/razorpay-signatures";
import type { GatewayCredentials } from "@/lib/payments/setup";

// The real adapter: Razorpay's REST API (https://razorpay.com/docs/api/), called with fetch and
// Basic auth (key id : key secret) at the configured base URL, RAZORPAY_API_URL: Razorpay's own
// host, or the local imitation (imitations/razorpay/) in development and tests. The only code
// that knows paise, Razorpay's signatures and its names for events, fields and notes.

/** A payment request that hangs holds a customer's click and a database slot: give up after this. */
const TIMEOUT_MS = 15_000;

/** The note that ties a Razorpay refund to the shop's refund row (refund-send.ts). */
const REFUND_NOTE = "refund_id";

/** Razorpay's largest page; an order's payment is refunded a handful of times at most. */
const REFUNDS_PAGE = 100;

/** The reply of an error: `{error: {code, description, field}}` (Razorpay's shape), or whatever came. */
function refusal(operation: GatewayOperation, status: number, reply: unknown): PaymentGatewayError {
  const error = reply && typeof reply === "object" && "error" in reply ? reply.error : null;
  const body = error && typeof error === "object" ? (error as Record<string, unknown>) : {};
  const code = typeof body.code === "string" ? body.code : "UNKNOWN";
  const description = typeof body.description === "string" ? body.description.slice(0, 300) : `HTTP ${status}`;
  const field = typeof body.field === "string" ? body.field : null;
  return new GatewayRefusedError(operation, status, code, description, field);
}

type Request = { method: "GET" | "POST"; path: string; body?: Record<string, unknown> };

function client({ keyId, keySecret, apiUrl }: GatewayCredentials) {
  const base = apiUrl.replace(/\/+$/, "");
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
  /**
   * One call and its reply read by `read`. With no answer at all (refused connection, timeout)
   * it is "unreachable"; the thrown error is dropped on purpose, as it may carry the request.
   */
  return async function call<T>(
    operation: GatewayOperation,
    request: Request,
    read: (op: GatewayOperation, reply: unknown) => T,
  ): Promise<T> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${request.path}`, {
        method: request.method,
        headers: { authorization, accept: "application/json", ...(request.body ? { "content-type": "application/json" } : {}) },
        body: request.body ? JSON.stringify(request.body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        cache: "no-store",
      });
      text = await response.text();
    } catch {
      throw new GatewayUnreachableError(operation);
    }
    let reply: unknown = null;
    try {
      reply = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: an error status is still a refusal; a success is a reply we do not understand.
    }
    if (!response.ok) throw refusal(operation, response.status, reply);
    return read(operation, reply);
  };
}

// Checked before anything is sent, so a bad id never reaches a URL and a bad amount never Razorpay.
function requireId(what: string, id: string) {
  if (typeof id !== "string" || !/^[A-Za-z0-9_]{1,64}$/.test(id)) throw new TypeError(`${what} must be a gateway id`);
}
function requireRupees(what: string, amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`${what} must be a positive whole number of rupees`);
}

export function razorpayGateway(credentials: GatewayCredentials): PaymentGateway {
  const { keyId, keySecret, webhookSecret } = credentials;
  const call = client(credentials);
  return {
    name: "razorpay",
    createOrder({ amount, currency, receipt }) {
      requireRupees("amount", amount);
      return call("createOrder", { method: "POST", path: "/v1/orders", body: { amount: toPaise(amount), currency, receipt } }, readOrder);
    },
    fetchPayment(paymentId) {
      requireId("paymentId", paymentId);
      return call("fetchPayment", { method: "GET", path: `/v1/payments/${paymentId}` }, readPayment);
    },
    paymentsOf(gatewayOrderId) {
      requireId("gatewayOrderId", gatewayOrderId);
      return call("paymentsOf", { method: "GET", path: `/v1/orders/${gatewayOrderId}/payments` }, readPayments);
    },
    capture(paymentId, amount) {
      requireId("paymentId", paymentId);
      requireRupees("amount", amount);
      const body = { amount: toPaise(amount), currency: "INR" };
      return call("capture", { method: "POST", path: `/v1/payments/${paymentId}/capture`, body }, readPayment);
    },
    refund(paymentId, { amount, shopRefundId, orderId }) {
      requireId("paymentId", paymentId);
      if (amount !== undefined) requireRupees("amount", amount);
      const body = {
        ...(amount !== undefined ? { amount: toPaise(amount) } : {}),
        notes: { [REFUND_NOTE]: shopRefundId, order_id: orderId },
        speed: "normal",
      };
      return call("refund", { method: "POST", path: `/v1/payments/${paymentId}/refund`, body }, (op, reply) =>
        readRefund(op, reply, REFUND_NOTE),
      );
    },
    fetchRefund(refundId) {
      requireId("refundId", refundId);
      return call("fetchRefund", { method: "GET", path: `/v1/refunds/${refundId}` }, (op, reply) => readRefund(op, reply, REFUND_NOTE));
    },
    refundsOf(paymentId) {
      requireId("paymentId", paymentId);
      return call("refundsOf", { method: "GET", path: `/v1/payments/${paymentId}/refunds?count=${REFUNDS_PAGE}` }, (op, reply) =>
        readRefunds(op, reply, REFUND_NOTE),
      );
    },
    verifyPayment: (gatewayOrderId, paymentId, signature) => isCheckoutSignature(keySecret, gatewayOrderId, paymentId, signature),
    receiveWebhook(rawBody, headers) {
      // Razorpay signs the raw body under the webhook secret (product.md §10); nothing is read before that holds.
      const signature = headers.get("x-razorpay-signature");
      if (!signature || !isWebhookSignature(webhookSecret, rawBody, signature))
        return { ok: false, problem: "signature", message: "The webhook's signature is not valid.", field: "X-Razorpay-Signature" };
      const eventId = headers.get("x-razorpay-event-id");
      return readWebhook(rawBody, eventId, REFUND_NOTE);
    },
    checkoutValues: (gatewayOrderId, amount, shopName, customer) => ({
      key: keyId,
      orderId: gatewayOrderId,
      amount: toPaise(amount),
      currency: "INR",
      name: shopName,
      prefill: customer,
    }),
  };
}
