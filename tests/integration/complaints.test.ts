import "@/tests/support/async-local-storage";
import { describe, expect } from "vitest";
import { test as it } from "./fixtures";
import { db } from "@/lib/db";
import { GET as listRoute, POST as createRoute } from "@/app/api/complaints/route";
import { PATCH as resolveRoute } from "@/app/api/complaints/[id]/route";
import { call, type Caller } from "@/tests/support/api";
import { waitForMail, type CapturedMail } from "@/tests/support/mail-capture";
import { raceBehindLock } from "@/tests/support/race";
import { storedComplaint } from "@/tests/support/complaints";
import { writesNothing } from "./watch-writes";
import { indiaWallClock } from "@/lib/time";
import { orderNumber } from "@/lib/orders/status";

// Complaints (product.md §11; Consumer Protection (E-Commerce) Rules 2020, r.4(5)) through the
// route handlers on real PostgreSQL: a ticket FB-C-<n> numbered without gaps however many arrive
// at once, the acknowledgement mailed at once through the real mail path, due in 30 days, only
// one's own tickets and orders, admins resolve with a resolution that is mailed too.

type Receipt = { id: string; number: string; status: string; acknowledgedAt: string; resolveBy: string };
type Ticket = Receipt & { orderId: string | null; category: string; description: string; overdue: boolean; resolution: string | null };
type Refusal = { error: string; field?: string };

const DESCRIPTION = "Two of the three bowls came without the dressing we chose.";

const complain = (caller: Caller | undefined, body: unknown) => call(createRoute, "POST", "/api/complaints", { caller, body });
const list = async (caller: Caller, query = "") => {
  const reply = await call(listRoute, "GET", `/api/complaints${query}`, { caller });
  expect(reply.status, reply.text).toBe(200);
  return reply.json as Ticket[];
};
const resolve = (caller: Caller | undefined, id: string, body: unknown) =>
  call(resolveRoute, "PATCH", `/api/complaints/${id}`, { caller, body, params: { id } });
const serial = (number: string) => Number(/^FB-C-(\d+)$/.exec(number)?.[1]);
const DAY = 24 * 60 * 60_000;

describe("POST /api/complaints", () => {
  it("a ticket FB-C-<n>, open, acknowledged now and due 30 days later by India's calendar; the mail names it at once", async ({
    customer,
    mailbox,
    shop,
    item,
  }) => {
    const order = await shop.order(customer.id, item);
    const before = Date.now();
    const reply = await complain(customer, { orderId: order, category: "missing_item", description: `  ${DESCRIPTION}\r\nPlease help.  ` });
    expect(reply.status, reply.text).toBe(201);
    const ticket = reply.json as Receipt;
    expect(Object.keys(ticket).sort()).toEqual(["acknowledgedAt", "id", "number", "resolveBy", "status"]);
    expect(ticket.number).toMatch(/^FB-C-\d+$/);
    expect(ticket.status).toBe("open");
    const acknowledged = Date.parse(ticket.acknowledgedAt);
    expect(acknowledged).toBeGreaterThanOrEqual(before - 1000);
    expect(acknowledged).toBeLessThanOrEqual(Date.now());
    const due = new Date(ticket.resolveBy);
    expect(due.getTime() - acknowledged).toBeLessThanOrEqual(30 * DAY);
    expect(due.getTime() - acknowledged).toBeGreaterThan(30 * DAY - 60_000);
    const ackDay = indiaWallClock(new Date(acknowledged)).dateKey;
    const dueDay = indiaWallClock(due).dateKey;
    expect((Date.parse(dueDay) - Date.parse(ackDay)) / DAY).toBe(30);

    const mail = await waitForMail(mailbox, (m: CapturedMail) => m.to.includes(customer.email) && m.subject.includes(ticket.number));
    expect(mail.subject).toBe(`We have your complaint ${ticket.number} (Fresh Bowl)`);
    expect(mail.text).toContain(`Your ticket number is ${ticket.number}`);
    expect(mail.text).toContain(`about order #${orderNumber(order)}`);
    expect(mail.text).toContain("Please help.");

    // The customer reads it back, with the order it is about and what they wrote (trimmed).
    const [mine] = (await list(customer)).filter((t) => t.id === ticket.id);
    expect(mine).toMatchObject({ number: ticket.number, orderId: order, category: "missing_item", status: "open", overdue: false });
    expect(mine.description).toBe(`${DESCRIPTION}\nPlease help.`);
  });

  it("takes a complaint about no order; any script", async ({ customer }) => {
    const reply = await complain(customer, { category: "other", description: "ಊಟ ತುಂಬಾ ತಣ್ಣಗಿತ್ತು, and the rider was rude." });
    expect(reply.status, reply.text).toBe(201);
    expect((await list(customer)).find((t) => t.id === (reply.json as Receipt).id)?.orderId).toBeNull();
  });

  it("numbers several complaints made at once consecutively, each once", async ({ newCaller }) => {
    const callers = await Promise.all([1, 2, 3, 4].map(() => newCaller()));
    const replies = await raceBehindLock("LOCK TABLE complaints IN EXCLUSIVE MODE", callers.length, () =>
      Promise.all(callers.map((c) => complain(c, { category: "late", description: "It came an hour after the promise." }))),
    );
    for (const r of replies) expect(r.status, r.text).toBe(201);
    const numbers = replies.map((r) => serial((r.json as Receipt).number)).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(4);
    expect(numbers.at(-1)! - numbers[0]).toBe(3);
  });

  it.for<[string, unknown, string]>([
    ["an unknown category", { category: "cold", description: DESCRIPTION }, "category"],
    ["no category", { description: DESCRIPTION }, "category"],
    ["a description under 10 characters", { category: "quality", description: "  bad!    " }, "description"],
    ["a description over 2000 characters", { category: "quality", description: "a".repeat(2001) }, "description"],
    ["a description with a control character", { category: "quality", description: `${DESCRIPTION}\u0007` }, "description"],
    ["a description that is not text", { category: "quality", description: 12345678901 }, "description"],
    ["an orderId that is not text", { orderId: 42, category: "quality", description: DESCRIPTION }, "orderId"],
  ])("%s: 400 naming the field, nothing written", async ([, body, field], { customer }) => {
    const reply = await writesNothing(() => complain(customer, body));
    expect(reply.status, reply.text).toBe(400);
    expect((reply.json as Refusal).field).toBe(field);
  });

  it("someone else's order, or none by that id: 404 as orders answer, nothing written", async ({ customer, vikram, shop, item }) => {
    const theirs = await shop.order(vikram.id, item);
    for (const orderId of [theirs, "c0000000000000000000000000", "not an id!"]) {
      const reply = await writesNothing(() => complain(customer, { orderId, category: "wrong_item", description: DESCRIPTION }));
      expect(reply.status, reply.text).toBe(404);
      expect((reply.json as Refusal).error).toBe("Order not found.");
    }
  });

  it("signed out: 401", async () => {
    expect((await complain(undefined, { category: "other", description: DESCRIPTION })).status).toBe(401);
  });

  it("at most 5 an hour per account, then 429 with Retry-After: complaints cannot flood the mail", async ({ customer }) => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i += 1) {
      last = await complain(customer, { category: "other", description: `${DESCRIPTION} (${i})` });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await db().complaint.count({ where: { userId: customer.id } })).toBe(5);
  });
});

describe("GET /api/complaints", () => {
  it("a customer sees only their own; an admin sees everyone's", async ({ customer, vikram, admin }) => {
    const mine = (await complain(customer, { category: "quality", description: DESCRIPTION })).json as Receipt;
    const theirs = (await complain(vikram, { category: "payment", description: "I was charged twice for one order." })).json as Receipt;
    const ids = (tickets: Ticket[]) => tickets.map((t) => t.id);
    expect(ids(await list(customer))).toContain(mine.id);
    expect(ids(await list(customer))).not.toContain(theirs.id);
    expect(ids(await list(admin))).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(ids(await list(admin, "?status=resolved"))).not.toContain(mine.id);
    const refused = await call(listRoute, "GET", "/api/complaints?status=closed", { caller: admin });
    expect(refused.status).toBe(400);
  });

  it("marks an open ticket past its due time as overdue", async ({ customer }) => {
    const old = await storedComplaint(customer.id, {
      acknowledgedAt: new Date(Date.now() - 31 * DAY),
      resolveBy: new Date(Date.now() - DAY),
    });
    expect((await list(customer)).find((t) => t.id === old.id)?.overdue).toBe(true);
  });
});

describe("PATCH /api/complaints/{id}", () => {
  it("an admin resolves with a resolution; the customer is mailed it; a second resolve is 409", async ({ customer, admin, mailbox }) => {
    const ticket = (await complain(customer, { category: "wrong_item", description: DESCRIPTION })).json as Receipt;
    const resolution = "We refunded ₹199 for the wrong bowl and spoke to the kitchen.";
    const reply = await resolve(admin, ticket.id, { status: "resolved", resolution });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json).toMatchObject({ id: ticket.id, number: ticket.number, status: "resolved", resolution, overdue: false });

    const mail = await waitForMail(mailbox, (m) => m.to.includes(customer.email) && m.subject.includes(`${ticket.number} is resolved`));
    expect(mail.subject).toBe(`Your complaint ${ticket.number} is resolved (Fresh Bowl)`);
    expect(mail.text).toContain(resolution);

    const again = await resolve(admin, ticket.id, { status: "resolved", resolution: "Again" });
    expect(again.status).toBe(409);
  });

  it("a resolution is required, status only resolved; customers cannot resolve; an unknown ticket is 404; nothing written", async ({
    customer,
    admin,
  }) => {
    const ticket = await storedComplaint(customer.id);
    const cases: [Caller, unknown, number, string?][] = [
      [admin, { status: "resolved" }, 400, "resolution"],
      [admin, { status: "resolved", resolution: "   " }, 400, "resolution"],
      [admin, { status: "open", resolution: "Done" }, 400, "status"],
      [customer, { status: "resolved", resolution: "Done myself" }, 403],
    ];
    for (const [caller, body, status, field] of cases) {
      const reply = await writesNothing(() => resolve(caller, ticket.id, body));
      expect(reply.status, reply.text).toBe(status);
      if (field) expect((reply.json as Refusal).field).toBe(field);
    }
    expect((await resolve(admin, "c0000000000000000000000000", { status: "resolved", resolution: "Done" })).status).toBe(404);
    expect((await db().complaint.findUniqueOrThrow({ where: { id: ticket.id } })).status).toBe("open");
  });
});
