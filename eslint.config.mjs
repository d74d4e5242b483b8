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
    ignores: [
      ".next/**",
      ".next-*/**",
      "node_modules/**",
      ".data/**",
      ".bench/**",
      "dist/**",
      "lib/generated/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
];
export default config;
