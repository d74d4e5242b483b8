import { randomBytes } from "node:crypto";
import { Client, Pool } from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { mailbox, pauseMailWorker, resumeMailWorker } from "./setup";
import { linkIn, waitForMail, type CapturedMail } from "@/tests/support/mail-capture";
import { waitFor } from "@/tests/support/wait";
import { randomIp } from "@/tests/support/api";
import { db } from "@/lib/db";
import { hashToken } from "@/lib/auth/tokens";
import { forgotPassword, register } from "@/lib/auth/accounts";
import { placeOrder } from "@/lib/flows/place-order";
import { orderForMail } from "@/lib/email/order-for-mail";
import { placeOrderInputSchema } from "@/lib/flows/place-order-input";
import { queueMail, orderConfirmationJobSql } from "@/lib/jobs/mail";
import { linkContext, linkMailJob } from "@/lib/auth/link-mail";
import { open, seal } from "@/lib/auth/seal";
import { paceRetries } from "@/lib/jobs/retry-pace";
import { storedOrder } from "@/tests/support/stored-order";

// Mail leaves the request path through graphile-worker's queue in PostgreSQL (product.md §5):
// queued in the same transaction as its cause, sent by the worker, retried when the provider
// fails. Where a test must see the queue before the worker empties it, it pauses the worker.

const PASSWORD = "crunchy-greens-42";

const uniqueEmail = (prefix = "queue") => `${prefix}.${randomBytes(5).toString("hex")}@example.com`;
const mailTo = (email: string) => (m: CapturedMail) => m.to.includes(email);

type JobRow = { id: string; payload: Record<string, unknown>; payload_text: string; attempts: number; max_attempts: number; task: string };

/** Queued mail jobs whose payload has `field` = `value` (graphile-worker's public view omits payloads). */
async function jobsWhere(field: "userId" | "orderId", value: string): Promise<JobRow[]> {
  return db().$queryRaw<JobRow[]>`
    SELECT j.id::text, j.payload, j.payload::text AS payload_text, j.attempts, j.max_attempts, t.identifier AS task
    FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE j.payload->>${field} = ${value}`;
}

afterEach(async () => {
  // A test that paused the worker and failed must not leave the next one without it.
  await resumeMailWorker();
});

describe("mail is queued in the transaction that causes it", () => {
  it("register leaves a job with a sealed link, and the worker sends it", async () => {
    const email = uniqueEmail();
    await pauseMailWorker();
    expect(await register({ name: "Asha Rao", email, password: PASSWORD }, randomIp())).toEqual({ message: expect.any(String) });
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    const [job, ...more] = await jobsWhere("userId", user.id);
    expect(more).toHaveLength(0);
    expect(job).toMatchObject({
      task: "send_mail",
      attempts: 0,
      max_attempts: 25,
      payload: { mail: "confirm-email", userId: user.id },
    });
    // Neither the address nor the link is in the queue in clear.
    expect(job.payload_text).not.toContain(email);
    expect(job.payload_text).not.toContain("/confirm/");

    await resumeMailWorker();
    const mail = await waitForMail(mailbox, mailTo(email));
    const token = linkIn(mail, "/confirm/").split("/confirm/")[1];
    expect(job.payload_text).not.toContain(token);
    // The mailed token is the one whose hash was stored.
    expect(await db().oneTimeToken.count({ where: { userId: user.id, tokenHash: hashToken(token) } })).toBe(1);
    await waitFor(async () => (await jobsWhere("userId", user.id)).length === 0, { what: "the sent job to leave the queue" });
  });

  it("queues no mail when the registration rolls back", async () => {
    const email = uniqueEmail("rollback");
    // Fails the registration at COMMIT, after the user, the token and the mail job were written,
    // and names the user id it rolled back so the test can look for its job.
    await db().$executeRawUnsafe(`CREATE FUNCTION test_fail_registration() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'registration rolled back on purpose for user [%]', NEW.id; END $$`);
    await db().$executeRawUnsafe(`CREATE CONSTRAINT TRIGGER test_fail_registration AFTER INSERT ON users DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (NEW.email LIKE 'rollback.%') EXECUTE FUNCTION test_fail_registration()`);
    await pauseMailWorker();
    let error: unknown;
    try {
      await register({ name: "Roll Back", email, password: PASSWORD }, randomIp());
    } catch (e) {
      error = e;
    } finally {
      await db().$executeRawUnsafe(`DROP TRIGGER test_fail_registration ON users`);
      await db().$executeRawUnsafe(`DROP FUNCTION test_fail_registration()`);
    }
    const userId = String(error).match(/rolled back on purpose for user \[([^\]]+)\]/)?.[1];
    expect(userId, `register should fail at commit, got: ${String(error)}`).toBeTruthy();
    expect(await db().user.count({ where: { email } })).toBe(0);
    expect(await db().oneTimeToken.count({ where: { userId } })).toBe(0);
    // The worker is paused, so a job written outside the transaction would still be here.
    expect(await jobsWhere("userId", userId!)).toHaveLength(0);
  });

  it("a job queued in a hand-written statement rolls back with it (orderConfirmationJobSql)", async () => {
    const user = await db().user.create({ data: { name: "Frag Ment", email: uniqueEmail("fragment") } });
    const order = await db().order.create({
      data: {
        ...storedOrder(user.id, { name: "Test bowl", portion: "small", unitPrice: 100, quantity: 1 }, "Frag"),
        paymentMethod: "cash_on_delivery",
      },
    });
    await pauseMailWorker();
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query("BEGIN");
      const { rows } = await client.query(`SELECT id, ${orderConfirmationJobSql("id")} AS job_id FROM orders WHERE id = $1`, [order.id]);
      expect(rows[0].job_id).toMatch(/^\d+$/);
      expect(await jobsWhere("orderId", order.id)).toHaveLength(0); // not committed yet
      await client.query("ROLLBACK");
    } finally {
      await client.end();
    }
    expect(await jobsWhere("orderId", order.id)).toHaveLength(0);
  });
});

describe("the worker sends queued mail", () => {
  it("sends the order confirmation after placeOrder", async () => {
    const tag = randomBytes(3).toString("hex");
    const category = await db().category.create({ data: { slug: `mail-queue-${tag}`, name: `Mail queue ${tag}`, position: 98 } });
    try {
      const item = await db().menuItem.create({
        data: { slug: `mail-bowl-${tag}`, name: "Mail Bowl", categoryId: category.id, priceSmall: 149, priceMedium: 189, priceLarge: 229 },
      });
      const email = uniqueEmail("order");
      const user = await db().user.create({ data: { name: "Order Mail", email, emailConfirmedAt: new Date() } });
      const input = placeOrderInputSchema.parse({
        items: [{ menuItemId: item.id, portion: "small", quantity: 1 }],
        address: { name: "Zoë", phone: "9876543210", street: "1 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" },
        paymentMethod: "UPI",
      });
      const { order, created } = await placeOrder({ id: user.id, name: user.name, email, role: "user" }, input, { ip: randomIp() });
      expect(created).toBe(true);
      const mail = await waitForMail(mailbox, mailTo(email));
      expect(mail.subject).toMatch(/order/i);
      expect(mail.text).toContain("Mail Bowl");
      expect(mail.text).toContain(`/orders/${order.id}`);
      // The mail's own read of the order sees what the reply showed, and the code the customer gives the rider (product.md §12).
      expect(await orderForMail(order.id)).toEqual({ ...order, handoverCode: expect.stringMatching(/^\d{4}$/) });
      expect(await orderForMail("c0000000000000000000none")).toBeNull();
    } finally {
      await db().menuItem.deleteMany({ where: { categoryId: category.id } });
      await db().category.delete({ where: { id: category.id } });
    }
  });

  it("sends the order confirmation queued by a hand-written statement (orderConfirmationJobSql)", async () => {
    const email = uniqueEmail("cte");
    const user = await db().user.create({ data: { name: "Cte Customer", email, emailConfirmedAt: new Date() } });
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    let orderId: string;
    try {
      // The shape the one-statement order will have: insert, then queue the mail from the new row.
      const { rows } = await client.query(
        `WITH o AS (
           INSERT INTO orders (id, user_id, payment_method, subtotal, delivery_fee, total, address_name, address_phone,
                               address_street, address_city, address_state, address_zip, updated_at, slot_start, slot_end, promised_by)
           VALUES ($1, $2, 'upi', 219, 40, 259, 'Cte', '9876543210', '1 MG Road', 'Bengaluru', 'Karnataka', '560001', now(),
                   now(), now() + interval '30 minutes', now() + interval '30 minutes')
           RETURNING id
         ), mail AS (SELECT ${orderConfirmationJobSql("o.id")} AS job_id FROM o)
         SELECT o.id, (SELECT job_id FROM mail) AS mail_job_id FROM o`,
        [`cte${randomBytes(8).toString("hex")}`, user.id],
      );
      orderId = rows[0].id;
      expect(rows[0].mail_job_id).toMatch(/^\d+$/);
    } finally {
      await client.end();
    }
    const mail = await waitForMail(mailbox, mailTo(email));
    expect(mail.text).toContain(`/orders/${orderId}`);
  });

  it("retries a mail the provider refused, while the request answered at once", async () => {
    const email = uniqueEmail("outage");
    mailbox.refuseNext(mailTo(email));
    const started = Date.now();
    await register({ name: "Patient Customer", email, password: PASSWORD }, randomIp());
    const answeredIn = Date.now() - started;
    const mail = await waitForMail(mailbox, mailTo(email), { timeout: 20_000 });
    const [refused] = mailbox.refused.filter(mailTo(email));
    expect(refused).toBeDefined();
    // graphile-worker waits e^1 ≈ 2.7 s after a first failure: the reply did not wait for that.
    expect(mail.receivedAt - refused.receivedAt).toBeGreaterThan(2_000);
    expect(answeredIn).toBeLessThan(mail.receivedAt - started);
    // Both tries were the same job, so Resend could drop a duplicate.
    expect(refused.idempotencyKey).toMatch(/^fresh-bowl-mail\//);
    expect(mail.idempotencyKey).toBe(refused.idempotencyKey);
    expect(linkIn(mail, "/confirm/")).toBe(linkIn(refused, "/confirm/"));
  });

  it("drops a job whose link cannot be opened instead of retrying it for days", async () => {
    const email = uniqueEmail("tampered");
    const user = await db().user.create({ data: { name: "Tampered", email } });
    const job = linkMailJob("reset-password", user.id, "http://localhost:3000/reset-password/x");
    const [v, iv, body] = job.link.split(".");
    const tampered = { ...job, link: [v, iv, body, Buffer.alloc(16).toString("base64url")].join(".") };
    await db().$transaction((tx) => queueMail(tx, tampered));
    await waitFor(async () => (await jobsWhere("userId", user.id)).length === 0, { what: "the job to be dropped" });
    expect(mailbox.mails.filter(mailTo(email))).toHaveLength(0);
  });

  it("skips a confirmation mail for an account confirmed meanwhile", async () => {
    const email = uniqueEmail("confirmed");
    await pauseMailWorker();
    await register({ name: "Quick Clicker", email, password: PASSWORD }, randomIp());
    const user = await db().user.update({ where: { email }, data: { emailConfirmedAt: new Date() } });
    // A reset mail queued after it still goes out, so the confirmation was skipped, not delayed.
    await forgotPassword(email, randomIp());
    await resumeMailWorker();
    const mail = await waitForMail(mailbox, mailTo(email));
    expect(mail.text).toContain("/reset-password/");
    await waitFor(async () => (await jobsWhere("userId", user.id)).length === 0, { what: "both jobs to leave the queue" });
    expect(mailbox.mails.filter(mailTo(email))).toHaveLength(1);
  });
});

describe("sealed links", () => {
  it("open only with the same context and secret", () => {
    const sealed = seal("http://localhost:3000/confirm/abc", linkContext("confirm-email", "u1"));
    expect(open(sealed, linkContext("confirm-email", "u1"))).toBe("http://localhost:3000/confirm/abc");
    expect(open(sealed, linkContext("confirm-email", "u2"))).toBeNull();
    expect(open(sealed, linkContext("reset-password", "u1"))).toBeNull();
    expect(open("v1.garbage", linkContext("confirm-email", "u1"))).toBeNull();
    // Random IVs: the same link never seals the same way twice.
    expect(seal("same", "ctx")).not.toBe(seal("same", "ctx"));
  });
});

describe("retry pace (product.md §5: at least once a minute for the first ten minutes)", () => {
  it("brings forward young failed mails and leaves older ones to the backoff", async () => {
    await pauseMailWorker();
    const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    const ids = {
      young: `pace-young-${randomBytes(4).toString("hex")}`,
      old: `pace-old-${randomBytes(4).toString("hex")}`,
      fresh: `pace-fresh-${randomBytes(4).toString("hex")}`,
    };
    try {
      for (const orderId of Object.values(ids)) await queueMail(db(), { mail: "order-confirmation", orderId });
      const jobId = async (orderId: string) => (await jobsWhere("orderId", orderId))[0].id;
      const [young, old, fresh] = [await jobId(ids.young), await jobId(ids.old), await jobId(ids.fresh)];
      // As graphile-worker leaves them after a sixth failure: next try in e^6 s ≈ 7 minutes.
      await pool.query(`SELECT graphile_worker.reschedule_jobs($1::bigint[], run_at => now() + interval '403 seconds', attempts => 6)`, [
        [young, old],
      ]);
      await pool.query(`UPDATE graphile_worker._private_jobs SET created_at = now() - interval '11 minutes' WHERE id = $1`, [old]);

      expect(await paceRetries(pool)).toBeGreaterThanOrEqual(1);
      const { rows } = await pool.query<{ id: string; wait: number }>(
        `SELECT id::text, extract(epoch FROM run_at - now())::float AS wait FROM graphile_worker.jobs WHERE id = ANY($1::bigint[])`,
        [[young, old, fresh]],
      );
      const wait = Object.fromEntries(rows.map((r) => [r.id, r.wait]));
      expect(wait[young]).toBeLessThanOrEqual(41);
      expect(wait[old]).toBeGreaterThan(300);
      expect(wait[fresh]).toBeLessThanOrEqual(0); // never failed: untouched, due now
      await pool.query(`SELECT graphile_worker.complete_jobs($1::bigint[])`, [[young, old, fresh]]);
    } finally {
      await pool.end();
    }
  });
});
