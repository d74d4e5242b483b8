// The production HTTP server, started by scripts/start.ts once the database is ready.
// Plain JavaScript on purpose: running Next.js under the TypeScript loader (tsx) costs
// ~160 MB of memory for nothing.
//
// Next.js runs in this process behind a plain Node HTTP server so that every request carries
// the socket's address for per-IP rate limits (route handlers cannot see the socket). The
// header and the variable are the ones lib/client-ip.ts reads.
import { createServer } from "node:http";
import compression from "compression";
import next from "next";
import { hstsFor, isMalformedApiPath, limitBody, onCheckContinue, refuseMalformedUrl } from "./transport.mjs";
import { stopOnSignals } from "./shutdown.mjs";

const PEER_HEADER = "x-fresh-bowl-peer";
process.env.FRESH_BOWL_PEER_HEADER = "1";

const port = Number(process.env.PORT ?? 3000);
const app = next({ dev: false, dir: process.cwd(), port });
const handle = app.getRequestHandler();
await app.prepare();

// Compression happens here, not in Next (next.config.ts: compress: false), so that replies to
// writes (POST, PUT, PATCH, DELETE: an order, a message, an error, all about one packet) are
// sent as they are: gzipping the ~1.2 KB reply to a placed order cost ~13% of its CPU for no gain
// on the wire (measured, bench/README.md). Next hides a route's Content-Length, so the size
// threshold alone cannot tell.
const compress = compression({
  threshold: 1400,
  filter: (req, res) => (req.method === "GET" || req.method === "HEAD") && compression.filter(req, res),
});

const hsts = hstsFor(process.env.APP_URL ?? process.env.NEXTAUTH_URL);

function toNext(req, res) {
  // Always overwritten, so a client cannot choose its own address.
  req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "";
  // Writes are never compressed (see compress): they skip the middleware altogether, whose
  // wrapping of every reply still cost ~3% of a placed order's CPU (bench/README.md).
  if (req.method !== "GET" && req.method !== "HEAD") {
    headersWithBody(res);
    return void handle(req, res);
  }
  compress(req, res, () => void handle(req, res));
}

// Next sends a route's headers on their own before its body (res.flushHeaders() in its
// pipe to the response): one more socket write per reply. A reply to a write is about one
// packet, so its headers leave with the body, which Node writes at once with the end of the
// reply: one write instead of two (a socket write on loopback costs ~0.25 ms of CPU on these
// machines, ~6% of a placed order; bench/README.md).
function headersWithBody(res) {
  res.flushHeaders = () => {};
}

function onRequest(req, res) {
  if (hsts) res.setHeader("Strict-Transport-Security", hsts);
  if (isMalformedApiPath(req)) return refuseMalformedUrl(res);
  // Before Next: it would otherwise read (and, for proxied paths, copy) the whole body first.
  limitBody(req, res, (checked) => toNext(checked, res));
}

const server = createServer(onRequest);
server.on("checkContinue", (req, res) => onCheckContinue(req, res, onRequest));
// Idle keep-alive connections stay open longer than a load balancer's (60 s), so a client never
// sends on a socket the server is just closing (Node's default is 5 s).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, process.env.HOST || undefined, () =>
  console.log(`[fresh-bowl] ready on ${process.env.APP_URL ?? `http://localhost:${port}`}`),
);

stopOnSignals(server, app);
