import { describe, expect } from "vitest";
import { test } from "./fixtures";
import { db } from "@/lib/db";
import { payAsBrowser, deliverWebhook, placeOrder, queuedJobs, runEventJobs } from "@/tests/support/online-payments";
import type { GatewayImitation } from "@/imitations/razorpay/server";
import { expireUnpaidOrder } from "@/lib/flows/expire-unpaid-order";
import { PAYMENT_WINDOW_MS } from "@/lib/payments/payment-window";

// Razorpay's webhooks and the 15-minute expiry (product.md §10) against the local imitation. The
// imitation only records its events here (no webhook URL): each test delivers them to the route
// itself, as often and in what order it likes, and runs the queued jobs' function directly (the
// worker is paused, so queued jobs stay to be looked at).

type Checkout = { orderId: string };
type Order = { id: string; status: string; total: number };

/** Places a UPI order of the test's own customer: awaiting payment, with the Checkout's gateway order. */
const it = test.extend("place", ({ gateway, customer, item }) => async () => {
  void gateway; // an online order needs the gateway
  const reply = await placeOrder(customer, item);
  expect(reply.status).toBe(201);
  return reply.json as { order: Order; checkout: Checkout };
});

const eventsFor = (gateway: GatewayImitation, gatewayOrderId: string) =>
  gateway.webhooks.events.filter((e) => e.body.includes(gatewayOrderId));
const mailsFor = (orderId: string) => queuedJobs("send_mail", "orderId", orderId);

const stored = (id: string) =>
  db().order.findUniqueOrThrow({ where: { id }, select: { status: true, paymentStatus: true, gatewayPaymentId: true } });

describe("POST /api/payments/razorpay/webhook", () => {
  it("a valid event pays the order once and mails once (captured and order.paid both arrive)", async ({ place, gateway }) => {
    const { order, checkout } = await place();
    const { payment } = gateway.pay(checkout.orderId, { method: "upi" });
    const events = eventsFor(gateway, checkout.orderId);
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(["payment.captured", "order.paid"]));
    for (const sent of events) expect((await deliverWebhook(sent)).status).toBe(200);
    // Only the reply's work is done yet: the order waits for the job.
    expect(await stored(order.id)).toMatchObject({ status: "awaiting_payment" });
    const outcomes = await runEventJobs(events.map((e) => e.id));
    expect(outcomes.filter((o) => o === "paid")).toHaveLength(1);
    expect(await stored(order.id)).toMatchObject({ status: "pending", paymentStatus: "paid", gatewayPaymentId: payment.id });
    expect(await mailsFor(order.id)).toBe(1);
  });

  it("refuses a wrong signature with 400 and records and queues nothing", async ({ place, gateway }) => {
    const { order, checkout } = await place();
    gateway.pay(checkout.orderId);
    const [sent] = eventsFor(gateway, checkout.orderId);
    const reply = await deliverWebhook(sent, "0".repeat(64));
    expect(reply.status).toBe(400);
    expect((reply.json as { code: string }).code).toBe("invalid_signature");
    // A signature over other bytes (the body re-serialised) is refused too.
    const tampered = await deliverWebhook({ ...sent, body: sent.body.replace(/"amount":\d+/, '"amount":100') });
    expect(tampered.status).toBe(400);
    expect(await db().paymentEvent.count({ where: { eventId: sent.id } })).toBe(0);
    expect(await queuedJobs("payment_event", "eventId", sent.id)).toBe(0);
    expect(await stored(order.id)).toMatchObject({ status: "awaiting_payment", paymentStatus: "awaiting" });
  });

  it("the same event id twice: 200 both times, one job, nothing the second time", async ({ place, gateway }) => {
    const { order, checkout } = await place();
    gateway.pay(checkout.orderId);
    const captured = eventsFor(gateway, checkout.orderId).find((e) => e.event === "payment.captured")!;
    expect((await deliverWebhook(captured)).status).toBe(200);
    expect((await deliverWebhook(captured)).status).toBe(200);
    expect(await queuedJobs("payment_event", "eventId", captured.id)).toBe(1);
    expect(await runEventJobs([captured.id])).toEqual(["paid"]);
    expect(await mailsFor(order.id)).toBe(1);
  });

  it("webhook and the browser's /payment racing pay once and mail once", async ({ place, gateway, customer }) => {
    const { order, checkout } = await place();
    const { payment, signature } = gateway.pay(checkout.orderId);
    const events = eventsFor(gateway, checkout.orderId);
    for (const sent of events) await deliverWebhook(sent);
    const proof = { razorpay_payment_id: payment.id, razorpay_order_id: checkout.orderId, razorpay_signature: signature };
    const [browser, outcomes] = await Promise.all([payAsBrowser(customer, order.id, proof), runEventJobs(events.map((e) => e.id))]);
    expect(browser.status).toBe(200);
    expect(outcomes.every((o) => o === "paid" || o === "already_paid")).toBe(true);
    expect(await stored(order.id)).toMatchObject({ status: "pending", paymentStatus: "paid" });
    const history = await db().orderStatusChange.count({ where: { orderId: order.id, status: "pending" } });
    expect(history).toBe(1);
    expect(await mailsFor(order.id)).toBe(1);
  });

  it("events out of order: a failure delivered after the capture changes nothing", async ({ place, gateway }) => {
    const { order, checkout } = await place();
    gateway.pay(checkout.orderId, { outcome: "failed" });
    gateway.pay(checkout.orderId);
    const events = eventsFor(gateway, checkout.orderId);
    const failed = events.filter((e) => e.event === "payment.failed");
    expect(failed.length).toBeGreaterThan(0);
    const rest = events.filter((e) => e.event !== "payment.failed");
    // The capture first, the earlier failure last.
    for (const sent of [...rest, ...failed]) expect((await deliverWebhook(sent)).status).toBe(200);
    await runEventJobs(rest.map((e) => e.id));
    expect(await runEventJobs(failed.map((e) => e.id))).toEqual(failed.map(() => "ignored"));
    expect(await stored(order.id)).toMatchObject({ status: "pending", paymentStatus: "paid" });
    expect(await mailsFor(order.id)).toBe(1);
  });

  it("payment.failed alone: payment failed, the order keeps waiting", async ({ place, gateway }) => {
    const { order, checkout } = await place();
    gateway.pay(checkout.orderId, { outcome: "failed" });
    const failed = eventsFor(gateway, checkout.orderId).filter((e) => e.event === "payment.failed");
    for (const sent of failed) await deliverWebhook(sent);
    expect(await runEventJobs(failed.map((e) => e.id))).toContain("failed");
    expect(await stored(order.id)).toMatchObject({ status: "awaiting_payment", paymentStatus: "failed" });
    expect(await mailsFor(order.id)).toBe(0);
  });
});

describe("the 15-minute expiry of an unpaid order", () => {
  it("is queued with the order, run_at 15 minutes after it was placed", async ({ place }) => {
    const { order } = await place();
    const [job] = await db().$queryRaw<{ runAt: Date }[]>`SELECT j.run_at AS "runAt" FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'expire_unpaid_order' AND j.payload->>'orderId' = ${order.id}`;
    const { createdAt } = await db().order.findUniqueOrThrow({ where: { id: order.id }, select: { createdAt: true } });
    expect(job.runAt.getTime() - createdAt.getTime()).toBe(PAYMENT_WINDOW_MS);
  });

  it("cancels an order still awaiting payment after 15 minutes, by system; not before", async ({ place }) => {
    const { order } = await place();
    const { createdAt } = await db().order.findUniqueOrThrow({ where: { id: order.id }, select: { createdAt: true } });
    expect(await expireUnpaidOrder(order.id, new Date(createdAt.getTime() + PAYMENT_WINDOW_MS - 1000))).toBe(false);
    expect(await stored(order.id)).toMatchObject({ status: "awaiting_payment" });
    expect(await expireUnpaidOrder(order.id, new Date(createdAt.getTime() + PAYMENT_WINDOW_MS))).toBe(true);
    expect(await stored(order.id)).toMatchObject({ status: "cancelled" });
    const last = await db().orderStatusChange.findFirstOrThrow({ where: { orderId: order.id }, orderBy: { createdAt: "desc" } });
    expect(last).toMatchObject({ status: "cancelled", actor: "system" });
    // The customer may order again: it no longer counts as open.
    await place();
  });

  it("leaves a paid order alone", async ({ place, gateway }) => {
    const { order, checkout } = await place();
    gateway.pay(checkout.orderId);
    const events = eventsFor(gateway, checkout.orderId);
    for (const sent of events) await deliverWebhook(sent);
    await runEventJobs(events.map((e) => e.id));
    expect(await expireUnpaidOrder(order.id, new Date(Date.now() + PAYMENT_WINDOW_MS))).toBe(false);
    expect(await stored(order.id)).toMatchObject({ status: "pending", paymentStatus: "paid" });
  });
});
