import { isIPv4, isIPv6 } from "node:net";
import { env } from "@/lib/env";

// Which client a request comes from, for per-IP rate limits (product.md §1, TRUST_PROXY).
// - TRUST_PROXY=N (true = 1): N proxies in front each append the address they were reached from
//   to X-Forwarded-For, so the client is the Nth entry from the right. Entries further left were
//   written by the client itself and are never used.
// - Otherwise the socket's address, which scripts/serve.mjs (`npm start`) copies into PEER_HEADER
//   on every request (overwriting whatever the client sent) and announces through PEER_ENV.
// - Neither (`npm run dev`, which listens on 127.0.0.1, or a hand-started `next start`): one
//   shared bucket, "direct". That fails closed: no header a client writes can buy it a fresh
//   bucket, at the cost of every client sharing the per-IP allowance (the per-account limits
//   still apply to each account on its own).
//
// Keys are addresses in one canonical form, so that the many spellings of one address
// (compressed or not, upper case, IPv4-mapped IPv6, with a port) share a bucket, and IPv6
// clients are keyed per /64: one home or one server is handed a whole /64 to pick from.

export const PEER_HEADER = "x-fresh-bowl-peer";
export const PEER_ENV = "FRESH_BOWL_PEER_HEADER";
export const NO_ADDRESS = "direct";

function stripPortAndZone(raw: string): string {
  let s = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(s);
  if (bracketed) s = bracketed[1];
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(s)) s = s.slice(0, s.lastIndexOf(":"));
  return s.replace(/%.*$/, "");
}

/** The eight 16-bit groups of a valid IPv6 address (any spelling), or null. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  let s = address.toLowerCase();
  const lastColon = s.lastIndexOf(":");
  const tail = s.slice(lastColon + 1);
  if (tail.includes(".")) {
    const [a, b, c, d] = tail.split(".").map(Number);
    s = `${s.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [left, right] = s.split("::");
  const head = left ? left.split(":") : [];
  const rest = right === undefined ? [] : right ? right.split(":") : [];
  const zeros = right === undefined ? [] : Array<string>(8 - head.length - rest.length).fill("0");
  const groups = [...head, ...zeros, ...rest].map((g) => parseInt(g, 16));
  return groups.length === 8 ? groups : null;
}

const dotted = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * The rate-limit key of one address: IPv4 as a.b.c.d; IPv6 as its /64 ("2001:db8:0:1::/64"),
 * except IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d) addresses, which are the
 * IPv4 client of a dual-stack socket. Anything else is kept as it was written (trimmed): it came
 * from a trusted proxy or the socket, and lib/rate-limit.ts hashes keys of any length.
 */
export function addressKey(raw: string): string {
  const address = stripPortAndZone(raw);
  if (isIPv4(address)) return address;
  const g = ipv6Groups(address);
  if (!g) return raw.trim();
  const upperZero = g.slice(0, 5).every((x) => x === 0);
  if (upperZero && g[5] === 0xffff) return dotted(g[6], g[7]);
  if (upperZero && g[5] === 0 && g[6] !== 0) return dotted(g[6], g[7]);
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(":")}::/64`;
}

/** The X-Forwarded-For entry that the TRUST_PROXY proxies wrote about the client, if any. */
function forwardedClient(req: Request, proxies: number): string | undefined {
  const chain = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (chain.length === 0) return undefined;
  // A chain shorter than the number of proxies skipped some of them; every entry in it was then
  // written by a proxy (a client-written entry only ever lengthens it), so the leftmost is the client.
  return chain[Math.max(0, chain.length - proxies)];
}

export function clientIp(req: Request): string {
  const proxies = env().TRUST_PROXY;
  if (proxies > 0) {
    const forwarded = forwardedClient(req, proxies);
    if (forwarded) return addressKey(forwarded);
  }
  if (process.env[PEER_ENV] === "1") {
    const peer = req.headers.get(PEER_HEADER)?.trim();
    if (peer) return addressKey(peer);
  }
  return NO_ADDRESS;
}
