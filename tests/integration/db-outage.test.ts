import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { randomBytes } from "node:crypto";
import { db, disconnectDb, pool, POOL_WAIT_MS } from "@/lib/db";
import { errorResponse } from "@/lib/http";
import { startJobWorker, type JobWorker } from "@/lib/jobs/worker";
import { taskList } from "@/lib/flows/job-list";
import { ABANDONED_AFTER_SECONDS } from "@/lib/jobs/abandoned-jobs";
import { startRestartableDb, type RestartableDb } from "@/tests/load/postgres";
import { tsxArgs } from "@/tests/support/tsx";
import { waitFor } from "@/tests/support/wait";
import { storedOrder } from "@/tests/support/stored-order";
import { resetEnvCache } from "@/lib/env";

// The shop's pool and the mail worker live through their database going away. The pool: an idle
// connection the database drops must not be an uncaught exception. The mail worker lives through its database going away (a restart, a failover) and through
// another worker dying with a mail in hand: no mail stays locked in the queue for graphile-worker's
// four hours, and nothing escapes as an unhandled rejection (which ends a plain Node process,
// `npm run worker`). The queue here is a database of its own, restarted mid-test; the mails are
// the confirmation of one real order in the run's database, rendered and sent to the capture
// server, so that some are always in hand when the queue's database goes away.

let dir: string;
let queueDb: RestartableDb;
let admin: Pool;
let orderId: string;
const tag = randomBytes(3).toString("hex");
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "fresh-bowl-mail-outage-"));
  queueDb = await startRestartableDb(dir);
  await migrate(queueDb.url);
  admin = new Pool({ connectionString: queueDb.url, max: 2 });
  admin.on("error", () => undefined);
  process.on("unhandledRejection", onUnhandled);
  const category = await db().category.create({ data: { slug: `outage-${tag}`, name: `Outage ${tag}`, position: 97 } });
  const item = await db().menuItem.create({
    data: { slug: `outage-bowl-${tag}`, name: "Outage Bowl", categoryId: category.id, priceSmall: 149, priceMedium: 189, priceLarge: 229 },
  });
  const user = await db().user.create({ data: { name: "Outage Mail", email: `outage.${tag}@example.com`, emailConfirmedAt: new Date() } });
  const order = await db().order.create({
    data: storedOrder(user.id, { menuItemId: item.id, name: item.name, portion: "small", unitPrice: 149, quantity: 1 }, "Zoë"),
  });
  orderId = order.id;
});

afterAll(async () => {
  process.off("unhandledRejection", onUnhandled);
  await db().order.deleteMany({ where: { user: { email: `outage.${tag}@example.com` } } });
  await db().user.deleteMany({ where: { email: `outage.${tag}@example.com` } });
  await db().menuItem.deleteMany({ where: { slug: `outage-bowl-${tag}` } });
  await db().category.deleteMany({ where: { slug: `outage-${tag}` } });
  await admin?.end();
  await queueDb?.stop();
  await rm(dir, { recursive: true, force: true });
});

const addJob = (id: string, count = 1) =>
  admin.query(
    `SELECT graphile_worker.add_job('send_mail', json_build_object('mail', 'order-confirmation', 'orderId', $1::text)) FROM generate_series(1, $2::int)`,
    [id, count],
  );

async function jobsLeft(): Promise<{ total: number; locked: number }> {
  const { rows } = await admin.query<{ total: number; locked: number }>(
    `SELECT count(*)::int AS total, count(locked_at)::int AS locked FROM graphile_worker.jobs`,
  );
  return rows[0];
}

describe("mail worker and a lost database", () => {
  it("frees at its start the mail a dead worker held, instead of leaving it locked for four hours", async () => {
    await addJob("held-by-a-dead-worker");
    // What a SIGKILLed worker leaves behind (graphile-worker's own columns; no public API fakes a crash).
    await admin.query(
      `UPDATE graphile_worker._private_jobs SET locked_by = 'worker-that-died', locked_at = now() - make_interval(secs => $1)`,
      [ABANDONED_AFTER_SECONDS + 5],
    );
    const worker = await startJobWorker({ taskList, connectionString: queueDb.url, pollInterval: 50, logLevel: "warning" });
    try {
      await waitFor(async () => (await jobsLeft()).total === 0, { timeout: 10_000, what: "the dead worker's mail to be sent" });
    } finally {
      await worker.stop();
    }
  });

  it("a mail being held only briefly is left to its worker", async () => {
    await admin.query(`DELETE FROM graphile_worker._private_jobs`);
    await addJob("held-by-a-live-worker");
    await admin.query(
      `UPDATE graphile_worker._private_jobs SET locked_by = 'worker-busy-sending', locked_at = now() - interval '2 seconds'`,
    );
    const worker = await startJobWorker({ taskList, connectionString: queueDb.url, pollInterval: 50, logLevel: "warning" });
    try {
      await new Promise((r) => setTimeout(r, 500));
      expect(await jobsLeft()).toEqual({ total: 1, locked: 1 });
    } finally {
      await worker.stop();
      await admin.query(`DELETE FROM graphile_worker._private_jobs`);
    }
  });

  it(
    "completes every mail across a database restart, with no job left locked and no unhandled rejection",
    { timeout: 60_000 },
    async () => {
      let worker: JobWorker | undefined = await startJobWorker({
        taskList,
        connectionString: queueDb.url,
        pollInterval: 50,
        logLevel: "warning",
      });
      let adding = true;
      let added = 0;
      // Mails keep coming while the database goes away, so some are being completed at that moment.
      const producer = (async () => {
        while (adding) {
          await addJob(orderId).then(
            () => added++,
            () => undefined,
          );
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      try {
        await waitFor(() => added >= 100, { timeout: 10_000, what: "mails to be flowing" });
        await queueDb.stop();
        // Longer than graphile-worker's own retry of a write that met a database shutting down (3 s).
        await new Promise((r) => setTimeout(r, 4_000));
        await queueDb.start();
        const after = added;
        await waitFor(() => added >= after + 100, { timeout: 20_000, what: "mails to be queued again" });
        adding = false;
        await producer;
        await waitFor(async () => (await jobsLeft().catch(() => ({ total: -1 }))).total === 0, {
          timeout: 30_000,
          interval: 100,
          what: "the queue to empty",
        });
        expect(unhandled).toEqual([]);
      } finally {
        adding = false;
        await producer;
        await worker?.stop();
        worker = undefined;
      }
    },
  );
});

describe("`npm run worker` and a lost database", () => {
  it("the worker process outlives a database restart and empties the queue afterwards", { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, tsxArgs(process.cwd(), "scripts/worker.ts"), {
      env: { ...process.env, DATABASE_URL: queueDb.url, NODE_ENV: "production", RESEND_API_KEY: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    child.stdout.on("data", (d: Buffer) => (log += d));
    child.stderr.on("data", (d: Buffer) => (log += d));
    let exit: string | undefined;
    child.on("exit", (code, signal) => (exit = `code ${code}, signal ${signal}`));
    try {
      await waitFor(() => /Worker connected/.test(log), { timeout: 20_000, what: "the worker to start" });
      // Mails keep coming, so some are in hand (and their outcome is being written) when the
      // database goes away: graphile-worker then stops its runner and ours must start another.
      let adding = true;
      const producer = (async () => {
        while (adding) {
          // In bursts, so the worker also has mails taken but not yet started when it stops.
          await addJob("no-such-order", 20).catch(() => undefined);
          await new Promise((r) => setTimeout(r, 3));
        }
      })();
      await new Promise((r) => setTimeout(r, 1_000));
      await queueDb.stop();
      await new Promise((r) => setTimeout(r, 4_000));
      await queueDb.start();
      await new Promise((r) => setTimeout(r, 1_000));
      adding = false;
      await producer;
      await waitFor(async () => exit !== undefined || (await jobsLeft()).total === 0, {
        timeout: 30_000,
        interval: 100,
        what: "the queue to empty",
      }).catch((error: Error) => {
        throw new Error(
          `${error.message}; jobs left ${JSON.stringify(jobsLeft)}. The worker said:\n${log
            .split("\n")
            .filter((l) => !/Completed task/.test(l))
            .slice(-40)
            .join("\n")}`,
        );
      });
      expect(exit, log).toBeUndefined();
    } finally {
      child.kill("SIGTERM");
      if (exit === undefined) await new Promise((r) => child.once("exit", r));
    }
  });
});

describe("the shop's pool and a lost database", () => {
  it(
    "an idle connection dropped by a database restart is no uncaught exception, and the next query reconnects",
    { timeout: 30_000 },
    async () => {
      const shared = process.env.DATABASE_URL;
      await disconnectDb();
      process.env.DATABASE_URL = queueDb.url;
      resetEnvCache();
      // Vitest would only report it after the run; counting it here fails this test.
      process.on("uncaughtExceptionMonitor", onUncaught);
      try {
        // The order path's way: straight through the pool, no Prisma query first.
        await Promise.all([pool().query("SELECT 1"), pool().query("SELECT 1")]);
        await queueDb.stop();
        await queueDb.start();
        const { rows } = await pool().query<{ ok: number }>("SELECT 1 AS ok");
        expect(rows[0].ok).toBe(1);
        expect(uncaught).toEqual([]);
      } finally {
        process.off("uncaughtExceptionMonitor", onUncaught);
        await disconnectDb();
        process.env.DATABASE_URL = shared;
        resetEnvCache();
      }
    },
  );

  it(
    "a request that cannot get a connection (every one busy) gives up and is answered 503, not left waiting",
    { timeout: 30_000 },
    async () => {
      const held = await Promise.all(Array.from({ length: pool().options.max }, () => pool().connect()));
      try {
        const started = Date.now();
        const reply = errorResponse(
          await pool()
            .query("SELECT 1")
            .then(
              () => null,
              (error: unknown) => error,
            ),
        );
        expect(reply.status).toBe(503);
        expect(reply.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(Date.now() - started).toBeGreaterThanOrEqual(POOL_WAIT_MS - 100);
      } finally {
        for (const client of held) client.release();
      }
    },
  );
});
