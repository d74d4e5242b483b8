import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// End-to-end tests run against a production build (`npm run build`, then the real start
// script) with a fresh embedded PostgreSQL, the Resend SDK pointed at a capture server, and
// Razorpay's REST API and Checkout at the local imitation of the gateway (imitations/razorpay/).

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3123);
export const MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? 3124);
/** The local imitation of Razorpay (tests/e2e/serve.ts starts it on this port). */
export const GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT ?? E2E_PORT + 2);

// The shop runs in real Razorpay mode pointed at the imitation, with the keys and URLs
// tests/e2e/serve.ts gives the running server. The build is made without any of them, as a
// deployer's may be: the pages' Content Security Policy takes the gateway's origins from the
// running server's settings (proxy.ts), so the payment tests open Checkout only if that holds.
const WITHOUT_GATEWAY = ["KEY_ID", "KEY_SECRET", "WEBHOOK_SECRET", "API_URL", "CHECKOUT_URL"].map((n) => `-u RAZORPAY_${n}`).join(" ");

// Debian's Chromium where it is installed (CI, these machines); Playwright's own elsewhere.
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: `env ${WITHOUT_GATEWAY} npm run build && tsx --import ./scripts/server-only.mjs tests/e2e/serve.ts`,
    url: `http://localhost:${E2E_PORT}/login`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      E2E_PORT: String(E2E_PORT),
      E2E_MAIL_PORT: String(MAIL_PORT),
      E2E_GATEWAY_PORT: String(GATEWAY_PORT),
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
});
