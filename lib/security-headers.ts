// The security headers on every reply (product.md §5), built here so a test can check them.
// next.config.ts sets them on every path at build time, with a Content Security Policy that
// allows no payment gateway. The gateway's origins are the running server's settings, not the
// build's: proxy.ts sets the policy again, per request, on the pages it runs for (every page
// but the public / and /menu, which never open Checkout) from pagePolicy(). Strict-Transport-
// Security depends on APP_URL, which may only be known when the server starts, so the shop's
// server (server/) adds it at run time from strictTransportSecurity().
// Client-safe and free of server-only imports: next.config.ts loads it outside Next's server.

type Header = { key: string; value: string };

/** Two years, subdomains included: a shop on https never has a reason to be reached over http. */
const HSTS_VALUE = "max-age=63072000; includeSubDomains";

/** Where the payment gateway serves its Checkout script and its frame (product.md §10): two hosts at Razorpay. */
export type GatewayOrigins = { checkoutUrl: string; apiUrl: string };

/** The Content Security Policy; `gateway`: the payment gateway's origins, when one is configured. */
export function contentSecurityPolicy({ dev, gateway }: { dev: boolean; gateway?: GatewayOrigins }): string {
  // Next's own inline bootstrap scripts need 'unsafe-inline' without per-request nonces (which
  // would make every page dynamic); the dev server also evaluates code for fast refresh.
  // A configured gateway adds exactly its script origin and its frame origin, nothing wider.
  const script = gateway ? ` ${new URL(gateway.checkoutUrl).origin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}${script}`,
    ...(gateway ? [`frame-src ${new URL(gateway.apiUrl).origin}`] : []),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    // The service worker (public/sw.js) and the web app manifest, both from the shop itself.
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * The Strict-Transport-Security value, only when the shop's own URL is https: over http it would
 * be ignored, and on localhost it would stick to every other local app.
 */
export function strictTransportSecurity(appUrl: string): string | undefined {
  return appUrl.trim().toLowerCase().startsWith("https://") ? HSTS_VALUE : undefined;
}

/** The headers next.config.ts sets on every reply, before proxy.ts sees the request. */
export function securityHeaders({ dev }: { dev: boolean }): Header[] {
  return [
    { key: "Content-Security-Policy", value: contentSecurityPolicy({ dev }) },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  ];
}
