import "server-only";
import { z } from "zod";
import { GatewayReplyError, type GatewayOperation } from "@/lib/payments/errors";
import type { GatewayOrder, GatewayPayment, GatewayRefund, PaymentEvent, ReceivedWebhook } from "@/lib/payments/gateway";

// Razorpay's replies and webhooks, read through schemas that keep only what the port needs and
// put into its terms (rupees, our names): a reply we do not understand must stop the flow
// (GatewayReplyError), never be taken for a payment.

/** Razorpay counts paise; the port, rupees. */
const rupees = (paise: number) => paise / 100;

const paise = z.number().int().nonnegative();
const text = z.string().min(1);

const order = z.object({
  id: text,
  amount: paise,
  currency: z.literal("INR"),
  status: z.enum(["created", "attempted", "paid"]),
});

const payment = z.object({
  id: text,
  order_id: text.nullish(),
  amount: paise,
  currency: text,
  status: z.enum(["created", "authorized", "captured", "refunded", "failed"]),
  method: text,
  amount_refunded: paise.nullish(),
  error_code: z.string().nullish(),
  error_description: z.string().nullish(),
  error_reason: z.string().nullish(),
});

const refund = z.object({
  id: text,
  payment_id: text,
  amount: paise,
  status: z.enum(["pending", "processed", "failed"]),
  // Razorpay answers an empty list, not an empty object, for an entity without notes.
  notes: z.union([z.record(z.string(), z.string()), z.array(z.unknown())]).nullish(),
});

/** A collection (`{entity: "collection", count, items}`) of refunds or payments, each read on its own. */
const refundList = z.object({ items: z.array(z.unknown()) });

const id = z.string().min(1).max(64);

/** A webhook: `{event, payload: {payment: {entity}, refund: {entity}, …}}`, only what the shop acts on. */
const webhook = z.object({
  event: z.string().min(1).max(64),
  payload: z
    .object({
      payment: z.object({ entity: z.object({ id, order_id: z.string().max(64).nullable().optional() }) }).optional(),
      refund: z
        .object({
          entity: z.object({
            id,
            payment_id: z.string().max(64).nullish(),
            // Razorpay sends an empty list for no notes.
            notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
          }),
        })
        .optional(),
    })
    .passthrough(),
});

function read<T>(schema: z.ZodType<T>, operation: GatewayOperation, reply: unknown): T {
  const parsed = schema.safeParse(reply);
  if (parsed.success) return parsed.data;
  // Paths only: values could be a customer's e-mail or phone from the payment.
  const where = parsed.error.issues.map((i) => i.path.join(".") || "(reply)").join(", ");
  throw new GatewayReplyError(operation, `fields ${where}`);
}

export function readOrder(operation: GatewayOperation, reply: unknown): GatewayOrder {
  const o = read(order, operation, reply);
  return { id: o.id, amount: rupees(o.amount), currency: o.currency, status: o.status };
}

export function readPayment(operation: GatewayOperation, reply: unknown): GatewayPayment {
  const p = read(payment, operation, reply);
  return {
    id: p.id,
    orderId: p.order_id ?? null,
    amount: rupees(p.amount),
    currency: p.currency,
    status: p.status,
    method: p.method,
    amountRefunded: rupees(p.amount_refunded ?? 0),
    error: p.error_code ? { code: p.error_code, description: p.error_description ?? "", reason: p.error_reason ?? null } : null,
  };
}

export function readPayments(operation: GatewayOperation, reply: unknown): GatewayPayment[] {
  return read(refundList, operation, reply).items.map((item) => readPayment(operation, item));
}

/** The shop's refund id in a refund's notes under `note`, or null (Razorpay writes no notes as []). */
function noted(notes: Record<string, unknown> | unknown[] | null | undefined, note: string): string | null {
  const value = notes && !Array.isArray(notes) ? notes[note] : undefined;
  return typeof value === "string" && value ? value.slice(0, 64) : null;
}

export function readRefund(operation: GatewayOperation, reply: unknown, note: string): GatewayRefund {
  const r = read(refund, operation, reply);
  return { id: r.id, paymentId: r.payment_id, amount: rupees(r.amount), status: r.status, shopRefundId: noted(r.notes, note) };
}

export function readRefunds(operation: GatewayOperation, reply: unknown, note: string): GatewayRefund[] {
  return read(refundList, operation, reply).items.map((item) => readRefund(operation, item, note));
}

const EVENT_KINDS: Record<string, Exclude<PaymentEvent["kind"], "other">> = {
  // Left authorized when the account does not capture automatically: captured by the shop (settle.ts).
  "payment.authorized": "payment_authorized",
  "payment.captured": "payment_captured",
  "order.paid": "payment_captured",
  "payment.failed": "payment_failed",
  "refund.processed": "refund_processed",
  "refund.failed": "refund_failed",
};

/** The port's word for one of Razorpay's event names the shop acts on; null for any other. */
export function razorpayEventKind(event: string): Exclude<PaymentEvent["kind"], "other"> | null {
  return Object.hasOwn(EVENT_KINDS, event) ? EVENT_KINDS[event] : null;
}

/** Razorpay's events the shop acts on, in the port's words. */
function translate({ event, payload }: z.infer<typeof webhook>, note: string): PaymentEvent {
  const payment = payload.payment?.entity;
  const refunded = payload.refund?.entity;
  const kind = razorpayEventKind(event);
  switch (kind) {
    case "payment_authorized":
    case "payment_captured":
    case "payment_failed":
      if (!payment?.order_id) return { kind: "other" };
      return { kind, paymentId: payment.id, gatewayOrderId: payment.order_id };
    case "refund_processed":
    case "refund_failed":
      if (!refunded) return { kind: "other" };
      return {
        kind,
        refundId: refunded.id,
        paymentId: refunded.payment_id ?? payment?.id ?? null,
        shopRefundId: noted(refunded.notes, note),
      };
    default:
      return { kind: "other" };
  }
}

/** A webhook whose signature already holds: its event id (X-Razorpay-Event-Id) and what it says. */
export function readWebhook(rawBody: string, eventId: string | null, note: string): ReceivedWebhook {
  let parsed: z.infer<typeof webhook>;
  try {
    parsed = webhook.parse(JSON.parse(rawBody));
  } catch {
    return { ok: false, problem: "malformed", message: "The webhook's body is not a Razorpay event." };
  }
  if (!eventId || eventId.length > 64)
    return { ok: false, problem: "malformed", message: "X-Razorpay-Event-Id is missing.", field: "X-Razorpay-Event-Id" };
  return { ok: true, eventId, name: parsed.event, event: translate(parsed, note) };
}
