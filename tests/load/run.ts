// `npm run test:load`: two production instances on one PostgreSQL and real customers checking out
// with idempotency keys and retries while an admin's kitchen moves their orders on. A quiet phase
// measures the customers' order latency; then, beside them, one account floods orders, a thousand
// live streams are held, one instance is SIGKILLed and restarted and PostgreSQL is restarted.
// Then the database is held against every acknowledgement and the abuser's orders against the
// limits. Knobs and checks: tests/load/README.md. Exits 1 when a check fails.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { freePort } from "@/lib/db/embedded";
import { env, resetEnvCache } from "@/lib/env";
import { adminSeats, STREAMS_PER_USER } from "@/lib/realtime/hub";
import { startMailCapture } from "@/tests/support/mail-capture";
import { distDir } from "@/bench/config";
import { SERVER_BUNDLE } from "@/server/bundle";
import { config } from "./config";
import { startRestartableDb, type RestartableDb } from "./postgres";
import { defineInstance, type Instance } from "./instances";
import { createAccounts, startAccountPool } from "./customers";
import type { MenuRow } from "./order-body";
import { startCheckouts } from "./checkout";
import { signInAdmin, startKitchen } from "./kitchen";
import { LOAD_STORE_SETTINGS, openWide } from "./store";
import { startAbuse } from "./abuse";
import { startStreams } from "./streams";
import { runDrill } from "./drill";
import { outcomes, sleep } from "./requests";
import { classify, outageWindows } from "./windows";
import { latency } from "./latency";
import { readOrders, verify } from "./verify";
import { readAbuserOrders } from "./limits";
import { confirmationsDelivered, mailJobsLeft } from "./mails";
import { printReport } from "./report";

const t0 = Date.now();
export const LOG_DIR = path.join(os.tmpdir(), "fresh-bowl-load-logs");
const say = (msg: string) => console.log(`[load ${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s] ${msg}`);
const ADMIN = { email: "load-admin@load.test", password: "load-admin-password-2026" };

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

async function main(): Promise<number> {
  const missing = [path.join(distDir(), "BUILD_ID"), SERVER_BUNDLE].find((file) => !existsSync(file));
  if (missing) {
    console.error(
      `No production build (${path.relative(process.cwd(), missing)} is missing): run \`npm run build\` first, then \`npm run test:load\`.`,
    );
    return 2;
  }
  const allowed = Math.min(env().ORDER_LIMIT_PER_ACCOUNT, env().ORDER_LIMIT_PER_IP);
  if (config.ordersPerCustomer > allowed) {
    console.error(`LOAD_ORDERS (${config.ordersPerCustomer}) is more than one customer may place in 10 minutes (${allowed}).`);
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
    say(
      `${config.customers} customers shopping at once, ${config.quietSeconds} s quiet, then at least ${config.seconds} s with abuse and faults`,
    );
    const mail = await startMailCapture(0);
    cleanups.push(() => mail.close());
    db = await startRestartableDb(tmp);
    const ports = [await freePort(), await freePort()];
    const secret = randomBytes(32).toString("base64url");
    // One secret for both instances, a session from one is good on the other; and for this
    // process, which mints the customers' sessions as the instances would (customers.ts).
    process.env.AUTH_SECRET = secret;
    resetEnvCache();
    // Each instance's cap on live streams is exactly what the run's customers hold there beside the
    // seats kept for admins (lib/realtime/hub.ts), so the extras find it full.
    const heldOn = (i: number) => Math.ceil((config.streamAccounts - i) / ports.length) * STREAMS_PER_USER;
    const streamsOn = (i: number) => {
      let cap = heldOn(i);
      while (cap - adminSeats(cap) < heldOn(i)) cap++;
      return cap;
    };
    for (const [i, port] of ports.entries()) {
      const base = `http://localhost:${port}`;
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATABASE_URL: db.url,
        AUTH_SECRET: secret,
        NEXTAUTH_SECRET: secret,
        APP_URL: base,
        NEXTAUTH_URL: base,
        // A load balancer in front: each customer's own address arrives in X-Forwarded-For.
        TRUST_PROXY: "true",
        EVENTS_MAX_STREAMS: String(streamsOn(i)),
        RESEND_API_KEY: "re_load_key",
        RESEND_BASE_URL: mail.url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
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
    const pool = await startAccountPool(db.url, config.customers * config.ordersPerCustomer);
    const [abuser] = await createAccounts(db.url, "abuser", 1);
    const streamers = await createAccounts(db.url, "streamer", config.streamAccounts);
    const extras = await createAccounts(db.url, "streamer", config.extraStreams);
    const adminToken = await signInAdmin(bases, ADMIN.email, ADMIN.password, config);
    await openWide(bases, adminToken, config.timeoutMs);
    const kitchen = startKitchen(adminToken, bases, config);
    say(
      `accounts ready; the kitchen is open (${LOAD_STORE_SETTINGS.ordersPerSlot} orders a slot, ${LOAD_STORE_SETTINGS.daysAhead} days ahead)`,
    );

    const quietStart = Date.now();
    const run = startCheckouts(pool, bases, menu, deliveryFee, config, kitchen.take);
    await sleep(config.quietSeconds * 1000);

    const mainStart = Date.now();
    const settleMs = (config.graceSeconds + config.warmupSeconds) * 1000;
    const quietLatency = () => latency(outcomes, "order", quietStart + config.warmupSeconds * 1000, mainStart, [], 0);
    say(
      `quiet phase over (${run.checkouts.length} checkouts); the abuser floods orders and ${config.streamAccounts * STREAMS_PER_USER} streams open`,
    );
    const abuse = startAbuse(abuser, bases, menu, deliveryFee, config, kitchen.take);
    const streams = startStreams(streamers, STREAMS_PER_USER, extras, bases);
    await streams.open();
    const heldAt = Date.now();
    say(
      `${streams.tally.heldAtOnce} streams held after ${((heldAt - mainStart) / 1000).toFixed(1)} s; of ${streams.tally.extras.asked} more, ${streams.tally.extras.refused} refused with 503`,
    );

    const drill = await runDrill(instances, db, heldAt, config, say);
    // Two p99s compare fairly when they rest on as many requests.
    const held = () => latency(outcomes, "order", heldAt, Date.now(), outageWindows(outcomes, drill.faults, instances.length), settleMs);
    const until = Date.now() + 2 * config.quietSeconds * 1000;
    while (held().samples < quietLatency().samples && Date.now() < until) await sleep(250);
    run.stop();
    abuse.stop();
    await Promise.all([run.done, abuse.done]);
    streams.stop();
    kitchen.stop();
    await kitchen.done;
    const loadEnd = Date.now();
    say(`load stopped: ${run.checkouts.length} checkouts by ${run.served()} customers in ${((loadEnd - quietStart) / 1000).toFixed(1)} s`);

    const orders = await readOrders(
      db.url,
      pool.all.map((c) => c.id),
    );
    const verdict = verify(run.checkouts, orders);
    const abuserOrders = await readAbuserOrders(db.url, abuser.id);
    const delivered = await confirmationsDelivered(
      mail,
      orders.map((o) => o.id),
      config.mailWaitSeconds * 1000,
    );
    const windows = outageWindows(outcomes, drill.faults, instances.length);
    const graceMs = config.graceSeconds * 1000;

    return printReport({
      config,
      verdict,
      fiveXx: classify(outcomes, windows, graceMs),
      windows,
      faults: drill.faults,
      instances: instances.map((i) => ({ name: i.name, unexpectedExits: i.unexpectedExits })),
      outcomes,
      loadSeconds: (loadEnd - quietStart) / 1000,
      latency: {
        quiet: quietLatency(),
        opening: latency(outcomes, "order", mainStart, heldAt, [], 0),
        abuse: latency(outcomes, "order", heldAt, loadEnd, windows, settleMs),
        kitchen: latency(outcomes, "kitchen", quietStart, loadEnd, windows, settleMs),
      },
      abuse: { replies: abuse.replies, orders: abuserOrders },
      streams: { tally: streams.tally, planned: config.streamAccounts * STREAMS_PER_USER, caps: instances.map((_, i) => streamsOn(i)) },
      kitchen: kitchen.stats,
      waits: run.waits,
      survivor: { name: instances[1].name, keptPid: drill.survivorKeptPid, servedAfterPg: drill.servedAfterPg[1] },
      restartedServedAfterPg: drill.servedAfterPg[0],
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
