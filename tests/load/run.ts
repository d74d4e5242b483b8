// `npm run test:load`: two production instances on one PostgreSQL, many customers checking out
// at once with idempotency keys and retries; mid-load one instance is SIGKILLed and restarted and
// PostgreSQL is restarted. Then the database is held against every acknowledgement. Knobs and
// checks: tests/load/README.md. Exits 1 when a check fails.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { freePort } from "@/lib/db/embedded";
import { startMailCapture, type MailCapture } from "@/tests/support/mail-capture";
import { distDir } from "@/bench/config";
import { SERVER_BUNDLE } from "@/server/bundle";
import { config } from "./config";
import { startRestartableDb, type RestartableDb } from "./postgres";
import { defineInstance, type Instance } from "./instances";
import { createCustomers, signIn } from "./customers";
import { startCheckouts, type MenuRow } from "./checkout";
import { outcomes, sleep } from "./requests";
import { classify, firstSuccess, outageWindows, type Faults } from "./windows";
import { readOrders, verify } from "./verify";
import { printReport } from "./report";

const t0 = Date.now();
export const LOG_DIR = path.join(os.tmpdir(), "fresh-bowl-load-logs");
const say = (msg: string) => console.log(`[load ${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s] ${msg}`);

async function readMenu(url: string): Promise<MenuRow[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<MenuRow>(
      `SELECT id, price_small AS "priceSmall", price_medium AS "priceMedium", price_large AS "priceLarge" FROM menu_items WHERE available`,
    );
    return rows;
  } finally {
    await client.end();
  }
}

/** Mail jobs still in graphile-worker's queue: held by a worker (locked) or waiting to run. */
async function mailJobsLeft(url: string): Promise<{ locked: number; waiting: number }> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: number; waiting: number }>(
      `SELECT count(*) FILTER (WHERE locked_at IS NOT NULL)::int AS locked, count(*) FILTER (WHERE locked_at IS NULL)::int AS waiting FROM graphile_worker.jobs`,
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

/** Resolves once `instance` has served a successful request sent after `after`. */
async function recovered(instance: number, after: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (firstSuccess(outcomes, instance, after) < Infinity) return true;
    await sleep(100);
  }
  return false;
}

// Distinct orders whose confirmation reached the captured provider (delivery is at least once,
// so one order's mail may come twice; each subject names its order).
async function mailsDelivered(capture: MailCapture, customerEmails: Set<string>, expected: number, timeoutMs: number): Promise<number> {
  const count = () =>
    new Set(capture.mails.filter((m) => m.to.some((to) => customerEmails.has(to)) && /order/i.test(m.subject)).map((m) => m.subject)).size;
  const deadline = Date.now() + timeoutMs;
  while (count() < expected && Date.now() < deadline) await sleep(250);
  return count();
}

async function main(): Promise<number> {
  const missing = [path.join(distDir(), "BUILD_ID"), SERVER_BUNDLE].find((file) => !existsSync(file));
  if (missing) {
    console.error(
      `No production build (${path.relative(process.cwd(), missing)} is missing): run \`npm run build\` first, then \`npm run test:load\`.`,
    );
    return 2;
  }
  const tmp = await mkdtemp(path.join(os.tmpdir(), "fresh-bowl-load-"));
  const cleanups: Array<() => Promise<unknown>> = [() => rm(tmp, { recursive: true, force: true })];
  const instances: Instance[] = [];
  let db: RestartableDb | undefined;
  let tornDown = false;
  const teardown = async () => {
    if (tornDown) return;
    tornDown = true;
    await Promise.all(instances.map((i) => i.stop().catch(() => undefined)));
    await db?.stop().catch(() => undefined);
    // The servers' logs outlive the temp folder, for a look at what they said during the run.
    await mkdir(LOG_DIR, { recursive: true }).catch(() => undefined);
    await Promise.all(instances.map((i) => copyFile(i.logFile, path.join(LOG_DIR, `${i.name}.log`)).catch(() => undefined)));
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void teardown().finally(() => process.exit(130)));

  try {
    say(`${config.customers} customers, at least ${config.seconds} s of load, PostgreSQL down ${config.pgDownSeconds} s`);
    const mail = await startMailCapture(0);
    cleanups.push(() => mail.close());
    db = await startRestartableDb(tmp);
    const ports = [await freePort(), await freePort()];
    const secret = randomBytes(32).toString("base64url");
    for (const [i, port] of ports.entries()) {
      const base = `http://localhost:${port}`;
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATABASE_URL: db.url,
        // One secret for both: a session from one instance is good on the other.
        AUTH_SECRET: secret,
        NEXTAUTH_SECRET: secret,
        APP_URL: base,
        NEXTAUTH_URL: base,
        // A load balancer in front: each customer's own address arrives in X-Forwarded-For.
        TRUST_PROXY: "true",
        // Each customer here orders one after another for the whole run, far beyond what
        // product.md §5 lets one customer do: the order limits are raised, as the settings allow.
        ORDER_LIMIT_PER_ACCOUNT: "1000000",
        ORDER_LIMIT_PER_IP: "1000000",
        OPEN_ORDERS_PER_CUSTOMER: "1000000",
        RESEND_API_KEY: "re_load_key",
        RESEND_BASE_URL: mail.url,
        ADMIN_EMAIL: "load-admin@load.test",
        ADMIN_PASSWORD: "load-admin-password-2026",
        NEXT_TELEMETRY_DISABLED: "1",
        FRESH_BOWL_DATA_DIR: tmp,
      };
      instances.push(defineInstance(`instance-${"AB"[i]}`, port, env, path.join(tmp, `instance-${"AB"[i]}.log`)));
    }
    // Both start at once, as several instances may (migrations under an advisory lock).
    await Promise.all(instances.map((i) => i.start()));
    say(`${instances.map((i) => `${i.name} on ${i.base} (pid ${i.pid()})`).join(", ")}; PostgreSQL at port ${new URL(db.url).port}`);
    const bases = instances.map((i) => i.base);

    const menu = await readMenu(db.url);
    const deliveryFee = Number(process.env.DELIVERY_FEE ?? 40);
    const people = await createCustomers(db.url, config.customers);
    const customers = await signIn(people, bases, config);
    say(`${customers.length} customers signed in`);

    const loadStart = Date.now();
    const run = startCheckouts(customers, bases, menu, deliveryFee, config);
    const at = (fraction: number) => loadStart + fraction * config.seconds * 1000;
    const survivorPid = instances[1].pid();
    const faults = { killed: 0 } as Faults;

    await sleep(at(0.2) - Date.now());
    faults.killAt = Date.now();
    await instances[0].kill();
    say(`${instances[0].name} SIGKILLed; restarting it`);
    faults.restartedAt = Date.now();
    await instances[0].start();
    faults.readyAt = Date.now();
    say(`${instances[0].name} serving again after ${((faults.readyAt - faults.killAt) / 1000).toFixed(1)} s (pid ${instances[0].pid()})`);

    await sleep(Math.max(at(0.55), faults.readyAt + 2_000) - Date.now());
    faults.pgStopAt = Date.now();
    await db.stop();
    faults.pgStoppedAt = Date.now();
    say(`PostgreSQL stopped (${faults.pgStoppedAt - faults.pgStopAt} ms); starting it again in ${config.pgDownSeconds} s`);
    await sleep(config.pgDownSeconds * 1000);
    faults.pgStartAt = Date.now();
    await db.start();
    faults.pgStartedAt = Date.now();
    say(`PostgreSQL accepting connections again (${faults.pgStartedAt - faults.pgStartAt} ms)`);

    const back = await Promise.all(instances.map((_, i) => recovered(i, faults.pgStartedAt, 60_000)));
    say(`after the PostgreSQL restart: ${instances.map((inst, i) => `${inst.name} ${back[i] ? "serving" : "NOT serving"}`).join(", ")}`);
    await sleep(Math.max(at(1), Date.now() + config.tailSeconds * 1000) - Date.now());
    run.stop();
    await run.done;
    const loadEnd = Date.now();
    say(`load stopped: ${run.checkouts.length} checkouts in ${((loadEnd - loadStart) / 1000).toFixed(1)} s`);

    const orders = await readOrders(
      db.url,
      customers.map((c) => c.id),
    );
    const verdict = verify(run.checkouts, orders);
    const delivered = await mailsDelivered(mail, new Set(customers.map((c) => c.email)), orders.length, config.mailWaitSeconds * 1000);
    const windows = outageWindows(outcomes, faults, instances.length);
    const fiveXx = classify(outcomes, windows, config.graceSeconds * 1000);
    const survivorKeptPid = instances[1].pid() === survivorPid && instances[1].unexpectedExits.length === 0;

    return printReport({
      config,
      verdict,
      fiveXx,
      windows,
      faults,
      instances: instances.map((i) => ({ name: i.name, unexpectedExits: i.unexpectedExits })),
      outcomes,
      loadSeconds: (loadEnd - loadStart) / 1000,
      survivor: { name: instances[1].name, keptPid: survivorKeptPid, servedAfterPg: back[1] },
      restartedServedAfterPg: back[0],
      mails: { delivered, expected: orders.length, left: await mailJobsLeft(db.url) },
      logDir: LOG_DIR,
    });
  } finally {
    await teardown();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[load] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
