// The e2e server: a mail capture server, the local imitation of Razorpay, and the shop's real
// start script (`npm start`) on a fresh embedded PostgreSQL in a temporary data directory.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startGatewayImitation } from "@/imitations/razorpay/server";
import { startMailCapture } from "@/tests/support/mail-capture";
import { tsxArgs } from "@/tests/support/tsx";

const E2E_ADMIN = { email: "admin@e2e.test", password: "kitchen-admin-e2e-pass" };

const port = process.env.E2E_PORT ?? "3123";
const mail = await startMailCapture(Number(process.env.E2E_MAIL_PORT ?? 3124));
const dataDir = await mkdtemp(path.join(os.tmpdir(), "fresh-bowl-e2e-"));
// The shop takes UPI and cards as in production with keys: Razorpay's REST API and Checkout, at
// the imitation, with the imitation's own test keys given to the running server only (the build
// had none: its pages' CSP names the gateway from these settings at run time, proxy.ts), and the
// imitation's signed webhooks go to the shop's own webhook route.
const gateway = await startGatewayImitation({
  port: Number(process.env.E2E_GATEWAY_PORT ?? Number(port) + 2),
  webhookUrl: `http://127.0.0.1:${port}/api/payments/razorpay/webhook`,
});

const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: port,
  FRESH_BOWL_DATA_DIR: dataDir,
  RESEND_API_KEY: "re_e2e_key",
  RESEND_BASE_URL: mail.url,
  RAZORPAY_KEY_ID: gateway.credentials.keyId,
  RAZORPAY_KEY_SECRET: gateway.credentials.keySecret,
  RAZORPAY_WEBHOOK_SECRET: gateway.credentials.webhookSecret,
  RAZORPAY_API_URL: gateway.url,
  RAZORPAY_CHECKOUT_URL: gateway.checkoutUrl,
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  // Each test sends its own X-Forwarded-For so per-IP limits do not spill between tests.
  TRUST_PROXY: "true",
  // Production refuses to start without one.
  AUTH_SECRET: randomBytes(32).toString("base64url"),
  // The shop keeps India time whatever the machine's zone (product.md §9): the server and its
  // embedded PostgreSQL run in Los Angeles, so any time read in the process's zone shows.
  TZ: "America/Los_Angeles",
};
delete env.DATABASE_URL;
delete env.NEXTAUTH_SECRET;

const app = spawn(process.execPath, tsxArgs(process.cwd(), "scripts/start.ts", "start"), {
  stdio: "inherit",
  env,
});

async function shutdown() {
  app.kill("SIGTERM");
  await new Promise((r) => app.once("exit", r));
  await mail.close();
  await gateway.close();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
app.on("exit", (code) => {
  void Promise.all([mail.close(), gateway.close()]).finally(() => process.exit(code ?? 1));
});
