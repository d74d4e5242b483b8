import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    // sonner loads with the first toast (components/ui/toast.ts); a static import anywhere else
    // would put it back into every page's first load.
    files: ["**/*.{ts,tsx}"],
    ignores: ["components/ui/toast.ts", "components/ui/lazy-toaster.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "sonner", message: "Import toast from @/components/ui/toast: sonner is loaded with the first toast." }] },
      ],
    },
  },
  {
    // The imitations of outside services (imitations/) are for development and tests, reached by
    // configuration (an API base URL): the shop itself never imports one, so none is bundled.
    files: ["app/**", "components/**", "lib/**", "server/**", "proxy.ts", "instrumentation.ts", "next.config.ts"],
    ignores: ["components/ui/toast.ts", "components/ui/lazy-toaster.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "sonner", message: "Import toast from @/components/ui/toast: sonner is loaded with the first toast." }],
          patterns: [
            {
              group: ["@/imitations/*", "**/imitations/*"],
              message: "The shop reaches an imitation through its settings (its base URL), never by import.",
            },
          ],
        },
      ],
    },
  },
  {
    // Environment variables are read in lib/env.ts (typed, checked once) and, for the few the
    // browser's bundle may see, lib/public-env.ts.
    files: ["app/**", "components/**", "lib/**", "proxy.ts", "instrumentation.ts"],
    ignores: [
      "lib/env.ts",
      "lib/public-env.ts",
      // Moving to lib/env.ts in the branches that own them (issue 21).
      "lib/client-ip.ts",
      "lib/realtime/menu-expiry.ts",
    ],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read environment variables through env() from @/lib/env." },
      ],
    },
  },
  {
    ignores: [
      ".next/**",
      ".next-*/**",
      "node_modules/**",
      ".data/**",
      ".bench/**",
      "dist/**",
      // The service worker as built (scripts/service-worker.ts): its source is app/sw.ts.
      "public/sw.js",
      "lib/generated/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
];
export default config;
