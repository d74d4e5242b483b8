import "server-only";
import { z } from "zod";
import { GatewayReplyError, type GatewayOperation } from "@/lib/payments/errors";
import type { GatewayOrder, GatewayPayment, GatewayRefund } from "@/lib/payments/gateway";

// Razorpay's replies, read through schemas that keep only what the port needs: a reply we do
// not understand must stop the flow (GatewayReplyError), never be taken for a payment.

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

const refundList = z.object({ items: z.array(z.unknown()) });

function read<T>(schema: z.ZodType<T>, operation: GatewayOperation, reply: unknown): T {
  const parsed = schema.safeParse(reply);
  if (parsed.success) return parsed.data;
  // Paths only: values could be a customer's e-mail or phone from the payment.
  const where = parsed.error.issues.map((i) => i.path.join(".") || "(reply)").join(", ");
  throw new GatewayReplyError(operation, `fields ${where}`);
}

export function readOrder(operation: GatewayOperation, reply: unknown): GatewayOrder {
  const o = read(order, operation, reply);
  return { id: o.id, amount: o.amount, currency: o.currency, status: o.status };
}

export function readPayment(operation: GatewayOperation, reply: unknown): GatewayPayment {
  const p = read(payment, operation, reply);
  return {
    id: p.id,
    orderId: p.order_id ?? null,
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    method: p.method,
    amountRefunded: p.amount_refunded ?? 0,
    error: p.error_code ? { code: p.error_code, description: p.error_description ?? "", reason: p.error_reason ?? null } : null,
  };
}

export function readRefund(operation: GatewayOperation, reply: unknown): GatewayRefund {
  const r = read(refund, operation, reply);
  const notes = r.notes && !Array.isArray(r.notes) ? r.notes : {};
  return { id: r.id, paymentId: r.payment_id, amount: r.amount, status: r.status, notes };
}

export function readRefunds(operation: GatewayOperation, reply: unknown): GatewayRefund[] {
  return read(refundList, operation, reply).items.map((item) => readRefund(operation, item));
}
