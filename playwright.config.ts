import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// End-to-end tests run against a production build (`npm run build`, then the real start
// script) with a fresh embedded PostgreSQL and the Resend SDK pointed at a capture server.

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3123);
export const MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? 3124);

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
    env: { E2E_PORT: String(E2E_PORT), E2E_MAIL_PORT: String(MAIL_PORT), NEXT_TELEMETRY_DISABLED: "1" },
  },
});
