import { spawn } from "node:child_process";
import { describe, expect } from "vitest";
import { test } from "./fixtures";
import { db } from "@/lib/db";
import { storedOrder } from "@/tests/support/stored-order";
import { tsxArgs } from "@/tests/support/tsx";

// `npm run worker` beside a shop that takes payments through Razorpay (issue 32, L9): without the
// gateway's keys its payment jobs (webhook events, expiry, refunds) would each fail, so it refuses
// to start, with one line saying which settings are missing.

type Run = { code: number | null; out: string; err: string };

/** Runs the worker with `env` on top of this process's; stops it (SIGTERM) once it says it runs. */
function runWorker(env: Record<string, string | undefined>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, tsxArgs(process.cwd(), "scripts/worker.ts"), {
      env: { ...process.env, NODE_ENV: "production", RESEND_API_KEY: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const run: Run = { code: null, out: "", err: "" };
    child.stdout.on("data", (d: Buffer) => {
      run.out += d;
      if (/worker running/.test(run.out)) child.kill("SIGTERM");
    });
    child.stderr.on("data", (d: Buffer) => (run.err += d));
    child.on("exit", (code) => resolve({ ...run, code }));
  });
}

const NO_KEYS = { RAZORPAY_KEY_ID: "", RAZORPAY_KEY_SECRET: "", RAZORPAY_WEBHOOK_SECRET: "" };

describe("npm run worker and the gateway's keys", () => {
  test("refuses to start without them once the shop has taken an order through the gateway", { timeout: 60_000 }, async ({ customer }) => {
    await db().order.create({
      data: { ...storedOrder(customer.id, { name: "Keys Bowl", portion: "small", unitPrice: 149, quantity: 1 }), gateway: "razorpay" },
    });
    const refused = await runWorker(NO_KEYS);
    expect(refused.code).toBe(1);
    const lines = refused.err.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are not set/);
    expect(refused.out).not.toMatch(/worker running/);

    const started = await runWorker({ RAZORPAY_KEY_ID: "rzp_test_k", RAZORPAY_KEY_SECRET: "s", RAZORPAY_WEBHOOK_SECRET: "w" });
    expect(started.out).toMatch(/worker running/);
    // Stopped by the test's SIGTERM: a clean exit, or tsx's own 128 + 15 when the signal reached it
    // before the worker's handler (seen on a clean CI machine); never the refusal's 1.
    expect([0, 143]).toContain(started.code);
  });
});
