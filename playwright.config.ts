import { defineConfig, devices } from "@playwright/test";
import { CONTROL_PORT, SHOPS, shop } from "./tests/e2e/shops";
import { testBrowserPath } from "./tests/support/browser-path";

// End-to-end tests run against a production build (`npm run build`, then the real start
// script), one shop per worker (tests/e2e/shops.ts), each with a fresh embedded PostgreSQL and
// the Resend SDK pointed at its own capture server, and Razorpay's REST API and Checkout at the
// local imitation of the gateway (imitations/razorpay/).

// The shops run in real Razorpay mode pointed at the imitation, with the keys and URLs
// tests/e2e/serve.ts gives the running servers. The build is made without any of them, as a
// deployer's may be: the pages' Content Security Policy takes the gateway's origins from the
// running server's settings (proxy.ts), so the payment tests open Checkout only if that holds.
const WITHOUT_GATEWAY = ["KEY_ID", "KEY_SECRET", "WEBHOOK_SECRET", "API_URL", "CHECKOUT_URL"].map((n) => `-u RAZORPAY_${n}`).join(" ");

// Names this run's lock folder for tests tagged @alone (tests/e2e/lock.ts); the workers inherit it.
process.env.E2E_RUN_ID ??= `${process.pid}-${Date.now()}`;

// Debian's headless shell or Chromium where installed (CI, these machines); Playwright's own elsewhere.
const executablePath = testBrowserPath();

export default defineConfig({
  testDir: "tests/e2e",
  // A file's tests run in order in one worker; files spread over the workers, each with its shop.
  fullyParallel: false,
  workers: SHOPS,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    // The worker's own shop (tests/e2e/fixtures.ts sets baseURL by worker slot); this is shop 0's.
    baseURL: shop(0).url,
    // A trace records every action's snapshots and a screencast while the test runs, failing or
    // not: a fifth of the suite's CPU on two cores. CI keeps the screenshot and the error
    // context of a failure; run locally for the trace.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    // The shop's service worker (product.md §14) would answer some requests before page.route()
    // sees them and keep files between a test's pages: the specs run without it, as a first
    // visit does, except tests/e2e/installable.spec.ts, which lets it in.
    serviceWorkers: "block",
    launchOptions: {
      executablePath,
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: `env ${WITHOUT_GATEWAY} npm run build && tsx --import ./scripts/server-only.mjs tests/e2e/serve.ts`,
    url: `http://127.0.0.1:${CONTROL_PORT}/ready`,
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    // SIGTERM, not SIGKILL: tests/e2e/serve.ts then stops each shop and its PostgreSQL and removes their data.
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_WORKERS: String(SHOPS), NEXT_TELEMETRY_DISABLED: "1" },
  },
});
