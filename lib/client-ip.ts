import "server-only";
import ipaddr from "ipaddr.js";
import { env } from "@/lib/env";

// Which client a request comes from, for per-IP rate limits (product.md §1, TRUST_PROXY).
// - TRUST_PROXY=N (true = 1): N proxies in front each append the address they were reached from
//   to X-Forwarded-For, so the client is the Nth entry from the right. Entries further left were
//   written by the client itself and are never used.
// - Otherwise the socket's address, which the shop's server (server/front.ts, `npm start` and
//   `npm run dev`) writes into PEER_HEADER on every request (overwriting whatever the client
//   sent), announced through PEER_ENV.
// - Neither (a hand-started `next start` or `next dev`, a serverless host): one
//   shared bucket, "direct". That fails closed: no header a client writes can buy it a fresh
//   bucket, at the cost of every client sharing the per-IP allowance (the per-account limits
//   still apply to each account on its own).
//
// Keys are addresses in one canonical form, so that the many spellings of one address
// (compressed or not, upper case, IPv4-mapped IPv6, with a port) share a bucket, and IPv6
// clients are keyed per /64: one home or one server is handed a whole /64 to pick from. But a
// /64 is not scarce either: a network is commonly handed a /56 or a /48, 256 or 65,536 of them,
// so the per-IP limits also count per /56 and /48 (lib/rate-limit.ts), and a /48 is what gets a
// fair share of the password-hashing queue (lib/auth/password.ts).

export const PEER_HEADER = "x-fresh-bowl-peer";
export const PEER_ENV = "FRESH_BOWL_PEER_HEADER";
export const NO_ADDRESS = "direct";

// No address, however written (brackets, a port, a zone), is longer than this; longer values are
// not parsed, so a long forwarded header costs no more than reading it.
const MAX_ADDRESS_CHARS = 100;

/** The address alone: without [brackets], a :port or a %zone. */
function hostPart(s: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(s);
  const host = bracketed ? bracketed[1] : /^[\d.]+:\d+$/.test(s) ? s.slice(0, s.lastIndexOf(":")) : s;
  const zone = host.indexOf("%");
  return zone === -1 ? host : host.slice(0, zone);
}

/**
 * The rate-limit key of one address: IPv4 as a.b.c.d; IPv6 as its /64 ("2001:db8:0:1::/64"),
 * except IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d) addresses, which are the
 * IPv4 client of a dual-stack socket. Anything else is kept as it was written (trimmed): it came
 * from a trusted proxy or the socket, and lib/rate-limit.ts hashes keys of any length.
 */
export function addressKey(raw: string): string {
  const written = raw.trim();
  if (written.length > MAX_ADDRESS_CHARS) return written;
  const host = hostPart(written);
  // Only the dotted four-part form: ipaddr.js would also read "127.1" or "0x7f.0.0.1" as IPv4.
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return ipaddr.IPv4.parse(host).toString();
  if (!ipaddr.IPv6.isValid(host)) return written;
  const address = ipaddr.IPv6.parse(host);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  const [a, b, c, d, e, f, g] = address.parts;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0 && g !== 0) {
    return address.toByteArray().slice(12).join(".");
  }
  return `${address.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(":")}::/64`;
}

/** The /64 of an IPv6 key as addressKey writes it ("2001:db8:0:1::/64"), else null. */
function ipv6Client(key: string): ipaddr.IPv6 | null {
  if (!key.endsWith("::/64") || !ipaddr.IPv6.isValidCIDR(key)) return null;
  const [address, prefix] = ipaddr.IPv6.parseCIDR(key);
  return prefix === 64 ? address : null;
}

function network(address: ipaddr.IPv6, prefix: number): string {
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${prefix}`).toString()}/${prefix}`;
}

/** The wider IPv6 networks a client key counts against too, /56 then /48; none for IPv4 or anything else. */
export function widerNetworks(key: string): { prefix: 56 | 48; key: string }[] {
  const address = ipv6Client(key);
  if (!address) return [];
  return ([56, 48] as const).map((prefix) => ({ prefix, key: network(address, prefix) }));
}

/** The network a client key belongs to for a fair share of something scarce: an IPv6 /48, one IPv4 address. */
export function networkOf(key: string): string {
  const address = ipv6Client(key);
  return address ? network(address, 48) : key;
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
