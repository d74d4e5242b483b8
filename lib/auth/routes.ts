import type { Role } from "@/lib/auth/types";

// Which pages exist and who may see them. Used by proxy.ts; pages check again on the server.

const SIGNED_IN = [
  /^\/cart$/,
  /^\/checkout(\/address|\/payment)?$/,
  /^\/order-success$/,
  /^\/ordersuccess$/,
  /^\/orders(\/[^/]+)?$/,
  /^\/orders\/[^/]+\/invoice$/,
  /^\/help$/,
  // The customer's own page and what it links to (product.md §13).
  /^\/account(\/addresses)?$/,
  /^\/account\/favourites$/,
  // A credit note (product.md §11): its number URL-encoded (CN%2F26-27%2F1), or decoded by a client.
  /^\/orders\/[^/]+\/credit-notes\/[^/]+(?:\/[^/]+\/[^/]+)?$/,
];
const ADMIN = [/^\/admin(\/(dashboard|orders|kitchen|menu|users|reports|settings|complaints|offers|riders))?$/, /^\/admin\/orders\/[^/]+$/];
// The rider's page (product.md §12): riders and admins.
const RIDER = [/^\/rider$/];
const PUBLIC = [
  /^\/$/,
  /^\/menu$/,
  /^\/login$/,
  /^\/register$/,
  /^\/confirm\/[^/]+$/,
  /^\/reset-password\/[^/]+$/,
  /^\/dev\/outbox$/,
  /^\/policies$/,
  // What the service worker shows offline (product.md §14).
  /^\/offline$/,
];

export type Access = "public" | "signed-in" | "rider" | "admin" | "unknown";

export function accessFor(pathname: string): Access {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (ADMIN.some((r) => r.test(path))) return "admin";
  if (RIDER.some((r) => r.test(path))) return "rider";
  if (SIGNED_IN.some((r) => r.test(path))) return "signed-in";
  if (PUBLIC.some((r) => r.test(path))) return "public";
  return "unknown";
}

// C0 controls and DEL: a browser drops tabs and newlines from a URL, so "/\t/evil.example" is
// followed as "//evil.example" (another origin); no path of the shop holds any of them.
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Whether `value` is a path on this site. A leading "//" (or "/\", which browsers read the same
 * way) names another origin, and so may one with a control character.
 */
export function isSameSitePath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") && !CONTROL.test(value);
}

/** Only same-site paths are followed after sign-in, never another origin. */
export function safeNext(next: string | null | undefined, fallback = "/"): string {
  return next && isSameSitePath(next) ? next : fallback;
}

/** Where a signed-in user goes from /login: the `next` path when safe, else by role. */
export function afterSignIn(next: string | null | undefined, role: Role): string {
  return safeNext(next, role === "admin" ? "/admin/dashboard" : "/");
}
