// Development outbox: with no RESEND_API_KEY, mails are kept here (newest first) and printed
// to the server log, so a developer can follow confirmation and reset links. It lives in the
// memory of the process that sends the mail: the server itself when the mail worker runs inside
// it (the default), so /dev/outbox lists them; a separate `npm run worker` only logs them.

export type OutboxMail = { id: string; to: string; subject: string; html: string; text: string; sentAt: string };

const LIMIT = 50;
const globalForOutbox = globalThis as unknown as { freshBowlOutbox?: OutboxMail[] };

export function outbox(): OutboxMail[] {
  globalForOutbox.freshBowlOutbox ??= [];
  return globalForOutbox.freshBowlOutbox;
}

export function addToOutbox(mail: OutboxMail) {
  const box = outbox();
  box.unshift(mail);
  box.length = Math.min(box.length, LIMIT);
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (a dual-stack socket's view of an IPv4 peer). */
export function isLoopback(address: string): boolean {
  const v4 = address.replace(/^::ffff:/i, "");
  return address === "::1" || /^127(\.\d{1,3}){3}$/.test(v4);
}

/**
 * Set by the shop's server (server/front.ts) on every request: "1" when it arrived with Forwarded
 * or X-Forwarded-For (a proxy or tunnel on this machine relayed it from elsewhere), else "0".
 * (Next itself fills X-Forwarded-For in later, so the page cannot look at that header.)
 */
export const RELAYED_HEADER = "x-fresh-bowl-relayed";

/**
 * Whether /dev/outbox may answer: never in production, and only to a request from this machine
 * as the server's socket saw it (`peer`, set by server/front.ts; null when no server of
 * ours stands in front, e.g. a bare `next dev`, which cannot tell), not relayed by a proxy, for
 * one of the names a development server answers (`servedHost`: a page whose own name resolves to
 * this machine must not read it; lib/dev-hosts.ts).
 */
export function outboxVisible({
  production,
  peer,
  relayed,
  servedHost,
}: {
  production: boolean;
  peer: string | null;
  relayed: string | null;
  servedHost: boolean;
}): boolean {
  return !production && servedHost && relayed === "0" && peer !== null && isLoopback(peer.trim());
}
