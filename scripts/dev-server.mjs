// The development HTTP server (`npm run dev`), started by scripts/start.ts once the database is
// ready: Next.js in development mode behind a plain Node HTTP server, as scripts/serve.mjs does
// in production, so that pages and route handlers can see the socket's address (`next dev`
// cannot tell them). /dev/outbox answers only when that address is this machine's.
import { createServer } from "node:http";
import next from "next";
import { stopOnSignals } from "./shutdown.mjs";

// The header and the variable lib/client-ip.ts reads (PEER_HEADER, PEER_ENV), and
// lib/email/outbox.ts's RELAYED_HEADER.
const PEER_HEADER = "x-fresh-bowl-peer";
const RELAYED_HEADER = "x-fresh-bowl-relayed";
process.env.FRESH_BOWL_PEER_HEADER = "1";

const port = Number(process.env.PORT ?? 3000);
// scripts/start.ts sets HOST (127.0.0.1 unless the developer chose otherwise).
const host = process.env.HOST || "127.0.0.1";
const app = next({ dev: true, dir: process.cwd(), hostname: host, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  // Always overwritten, so a client cannot choose its own address.
  req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "";
  req.headers[RELAYED_HEADER] = req.headers.forwarded || req.headers["x-forwarded-for"] ? "1" : "0";
  void handle(req, res);
});
server.listen(port, host, () =>
  console.log(`[fresh-bowl] ready on ${process.env.APP_URL ?? `http://localhost:${port}`} (listening on ${host})`),
);

stopOnSignals(server, app, { dropBusyConnections: true });
