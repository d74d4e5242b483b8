import { env } from "@/lib/env";

// Which client a request comes from, for per-IP rate limits.
// - Behind a proxy (TRUST_PROXY=true): the first X-Forwarded-For address, which the proxy sets.
// - `npm start`: the socket's address, which scripts/serve.mjs copies into PEER_HEADER on every
//   request (overwriting whatever the client sent) and announces through PEER_ENV.
// - Otherwise (e.g. a bare `next start`): one shared bucket, since a client-sent header
//   cannot be trusted there.

export const PEER_HEADER = "x-fresh-bowl-peer";
export const PEER_ENV = "FRESH_BOWL_PEER_HEADER";

export function clientIp(req: Request): string {
  if (env().TRUST_PROXY) {
    const first = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (first) return first;
    const real = req.headers.get("x-real-ip")?.trim();
    if (real) return real;
  }
  if (process.env[PEER_ENV] === "1") {
    // IPv4 clients of a dual-stack socket show up as ::ffff:a.b.c.d.
    const peer = req.headers.get(PEER_HEADER)?.trim().replace(/^::ffff:/, "");
    if (peer) return peer;
  }
  return "direct";
}
