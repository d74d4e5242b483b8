import "server-only";
import ipaddr from "ipaddr.js";

// The host names a development server answers (product.md §5). A page on another site can make
// its own name resolve to 127.0.0.1 (DNS rebinding); the visitor's browser then treats this
// server as part of that site, sends `Host: evil.example:3000` and reads the replies, the dev
// outbox's sign-in links included, and its `Origin` matches the `Host` it sent. What such a page
// cannot choose is the name: so development answers only the loopback names, the address it was
// told to listen on (`HOST`) and APP_URL's host (the name the links it mails use), and the dev
// Origin check trusts a `Host` only when it is one of these.

/** Longer than any host name (253) with a port: not parsed. */
const MAX_HOST_CHARS = 300;

/** The host of a `Host` header or a URL's authority, lower-cased, without its port; IP literals in one form. */
function hostOnly(value: string): string | null {
  const written = value.trim().toLowerCase();
  if (written.length === 0 || written.length > MAX_HOST_CHARS) return null;
  const match = /^(?:\[([0-9a-f:.]+)\]|([^:[\]\s]+))(?::\d{0,5})?$/.exec(written);
  const host = match?.[1] ?? match?.[2];
  if (host === undefined) return null;
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return ipaddr.IPv4.parse(host).toString();
  if (ipaddr.IPv6.isValid(host)) return ipaddr.process(host).toString();
  return host;
}

/** `host` as hostOnly gives it: IP literals are already in their one form, so "127.1" is just a name. */
function isLoopbackName(host: string): boolean {
  if (host === "localhost") return true;
  const literal = ipaddr.IPv4.isValidFourPartDecimal(host) || ipaddr.IPv6.isValid(host);
  return literal && ipaddr.parse(host).range() === "loopback";
}

/** Bare (`::1`) or bracketed (`[::1]:3000`): HOST and the `Host` header write IPv6 differently. */
function configuredHost(value: string): string | null {
  return ipaddr.IPv6.isValid(value.trim()) ? hostOnly(`[${value}]`) : hostOnly(value);
}

/**
 * Whether a development server answers a request with this `Host` header: a loopback name
 * (localhost, 127.0.0.0/8, [::1]), the configured `HOST`, or APP_URL's host. Any port.
 */
export function isDevHost(hostHeader: string | null | undefined, own: { host?: string; appUrl: string }): boolean {
  const host = hostHeader ? hostOnly(hostHeader) : null;
  if (host === null) return false;
  if (isLoopbackName(host)) return true;
  if (own.host !== undefined && configuredHost(own.host) === host) return true;
  return hostOnly(new URL(own.appUrl).host) === host;
}

/** The shop's server's check of every request's `Host` (server/front.ts): in development only. */
export function devHostCheck(e: { isProduction: boolean; HOST?: string; appUrl: string }) {
  if (e.isProduction) return undefined;
  return (hostHeader: string | undefined) => isDevHost(hostHeader, { host: e.HOST, appUrl: e.appUrl });
}
