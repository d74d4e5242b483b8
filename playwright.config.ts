import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// End-to-end tests run against a production build (`npm run build`, then the real start
// script) with a fresh embedded PostgreSQL, the Resend SDK pointed at a capture server, and
// Razorpay's REST API and Checkout at the local imitation of the gateway (imitations/razorpay/).

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3123);
export const MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? 3124);
/** The local imitation of Razorpay (tests/e2e/serve.ts starts it on this port). */
export const GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT ?? E2E_PORT + 2);

// The shop runs in real Razorpay mode pointed at the imitation. The build needs these too: the
// Content Security Policy is written at build time from the gateway's two origins
// (next.config.ts), so the imitation's port is fixed here rather than picked at start. Test
// values for the imitation only, never a real account's.
const gateway = `http://127.0.0.1:${GATEWAY_PORT}`;
const GATEWAY_ENV = {
  E2E_GATEWAY_PORT: String(GATEWAY_PORT),
  RAZORPAY_KEY_ID: "rzp_test_e2e",
  RAZORPAY_KEY_SECRET: "e2e_imitation_key_secret",
  RAZORPAY_WEBHOOK_SECRET: "e2e_imitation_webhook_secret",
  RAZORPAY_API_URL: gateway,
  RAZORPAY_CHECKOUT_URL: `${gateway}/v1/checkout.js`,
};

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
    command: "npm run build && tsx --import ./scripts/server-only.mjs tests/e2e/serve.ts",
    url: `http://localhost:${E2E_PORT}/login`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_PORT: String(E2E_PORT), E2E_MAIL_PORT: String(MAIL_PORT), NEXT_TELEMETRY_DISABLED: "1", ...GATEWAY_ENV },
  },
});
