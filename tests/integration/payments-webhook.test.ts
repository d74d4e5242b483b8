import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pauseMailWorker, resumeMailWorker } from "./setup";
import { db } from "@/lib/db";
import { POST as placeRoute } from "@/app/api/orders/route";
import { POST as paymentRoute } from "@/app/api/orders/[id]/payment/route";
import { POST as webhookRoute } from "@/app/api/payments/razorpay/webhook/route";
import { call, type AnyHandler, type Caller } from "@/tests/support/api";
import { makeCaller } from "@/tests/support/callers";
import { shopFixtures, type ShopFixtures } from "@/tests/support/shop-fixtures";
import { changeSettings } from "@/tests/support/settings";
import { dropPaymentJobs, gatewaySettings } from "@/tests/support/gateway";
import { startGatewayImitation, type GatewayImitation } from "@/imitations/razorpay/server";
import type { SentEvent } from "@/imitations/razorpay/webhooks";
import { handlePaymentEvent } from "@/lib/payments/webhook";
import { paymentEventJobSchema } from "@/lib/payments/payment-event-job";
import { expireUnpaidOrder } from "@/lib/flows/expire-unpaid-order";
import { PAYMENT_WINDOW_MS } from "@/lib/payments/payment-window";

// Razorpay's webhooks and the 15-minute expiry (product.md §10) against the local imitation. The
// imitation only records its events here (no webhook URL): each test delivers them to the route
// itself, as often and in what order it likes, and runs the queued jobs' function directly (the
// worker is paused, so queued jobs stay to be looked at).

type Checkout = { orderId: string };
type Order = { id: string; status: string; total: number };

let imitation: GatewayImitation;
let restore: () => void;
let shop: ShopFixtures;
let itemId = "";
let customer: Caller;

beforeAll(async () => {
  imitation = await startGatewayImitation();
  restore = changeSettings(gatewaySettings(imitation));
  shop = await shopFixtures("payhook");
  itemId = await shop.item();
  await pauseMailWorker();
});

afterAll(async () => {
  // The jobs these tests queued are theirs: the worker must not run them against a stopped imitation.
  await dropPaymentJobs();
  await resumeMailWorker();
  await shop.cleanUp();
  restore();
  await imitation.close();
});

beforeEach(async () => {
  customer = await makeCaller("user");
  shop.adopt(customer.id);
});

async function place() {
  const reply = await call(placeRoute as AnyHandler, "POST", "/api/orders", {
    headers: { ...customer.headers, "idempotency-key": randomUUID() },
    body: {
      items: [{ id: itemId, portion: "medium", quantity: 1 }],
      address: { name: "Asha Rao", phone: "9876543210", street: "1 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" },
      paymentMethod: "UPI",
    },
  });
  expect(reply.status).toBe(201);
  return reply.json as { order: Order; checkout: Checkout };
}

/** Delivers `sent` as Razorpay does: server to server, so no Origin and no Sec-Fetch-Site. */
const deliver = (sent: SentEvent, signature = sent.signature) =>
  call(webhookRoute as AnyHandler, "POST", "/api/payments/razorpay/webhook", {
    raw: sent.body,
    headers: {
      origin: null,
      "content-type": "application/json",
      "x-razorpay-signature": signature,
      "x-razorpay-event-id": sent.id,
    },
  });

const eventsFor = (gatewayOrderId: string) => imitation.webhooks.events.filter((e) => e.body.includes(gatewayOrderId));

/** Runs, oldest first, the payment_event jobs queued for these event ids; their outcomes. */
async function runEventJobs(eventIds: string[]): Promise<string[]> {
  const jobs = await db().$queryRaw<{ payload: unknown }[]>`SELECT j.payload FROM graphile_worker._private_jobs j
    JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = 'payment_event' AND j.payload->>'eventId' = ANY(${eventIds}) ORDER BY j.id`;
  const outcomes: string[] = [];
  for (const { payload } of jobs) outcomes.push(await handlePaymentEvent(paymentEventJobSchema.parse(payload)));
  return outcomes;
}

const jobsOf = async (task: string, key: string, value: string) =>
  Number(
    (
      await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM graphile_worker._private_jobs j
        JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = ${task} AND j.payload->>${key} = ${value}`
    )[0].n,
  );
const mailsFor = (orderId: string) => jobsOf("send_mail", "orderId", orderId);

const stored = (id: string) =>
  db().order.findUniqueOrThrow({ where: { id }, select: { status: true, paymentStatus: true, gatewayPaymentId: true } });

describe("POST /api/payments/razorpay/webhook", () => {
  it("a valid event pays the order once and mails once (captured and order.paid both arrive)", async () => {
    const { order, checkout } = await place();
    const { payment } = imitation.pay(checkout.orderId, { method: "upi" });
    const events = eventsFor(checkout.orderId);
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(["payment.captured", "order.paid"]));
    for (const sent of events) expect((await deliver(sent)).status).toBe(200);
    // Only the reply's work is done yet: the order waits for the job.
    expect(await stored(order.id)).toMatchObject({ status: "awaiting_payment" });
    const outcomes = await runEventJobs(events.map((e) => e.id));
    expect(outcomes.filter((o) => o === "paid")).toHaveLength(1);
    expect(await stored(order.id)).toMatchObject({ status: "pending", paymentStatus: "paid", gatewayPaymentId: payment.id });
    expect(await mailsFor(order.id)).toBe(1);
  });

  it("refuses a wrong signature with 400 and records and queues nothing", async () => {
    const { order, checkout } = await place();
    imitation.pay(checkout.orderId);
    const [sent] = eventsFor(checkout.orderId);
    const reply = await deliver(sent, "0".repeat(64));
    expect(reply.status).toBe(400);
    expect((reply.json as { code: string }).code).toBe("invalid_signature");
    // A signature over other bytes (the body re-serialised) is refused too.
    const tampered = await deliver({ ...sent, body: sent.body.replace(/"amount":\d+/, '"amount":100') });
    expect(tampered.status).toBe(400);
    expect(await db().paymentEvent.count({ where: { eventId: sent.id } })).toBe(0);
    expect(await jobsOf("payment_event", "eventId", sent.id)).toBe(0);
    expect(await stored(order.id)).toMatchObject({ status: "awaiting_payment", paymentStatus: "awaiting" });
  });

  it("the same event id twice: 200 both times, one job, nothing the second time", async () => {
    const { order, checkout } = await place();
    imitation.pay(checkout.orderId);
    const captured = eventsFor(checkout.orderId).find((e) => e.event === "payment.captured")!;
    expect((await deliver(captured)).status).toBe(200);
    expect((await deliver(captured)).status).toBe(200);
    expect(await jobsOf("payment_event", "eventId", captured.id)).toBe(1);
    expect(await runEventJobs([captured.id])).toEqual(["paid"]);
    expect(await mailsFor(order.id)).toBe(1);
  });

  it("webhook and the browser's /payment racing pay once and mail once", async () => {
    const { order, checkout } = await place();
    const { payment, signature } = imitation.pay(checkout.orderId);
    const events = eventsFor(checkout.orderId);
    for (const sent of events) await deliver(sent);
    const proof = { razorpay_payment_id: payment.id, razorpay_order_id: checkout.orderId, razorpay_signature: signature };
    const [browser, outcomes] = await Promise.all([
      call(paymentRoute as AnyHandler, "POST", `/api/orders/${order.id}/payment`, {
        headers: customer.headers,
        body: proof,
        params: { id: order.id },
      }),
      runEventJobs(events.map((e) => e.id)),
    ]);
    expect(browser.status).toBe(200);
    expect(outcomes.every((o) => o === "paid" || o === "already_paid")).toBe(true);
    expect(await stored(order.id)).toMatchObject({ status: "pending", paymentStatus: "paid" });
    const history = await db().orderStatusChange.count({ where: { orderId: order.id, status: "pending" } });
    expect(history).toBe(1);
    expect(await mailsFor(order.id)).toBe(1);
  });

  it("events out of order: a failure delivered after the capture changes nothing", async () => {
    const { order, checkout } = await place();
    imitation.pay(checkout.orderId, { outcome: "failed" });
    imitation.pay(checkout.orderId);
    const events = eventsFor(checkout.orderId);
    const failed = events.filter((e) => e.event === "payment.failed");
    expect(failed.length).toBeGreaterThan(0);
    const rest = events.filter((e) => e.event !== "payment.failed");
    // The capture first, the earlier failure last.
    for (const sent of [...rest, ...failed]) expect((await deliver(sent)).status).toBe(200);
    await runEventJobs(rest.map((e) => e.id));
    expect(await runEventJobs(failed.map((e) => e.id))).toEqual(failed.map(() => "ignored"));
    expect(await stored(order.id)).toMatchObject({ status: "pending", paymentStatus: "paid" });
    expect(await mailsFor(order.id)).toBe(1);
  });

  it("payment.failed alone: payment failed, the order keeps waiting", async () => {
    const { order, checkout } = await place();
    imitation.pay(checkout.orderId, { outcome: "failed" });
    const failed = eventsFor(checkout.orderId).filter((e) => e.event === "payment.failed");
    for (const sent of failed) await deliver(sent);
    expect(await runEventJobs(failed.map((e) => e.id))).toContain("failed");
    expect(await stored(order.id)).toMatchObject({ status: "awaiting_payment", paymentStatus: "failed" });
    expect(await mailsFor(order.id)).toBe(0);
  });
});

describe("the 15-minute expiry of an unpaid order", () => {
  it("is queued with the order, run_at 15 minutes after it was placed", async () => {
    const { order } = await place();
    const [job] = await db().$queryRaw<{ runAt: Date }[]>`SELECT j.run_at AS "runAt" FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'expire_unpaid_order' AND j.payload->>'orderId' = ${order.id}`;
    const { createdAt } = await db().order.findUniqueOrThrow({ where: { id: order.id }, select: { createdAt: true } });
    expect(job.runAt.getTime() - createdAt.getTime()).toBe(PAYMENT_WINDOW_MS);
  });

  it("cancels an order still awaiting payment after 15 minutes, by system; not before", async () => {
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

  it("leaves a paid order alone", async () => {
    const { order, checkout } = await place();
    imitation.pay(checkout.orderId);
    const events = eventsFor(checkout.orderId);
    for (const sent of events) await deliver(sent);
    await runEventJobs(events.map((e) => e.id));
    expect(await expireUnpaidOrder(order.id, new Date(Date.now() + PAYMENT_WINDOW_MS))).toBe(false);
    expect(await stored(order.id)).toMatchObject({ status: "pending", paymentStatus: "paid" });
  });
});
