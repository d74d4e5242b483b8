import path from "node:path";
import { defineConfig } from "vitest/config";

// `server-only` throws outside React's server build; tests run the server modules directly, as
// the server does, so it resolves to the package's own empty module here. next/cache works only
// inside a Next.js server: tests/support/next-cache.ts stands in for it.
const alias = [
  { find: "@", replacement: path.resolve(import.meta.dirname) },
  { find: /^server-only$/, replacement: path.resolve(import.meta.dirname, "node_modules/server-only/empty.js") },
  { find: /^next\/cache$/, replacement: path.resolve(import.meta.dirname, "tests/support/next-cache.ts") },
];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          setupFiles: ["tests/integration/setup.ts"],
          // One database for the run; files run one after another so they can share it.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
