import type { IncomingMessage } from "node:http";
import { checkoutFrame } from "@/imitations/razorpay/checkout-frame";
import { checkoutScript } from "@/imitations/razorpay/checkout-script";
import { RzError, type RzOrder } from "@/imitations/razorpay/entities";
import type { Ledger } from "@/imitations/razorpay/ledger";
import { checkoutSignature } from "@/imitations/razorpay/signatures";

// The imitation's routes: the REST subset lib/payments/razorpay.ts calls, behind Basic auth
// (key id : key secret) as Razorpay's API is, plus Checkout's public script, frame and the pay
// call the frame makes, which like Razorpay's are reached with the key id alone.

export type Reply = { status: number; type: "json" | "html" | "js"; body: string };
export type Request = { method: string; url: URL; headers: IncomingMessage["headers"]; body: Record<string, unknown> };
export type RouteContext = { ledger: Ledger; keyId: string; keySecret: string; origin: string };

const json = (value: unknown, status = 200): Reply => ({ status, type: "json", body: JSON.stringify(value) });
const failure = (error: RzError): Reply => json(error, error.status);

function authorized(headers: Request["headers"], keyId: string, keySecret: string): boolean {
  const header = headers.authorization ?? "";
  if (!header.startsWith("Basic ")) return false;
  return Buffer.from(header.slice(6), "base64").toString("utf8") === `${keyId}:${keySecret}`;
}

function validOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin === origin;
  } catch {
    return false;
  }
}

function checkoutRoutes({ method, url, body }: Request, { ledger, keyId, keySecret, origin: apiOrigin }: RouteContext): Reply | null {
  const path = url.pathname;
  if (method === "GET" && path === "/v1/checkout.js") return { status: 200, type: "js", body: checkoutScript(apiOrigin) };
  if (method === "GET" && path === "/v1/checkout/frame") {
    const q = (name: string) => url.searchParams.get(name) ?? "";
    let order: RzOrder | null = null;
    let problem: string | null = null;
    const origin = q("origin");
    if (q("key") !== keyId) problem = "The api key provided is invalid";
    else if (!validOrigin(origin)) problem = "The page that opened Checkout gave no valid origin";
    else if (!ledger.orders.has(q("order_id"))) problem = "The id provided does not exist";
    else if (ledger.orders.get(q("order_id"))!.status === "paid") problem = "Order has already been paid";
    else order = ledger.publicOrder(q("order_id"));
    const html = checkoutFrame({
      order,
      problem,
      name: q("name"),
      description: q("description"),
      email: q("email"),
      contact: q("contact"),
      origin,
    });
    return { status: 200, type: "html", body: html };
  }
  if (method === "POST" && path === "/v1/checkout/pay") {
    const orderId = String(body.order_id ?? "");
    const failed = body.outcome === "fail";
    const payment = ledger.pay(orderId, {
      outcome: failed ? "failed" : undefined,
      method: body.method === "card" ? "card" : "upi",
      ...(typeof body.email === "string" && body.email ? { email: body.email } : {}),
      ...(typeof body.contact === "string" && body.contact ? { contact: body.contact } : {}),
    });
    if (failed) {
      const { error_code, error_description, error_source, error_step, error_reason } = payment;
      const error = { code: error_code, description: error_description, source: error_source, step: error_step, reason: error_reason };
      return json({ error: { ...error, metadata: { order_id: orderId, payment_id: payment.id } } }, 400);
    }
    return json({
      razorpay_payment_id: payment.id,
      razorpay_order_id: orderId,
      razorpay_signature: checkoutSignature(keySecret, orderId, payment.id),
    });
  }
  return null;
}

function apiRoutes({ method, url, body }: Request, { ledger }: RouteContext): Reply | null {
  const parts = url.pathname.split("/").filter(Boolean);
  const [v1, kind, id, action] = parts;
  if (v1 !== "v1" || parts.length > 4) return null;
  if (kind === "orders" && parts.length === 2 && method === "POST") return json(ledger.createOrder(body));
  if (kind === "orders" && parts.length === 3 && method === "GET") return json(ledger.publicOrder(id));
  if (kind === "orders" && action === "payments" && method === "GET") {
    ledger.publicOrder(id);
    const items = [...ledger.payments.values()].filter((p) => p.order_id === id);
    return json({ entity: "collection", count: items.length, items });
  }
  if (kind === "payments" && parts.length === 3 && method === "GET") return json(ledger.payment(id));
  if (kind === "payments" && action === "capture" && method === "POST") return json(ledger.capture(id, body));
  if (kind === "payments" && action === "refund" && method === "POST") return json(ledger.refund(id, body));
  if (kind === "payments" && action === "refunds" && method === "GET") {
    ledger.payment(id);
    const items = [...ledger.refunds.values()].filter((r) => r.payment_id === id);
    return json({ entity: "collection", count: items.length, items });
  }
  if (kind === "refunds" && parts.length === 3 && method === "GET") return json(ledger.refundById(id));
  return null;
}

/** Answers one request, with Razorpay's error shape for anything refused. */
export function route(request: Request, context: RouteContext): Reply {
  try {
    const checkout = checkoutRoutes(request, context);
    if (checkout) return checkout;
    if (!authorized(request.headers, context.keyId, context.keySecret)) {
      return failure(new RzError(401, "Authentication failed", null, "BAD_REQUEST_ERROR", "NA"));
    }
    return (
      apiRoutes(request, context) ??
      failure(new RzError(400, "The requested URL was not found on the server.", null, "BAD_REQUEST_ERROR", "NA"))
    );
  } catch (error) {
    if (error instanceof RzError) return failure(error);
    throw error;
  }
}
