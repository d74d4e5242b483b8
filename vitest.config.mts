import os from "node:os";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";
import { slowFirst } from "./tests/support/slow-first";

// `server-only` throws outside React's server build; tests run the server modules directly, as
// the server does, so it resolves to the package's own empty module here. next/cache works only
// inside a Next.js server: tests/support/next-cache.ts stands in for it.
const alias = [
  { find: "@", replacement: path.resolve(import.meta.dirname) },
  { find: /^server-only$/, replacement: path.resolve(import.meta.dirname, "node_modules/server-only/empty.js") },
  { find: /^next\/cache$/, replacement: path.resolve(import.meta.dirname, "tests/support/next-cache.ts") },
];

// Integration files that need the machine to themselves, run after the others, one at a time:
// they build the shop when no build is there (`prisma generate` then rewrites lib/generated under
// files that are loading it), and live-two-instances holds two production servers to "within 5 seconds".
const alone = ["tests/integration/live-two-instances.test.ts", "tests/integration/deploy-next-start.test.ts"];

// The shop runs in India time whatever the server's zone (product.md §9): the tests run its code
// in a zone far from both UTC and India, so any use of the process's zone shows. Only the test
// workers: PostgreSQL, started by the global setup, keeps its own.
// Most integration files share one module graph per worker (isolate: false), which saves
// importing Prisma, graphile-worker and the libraries again for every file. These run in a fresh
// one each: they configure the payment gateway or the mail queue in ways that outlast them,
// restart the database, or count the statements on the shared pool (which an earlier file's
// background work also uses), and failed beside the others when sharing.
const isolated = [
  "tests/integration/billing-credit-notes.test.ts",
  "tests/integration/db-outage.test.ts",
  "tests/integration/deploy.test.ts",
  "tests/integration/kitchen.test.ts",
  "tests/integration/mail-queue.test.ts",
  "tests/integration/order-delay.test.ts",
  "tests/integration/payments-refunds.test.ts",
  "tests/integration/payments-webhook.test.ts",
  "tests/integration/status-mail.test.ts",
];

const serverZone = { TZ: "America/Los_Angeles" };

const integration = {
  environment: "node" as const,
  env: serverZone,
  globalSetup: ["tests/integration/global-setup.ts"],
  setupFiles: ["tests/integration/setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  resolve: { alias },
  test: {
    // One worker more than the cores: integration files mostly wait on PostgreSQL and child
    // processes (each worker has a database of its own), and a unit file's imports wait on the
    // disk, so a third worker on two cores fills the waits.
    maxWorkers: os.availableParallelism() + 1,
    // The integration files that take longest: they start servers or wait out restarts.
    sequence: {
      sequencer: slowFirst([
        "tests/integration/ops-private-folder.test.ts",
        "tests/integration/db-outage.test.ts",
        "tests/integration/fuzz-accounts.test.ts",
        "tests/integration/fuzz-orders.test.ts",
      ]),
    },
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node", env: serverZone },
      },
      {
        resolve: { alias },
        test: {
          ...integration,
          name: "integration",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          exclude: [...configDefaults.exclude, ...alone, ...isolated],
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: { ...integration, name: "integration-isolated", include: isolated },
      },
      {
        resolve: { alias },
        test: { ...integration, name: "integration-alone", include: alone, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
