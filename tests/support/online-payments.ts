import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { db } from "@/lib/db";
import { POST as placeRoute } from "@/app/api/orders/route";
import { PATCH as orderRoute } from "@/app/api/orders/[id]/route";
import { POST as paymentRoute } from "@/app/api/orders/[id]/payment/route";
import { POST as webhookRoute } from "@/app/api/payments/razorpay/webhook/route";
import { call, type AnyHandler, type Caller, type Reply } from "@/tests/support/api";
import type { GatewayImitation } from "@/imitations/razorpay/server";
import type { SentEvent } from "@/imitations/razorpay/webhooks";
import { handlePaymentEvent } from "@/lib/payments/webhook";
import { paymentEventJobSchema } from "@/lib/payments/payment-event-job";
import { sendRefund } from "@/lib/payments/refund-send";

// The payment files' moves, through the real routes against the gateway imitation (the
// `gateway` fixture): place an order, pay it as the browser does, deliver Razorpay's webhooks,
// and run the queued jobs' functions directly (the job worker is paused there).

/** The address every order of these files goes to. */
export const ASHA_ADDRESS = {
  name: "Asha Rao",
  phone: "9876543210",
  street: "1 MG Road",
  city: "Bengaluru",
  state: "Karnataka",
  zip: "560001",
};

/** POST /api/orders as `caller`: one medium `itemId`, a fresh idempotency key. */
export const placeOrder = (caller: Caller, itemId: string, paymentMethod = "UPI"): Promise<Reply> =>
  call(placeRoute as AnyHandler, "POST", "/api/orders", {
    headers: { ...caller.headers, "idempotency-key": randomUUID() },
    body: { items: [{ id: itemId, portion: "medium", quantity: 1 }], address: ASHA_ADDRESS, paymentMethod },
  });

/** POST /api/orders/{id}/payment as `caller`, with the proof the Checkout hands the browser. */
export const payAsBrowser = (caller: Caller, id: string, proof: Record<string, string>): Promise<Reply> =>
  call(paymentRoute as AnyHandler, "POST", `/api/orders/${id}/payment`, { headers: caller.headers, body: proof, params: { id } });

/** The proof's fields as Razorpay's Checkout names them. */
export const checkoutProof = (gatewayOrderId: string, paid: { payment: { id: string }; signature: string }) => ({
  razorpay_payment_id: paid.payment.id,
  razorpay_order_id: gatewayOrderId,
  razorpay_signature: paid.signature,
});

/** Places a UPI order of `caller` and pays it as the browser does with what `gateway` answers: pending, payment paid. */
export async function placeAndPay(gateway: GatewayImitation, caller: Caller, itemId: string) {
  const placed = await placeOrder(caller, itemId);
  expect(placed.status).toBe(201);
  const { order, checkout } = placed.json as { order: { id: string }; checkout: { orderId: string } };
  const proof = gateway.pay(checkout.orderId);
  const paid = await payAsBrowser(caller, order.id, checkoutProof(checkout.orderId, proof));
  expect(paid.status).toBe(200);
  return { order: paid.json as { id: string }, paymentId: proof.payment.id, checkout };
}

/** PATCH /api/orders/{id} as `caller`. */
export const patchOrder = (caller: Caller, id: string, body: Record<string, unknown>): Promise<Reply> =>
  call(orderRoute as AnyHandler, "PATCH", `/api/orders/${id}`, { headers: caller.headers, params: { id }, body });

/** Walks order `id` through the kitchen to delivered, as `admin`. */
export async function deliverOrder(admin: Caller, id: string): Promise<void> {
  for (const status of ["confirmed", "preparing", "out_for_delivery", "delivered"])
    expect((await patchOrder(admin, id, { status })).status).toBe(200);
}

/** Delivers `sent` as Razorpay does: server to server, so no Origin and no Sec-Fetch-Site. */
export const deliverWebhook = (sent: SentEvent, signature = sent.signature): Promise<Reply> =>
  call(webhookRoute as AnyHandler, "POST", "/api/payments/razorpay/webhook", {
    raw: sent.body,
    headers: { origin: null, "content-type": "application/json", "x-razorpay-signature": signature, "x-razorpay-event-id": sent.id },
  });

/** How many `task` jobs are queued whose payload has `key` = `value`. */
export const queuedJobs = async (task: string, key: string, value: string): Promise<number> =>
  Number(
    (
      await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM graphile_worker._private_jobs j
        JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = ${task} AND j.payload->>${key} = ${value}`
    )[0].n,
  );

/** Runs, oldest first, the payment_event jobs queued for these event ids; their outcomes. */
export async function runEventJobs(eventIds: string[]): Promise<string[]> {
  const jobs = await db().$queryRaw<{ payload: unknown }[]>`SELECT j.payload FROM graphile_worker._private_jobs j
    JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = 'payment_event' AND j.payload->>'eventId' = ANY(${eventIds}) ORDER BY j.id`;
  const outcomes: string[] = [];
  for (const { payload } of jobs) outcomes.push(await handlePaymentEvent(paymentEventJobSchema.parse(payload)));
  return outcomes;
}

/** Runs the send job of every refund of the order still pending (each must be queued), as the worker's `attempt` would. */
export async function sendPendingRefunds(orderId: string, attempt = 1): Promise<string[]> {
  const pending = await db().refund.findMany({
    where: { orderId, status: "pending" },
    select: { id: true },
    orderBy: { createdAt: "asc" },
  });
  const outcomes: string[] = [];
  for (const r of pending) {
    expect(await queuedJobs("send_refund", "refundId", r.id)).toBeGreaterThan(0);
    outcomes.push(await sendRefund(r.id, { attempt, maxAttempts: 12, checks: 0 }));
  }
  return outcomes;
}
