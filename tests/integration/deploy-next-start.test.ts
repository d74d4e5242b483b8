import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailbox, pauseMailWorker, resumeMailWorker } from "./setup";
import { ensureBuild } from "@/tests/support/build";
import { makeCaller } from "@/tests/support/callers";
import { randomIp, type Caller } from "@/tests/support/api";
import { waitForMail, type CapturedMail } from "@/tests/support/mail-capture";
import { shopFixtures, type ShopFixtures } from "@/tests/support/shop-fixtures";
import { TYPED_ADDRESS } from "@/tests/support/address";
import { waitFor } from "@/tests/support/wait";
import { freePort } from "@/lib/db/embedded";
import { register } from "@/lib/auth/accounts";
import { orderNumber } from "@/lib/orders/status";

// The shop as a platform runs it (product.md §15): plain `next start` on the production build,
// without the Node server of `npm start` in front, with JOB_WORKER=off as on Vercel, and no job
// worker anywhere (this file's own is paused). An order's confirmation mail still goes out,
// right after the reply that placed it (after()); a job queued with no reply behind it is sent
// when the scheduler calls GET /api/cron/jobs with the cron secret.

const CRON_SECRET = "cron-secret-for-plain-next-start";

let tmp = "";
let next: ChildProcess | undefined;
let base = "";
let fx: ShopFixtures;
let item = "";

async function logTail(): Promise<string> {
  return (await readFile(path.join(tmp, "next.log"), "utf8").catch(() => "")).slice(-3000);
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "fresh-bowl-next-start-"));
  await ensureBuild(path.join(tmp, "build.log"), ["api/cron/jobs"]);
  await pauseMailWorker();
  fx = await shopFixtures("next-start");
  item = await fx.item();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const log = openSync(path.join(tmp, "next.log"), "a");
  next = spawn(
    process.execPath,
    [path.join("node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        APP_URL: base,
        JOB_WORKER: "off",
        CRON_SECRET,
        // This file's mailbox, through the real Resend SDK.
        RESEND_BASE_URL: mailbox.url,
      },
      stdio: ["ignore", log, log],
    },
  );
  closeSync(log);
  await waitFor(async () => (await fetch(`${base}/api/menu`).catch(() => undefined))?.ok, {
    what: "next start to serve",
    timeout: 60_000,
    interval: 200,
  }).catch(async (error: unknown) => {
    throw new Error(`${error instanceof Error ? error.message : String(error)}; its log:\n${await logTail()}`);
  });
}, 600_000);

afterAll(async () => {
  if (next && next.exitCode === null) {
    const exited = new Promise((resolve) => next!.once("exit", resolve));
    next.kill("SIGTERM");
    await exited;
  }
  await fx?.cleanUp();
  await resumeMailWorker();
  if (tmp) await rm(tmp, { recursive: true, force: true });
}, 60_000);

const mailTo = (email: string) => (m: CapturedMail) => m.to.includes(email);

describe("plain next start with JOB_WORKER=off", () => {
  it("sends an order's confirmation right after the reply that placed it", async () => {
    const customer: Caller = await makeCaller("user");
    fx.adopt(customer.id);
    const res = await fetch(`${base}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": randomUUID(), ...customer.headers },
      body: JSON.stringify({
        items: [{ id: item, portion: "small", quantity: 1 }],
        address: TYPED_ADDRESS,
        paymentMethod: "Cash on Delivery",
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { order } = (await res.json()) as { order: { id: string } };
    const mail = await waitForMail(mailbox, mailTo(customer.email), { timeout: 15_000 });
    expect(mail.subject).toBe(`Your Fresh Bowl order #${orderNumber(order.id)} is placed`);
    // Sent by the server's run after its reply: it started no worker.
    expect(await logTail()).toContain("[jobs] no job worker in this server");
  });

  it("runs a job queued with no reply behind it when the scheduler calls, and only then", async () => {
    const email = `next-start.${randomUUID().slice(0, 8)}@example.com`;
    await register({ name: "Asha Rao", email, password: "crunchy-greens-42" }, randomIp());
    const refused = await fetch(`${base}/api/cron/jobs`, { headers: { authorization: "Bearer not-the-secret" } });
    expect([refused.status, await refused.json()]).toEqual([401, { error: expect.any(String), code: "unauthorized" }]);
    expect(mailbox.mails.filter(mailTo(email))).toEqual([]);

    const ran = await fetch(`${base}/api/cron/jobs`, { headers: { authorization: `Bearer ${CRON_SECRET}` } });
    expect(ran.status).toBe(200);
    expect(await ran.json()).toMatchObject({ failed: 0, stoppedAtLimit: false });
    expect(mailbox.mails.filter(mailTo(email)).map((m) => m.subject)).toEqual([expect.stringMatching(/confirm/i)]);
  });

  it("serves the service worker from /sw.js, and every file its precache names (product.md §14)", async () => {
    const sw = await fetch(`${base}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get("content-type")).toMatch(/javascript/);
    // One missing file and the worker never installs: each must answer as the build named it.
    const urls = [...(await sw.text()).matchAll(/url:"([^"]+)"/g)].map(([, url]) => url);
    expect(urls).toContain("/offline");
    expect(urls.some((url) => url.startsWith("/_next/static/"))).toBe(true);
    for (const url of urls) expect((await fetch(`${base}${url}`)).status, url).toBe(200);
    expect((await fetch(`${base}/manifest.webmanifest`)).status).toBe(200);
  });
});
