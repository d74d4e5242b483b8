import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mailbox, pauseMailWorker, resumeMailWorker } from "./setup";
import { waitForMail, type CapturedMail } from "@/tests/support/mail-capture";
import { waitFor } from "@/tests/support/wait";
import { storedOrder } from "@/tests/support/stored-order";
import { db } from "@/lib/db";
import { queueMail, orderStatusMailJob } from "@/lib/jobs/mail";
import { orderNumber, ORDER_STATUSES, type OrderStatus } from "@/lib/orders/status";
import type { SessionUser } from "@/lib/auth/session";
import { updateOrderStatus } from "@/lib/flows/update-order-status";
import { deleteOrders } from "@/tests/support/delete-orders";

// The customer's mails as their order moves on (product.md §7): out for delivery, delivered and
// cancelled, each one job in the mail queue, sent by the worker through the real Resend SDK to
// the capture server.

let customer: SessionUser;
let admin: SessionUser;

type Job = { payload: { mail: string; orderId: string; status?: string; by?: string } };

/** The status mails queued for `orderId` and not sent yet, oldest first (graphile-worker's public view omits payloads). */
const statusJobs = (orderId: string) =>
  db().$queryRaw<Job[]>`
    SELECT j.payload FROM graphile_worker._private_jobs j
    WHERE j.payload->>'orderId' = ${orderId} AND j.payload->>'mail' = 'order-status' ORDER BY j.id`;

const queueEmptied = (id: string) =>
  waitFor(async () => (await statusJobs(id)).length === 0, { what: "the order's mail jobs to leave the queue" });
const subjectOf = (id: string, words: string) => `Your Fresh Bowl order #${orderNumber(id)} is ${words}`;
const toCustomer = (m: CapturedMail) => m.to.includes(customer.email);
const mailsAbout = (id: string) => mailbox.mails.filter((m) => toCustomer(m) && m.subject.includes(`#${orderNumber(id)}`));

async function newOrder(status: OrderStatus = "pending", paymentMethod: "upi" | "cash_on_delivery" = "upi") {
  const { id } = await db().order.create({
    data: {
      ...storedOrder(customer.id, { name: "Mango Quinoa Bowl", portion: "medium", unitPrice: 219, quantity: 2 }),
      status,
      paymentMethod,
    },
  });
  return id;
}

beforeAll(async () => {
  const email = `status.${randomBytes(5).toString("hex")}@example.com`;
  const user = await db().user.create({ data: { name: "Asha Rao", email, emailConfirmedAt: new Date() } });
  customer = { id: user.id, name: user.name, email, role: "user" };
  const adminEmail = `status.admin.${randomBytes(5).toString("hex")}@example.com`;
  const adminUser = await db().user.create({ data: { name: "Kitchen", email: adminEmail, role: "admin", emailConfirmedAt: new Date() } });
  admin = { id: adminUser.id, name: adminUser.name, email: adminEmail, role: "admin" };
});

afterEach(async () => {
  // A test that paused the worker and failed must not leave the next one without it.
  await resumeMailWorker();
});

afterAll(async () => {
  await deleteOrders({ userId: customer.id });
  await db().user.deleteMany({ where: { id: { in: [customer.id, admin.id] } } });
});

describe("the status mail job", () => {
  it("exists for out for delivery, delivered and cancelled only", () => {
    const at = new Date("2026-11-23T10:20:00.000Z");
    const mailed = ORDER_STATUSES.filter((status) => orderStatusMailJob("o1", status, "admin", at));
    expect(mailed).toEqual(["out_for_delivery", "delivered", "cancelled"]);
    expect(orderStatusMailJob("o1", "cancelled", "customer", at)).toEqual({
      mail: "order-status",
      orderId: "o1",
      status: "cancelled",
      by: "customer",
      at: "2026-11-23T10:20:00.000Z",
    });
  });

  it("is sent by the worker to the order's customer, with the status in the subject and the order in the mail", async () => {
    const id = await newOrder("out_for_delivery", "cash_on_delivery");
    await queueMail(db(), orderStatusMailJob(id, "out_for_delivery", "admin", new Date())!);
    const mail = await waitForMail(mailbox, (m) => toCustomer(m) && m.subject === subjectOf(id, "out for delivery"));
    expect(mail.text).toContain("please have ₹478 ready"); // cash on delivery: 2 × ₹219 + ₹40
    expect(mail.text).toContain("2 × Mango Quinoa Bowl (Medium 350g)");
    expect(mail.text).toContain(`/orders/${id}`);
    expect(mail.html).toContain("Mango Quinoa Bowl");
    await queueEmptied(id);
    expect(mailsAbout(id)).toHaveLength(1);
  });

  it("does not send 'out for delivery' once the order is delivered: a late mail would only confuse", async () => {
    const id = await newOrder("delivered");
    await pauseMailWorker();
    await queueMail(db(), orderStatusMailJob(id, "out_for_delivery", "admin", new Date())!);
    await queueMail(db(), orderStatusMailJob(id, "delivered", "admin", new Date())!);
    await resumeMailWorker();
    await waitForMail(mailbox, (m) => toCustomer(m) && m.subject === subjectOf(id, "delivered"));
    await queueEmptied(id);
    expect(mailsAbout(id).map((m) => m.subject)).toEqual([subjectOf(id, "delivered")]);
  });
});

describe("moving an order queues its mail in the same statement", () => {
  /** The statuses of the status mails queued for `id` while the worker is paused. */
  const queued = async (id: string) => (await statusJobs(id)).map((j) => j.payload.status);

  it("queues exactly one mail for out for delivery, delivered and a cancellation, none for the kitchen's own steps", async () => {
    const id = await newOrder();
    await pauseMailWorker();
    await updateOrderStatus(admin, id, "confirmed");
    await updateOrderStatus(admin, id, "preparing");
    expect(await queued(id)).toEqual([]);
    await updateOrderStatus(admin, id, "out_for_delivery");
    expect(await queued(id)).toEqual(["out_for_delivery"]);
    await updateOrderStatus(admin, id, "delivered");
    expect(await queued(id)).toEqual(["out_for_delivery", "delivered"]);

    const cancelled = await newOrder();
    await updateOrderStatus(customer, cancelled, "cancelled");
    expect((await statusJobs(cancelled)).map((j) => j.payload)).toEqual([expect.objectContaining({ status: "cancelled", by: "customer" })]);

    await resumeMailWorker();
    await waitForMail(mailbox, (m) => toCustomer(m) && m.subject === subjectOf(id, "delivered"));
    await waitForMail(mailbox, (m) => toCustomer(m) && m.subject === subjectOf(cancelled, "cancelled"));
    await queueEmptied(id);
    // 'out for delivery' was moot by the time the worker saw it (the order was delivered).
    expect(mailsAbout(id).map((m) => m.subject)).toEqual([subjectOf(id, "delivered")]);
  });

  it("queues nothing for a refused move or for the loser of two admins clicking at once", async () => {
    const id = await newOrder("preparing");
    await pauseMailWorker();
    await expect(updateOrderStatus(customer, id, "cancelled")).rejects.toThrow();
    await expect(updateOrderStatus(admin, id, "delivered")).rejects.toThrow();
    expect(await queued(id)).toEqual([]);

    const results = await Promise.allSettled([
      updateOrderStatus(admin, id, "out_for_delivery"),
      updateOrderStatus(admin, id, "out_for_delivery"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await queued(id)).toEqual(["out_for_delivery"]);
  });
});
