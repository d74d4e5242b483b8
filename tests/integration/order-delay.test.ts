import { describe, expect } from "vitest";
import { test } from "./fixtures";
import { mailbox, pauseMailWorker, resumeMailWorker } from "./setup";
import { call, type Caller } from "@/tests/support/api";
import { waitForMail } from "@/tests/support/mail-capture";
import { waitFor } from "@/tests/support/wait";
import { db } from "@/lib/db";
import { PATCH } from "@/app/api/orders/[id]/route";
import { reachedAt } from "@/lib/orders/history";
import { orderNumber, type OrderStatus } from "@/lib/orders/status";
import type { ApiOrderWithHistory } from "@/lib/orders/types";
import { formatIndiaTime } from "@/lib/time";

// Running late (product.md §9): an admin's PATCH /api/orders/{id} {delayMinutes}, through the real
// handler against real PostgreSQL: who may, for which orders, what is written (the promise, a
// history step with a note, the customer's mail in the same transaction) and who hears of it at
// once (the orders table's trigger, through the live stream).

const patchAs = (caller: Caller | undefined, id: string, body: unknown) =>
  call(PATCH, "PATCH", `/api/orders/${id}`, { caller, params: { id }, body });
const it = test
  /** PATCH /api/orders/{id} as the file's admin. */
  .extend(
    "patch",
    ({ admin }) =>
      (id: string, body: unknown) =>
        patchAs(admin, id, body),
  )
  /** An order of the test's customer, Asha, with one bowl of the file's item, moved straight to `status`. */
  .extend("orderIn", ({ shop, customer, item }) => async (status: OrderStatus): Promise<string> => {
    const id = await shop.order(customer.id, item);
    if (status !== "pending") await db().order.update({ where: { id }, data: { status } });
    return id;
  });

it.afterEach(async () => {
  await resumeMailWorker();
});

/** What a delay may change: the promise, the history, and any mail queued about the order. */
async function stateOf(id: string) {
  const order = await db().order.findUniqueOrThrow({ where: { id }, select: { promisedBy: true, status: true, updatedAt: true } });
  const steps = await db().orderStatusChange.count({ where: { orderId: id } });
  return { ...order, steps, lateJobs: (await lateJobs(id)).length };
}

type Job = { payload: { mail: string; orderId: string; promisedBy: string } };
const lateJobs = (orderId: string) =>
  db().$queryRaw<Job[]>`
    SELECT j.payload FROM graphile_worker._private_jobs j
    WHERE j.payload->>'orderId' = ${orderId} AND j.payload->>'mail' = 'order-late' ORDER BY j.id`;

const SUBJECT = (id: string) => `Your Fresh Bowl order #${orderNumber(id)} is running late`;

describe("PATCH /api/orders/{id} {delayMinutes}", () => {
  it("refuses anything but a whole number of minutes from 5 to 120, naming delayMinutes, and changes nothing", async ({
    patch,
    orderIn,
  }) => {
    const id = await orderIn("confirmed");
    const before = await stateOf(id);
    for (const delayMinutes of [4, 121, 0, -15, 10.5, "15", null, true, [10], { minutes: 10 }]) {
      const reply = await patch(id, { delayMinutes });
      expect(reply.status, JSON.stringify(delayMinutes)).toBe(400);
      expect(reply.json, JSON.stringify(delayMinutes)).toMatchObject({
        field: "delayMinutes",
        error: expect.stringContaining("delayMinutes"),
      });
    }
    const both = await patch(id, { delayMinutes: 10, status: "preparing" });
    expect(both.status).toBe(400);
    expect(both.json).toMatchObject({ field: "delayMinutes" });
    expect(await stateOf(id)).toEqual(before);
  });

  it("is for admins only: the order's own customer gets 403, as does anyone else; signed out 401", async ({
    orderIn,
    customer: asha,
    vikram,
  }) => {
    const id = await orderIn("pending");
    const before = await stateOf(id);
    expect((await patchAs(asha, id, { delayMinutes: 15 })).status).toBe(403);
    expect((await patchAs(vikram, id, { delayMinutes: 15 })).status).toBe(403);
    expect((await patchAs(undefined, id, { delayMinutes: 15 })).status).toBe(401);
    expect(await stateOf(id)).toEqual(before);
  });

  it("refuses a delivered or cancelled order with 409 status_conflict, an unknown one with 404", async ({ patch, orderIn }) => {
    for (const status of ["delivered", "cancelled"] as const) {
      const id = await orderIn(status);
      const before = await stateOf(id);
      const reply = await patch(id, { delayMinutes: 10 });
      expect(reply.status, status).toBe(409);
      expect(reply.json).toMatchObject({ code: "status_conflict", status });
      expect(await stateOf(id)).toEqual(before);
    }
    expect((await patch("cnosuchorder0000000000000", { delayMinutes: 10 })).status).toBe(404);
    expect((await patch("not an id", { delayMinutes: 10 })).status).toBe(404);
  });

  it("still moves an order on by status alone, as before", async ({ patch, orderIn }) => {
    const id = await orderIn("pending");
    const reply = await patch(id, { status: "confirmed" });
    expect(reply.status).toBe(200);
    expect((reply.json as ApiOrderWithHistory).status).toBe("confirmed");
  });

  it("moves the promise later, records the step with its note, tells the customer's open page at once and mails them", async ({
    patch,
    orderIn,
    liveStream: stream,
    customer: asha,
  }) => {
    const id = await orderIn("pending");
    for (const status of ["confirmed", "preparing"]) expect((await patch(id, { status })).status).toBe(200);
    const log = await stream(asha);
    const before = await stateOf(id);
    await pauseMailWorker();

    const reply = await patch(id, { delayMinutes: 15 });
    expect(reply.status, reply.text).toBe(200);
    const order = reply.json as ApiOrderWithHistory;
    const promisedBy = new Date(before.promisedBy.getTime() + 15 * 60_000);
    expect(order.promisedBy).toBe(promisedBy.toISOString());
    expect(order.status).toBe("preparing");
    expect(Date.parse(order.updatedAt)).toBeGreaterThan(before.updatedAt.getTime());
    const step = order.history.at(-1)!;
    expect(step).toEqual({ status: "preparing", at: expect.any(String), by: "admin", note: "delayed 15 min" });
    // A step with a note is not a change of status: preparing began when it began.
    expect(reachedAt(order.history, "preparing")).toBe(order.history.at(-2)!.at);
    expect(order.history.at(-2)).not.toHaveProperty("note");

    // The customer's page hears of it (the same event a status change sends), without a status change.
    await waitFor(() => log.events.some((e) => e.type === "order" && e.id === id), { what: "the customer's stream to hear of the delay" });
    expect(log.events.filter((e) => e.type === "order" && e.id === id)).toEqual([{ type: "order", id, status: "preparing" }]);

    // The mail was queued with the delay, for the new promise.
    // With its row of the outbox (product.md §14), whose id the job carries.
    const [message] = await db().orderMessage.findMany({ where: { orderId: id, channel: "email", event: "delayed" } });
    expect((await lateJobs(id)).map((j) => j.payload)).toEqual([
      { mail: "order-late", orderId: id, promisedBy: promisedBy.toISOString(), messageId: message.id },
    ]);
    await resumeMailWorker();
    const mail = await waitForMail(mailbox, (m) => m.to.includes(asha.email) && m.subject === SUBJECT(id));
    expect(mail.text).toContain(`now arrives by ${formatIndiaTime(promisedBy)} (India time)`);
    expect(mail.text).toContain(`http://localhost:3000/orders/${id}`);
    expect(mail.html).toContain(formatIndiaTime(promisedBy));

    // The next status change keeps the note step in the history, and a delay on the way is one too.
    expect((await patch(id, { status: "out_for_delivery" })).status).toBe(200);
    const read = (await patch(id, { delayMinutes: 5 })).json as ApiOrderWithHistory;
    expect(read.history.map((h) => [h.status, h.note ?? null])).toEqual([
      ["pending", null],
      ["confirmed", null],
      ["preparing", null],
      ["preparing", "delayed 15 min"],
      ["out_for_delivery", null],
      ["out_for_delivery", "delayed 5 min"],
    ]);
    expect(read.promisedBy).toBe(new Date(promisedBy.getTime() + 5 * 60_000).toISOString());
  });

  it("two admins delaying at once both count; the customer gets one mail, with the latest time", async ({ patch, orderIn }) => {
    const id = await orderIn("pending");
    const before = await stateOf(id);
    await pauseMailWorker();
    const replies = await Promise.all([patch(id, { delayMinutes: 10 }), patch(id, { delayMinutes: 20 })]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    const latest = new Date(before.promisedBy.getTime() + 30 * 60_000);
    expect((await stateOf(id)).promisedBy).toEqual(latest);
    expect((await lateJobs(id)).length).toBe(2);

    await resumeMailWorker();
    await waitFor(async () => (await lateJobs(id)).length === 0, { what: "both mail jobs to leave the queue" });
    const mails = mailbox.mails.filter((m) => m.subject === SUBJECT(id));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`now arrives by ${formatIndiaTime(latest)} (India time)`);
  });
});
