// The shop's HTTP server for `npm start` and `npm run dev`, started by scripts/start.ts once the
// database is ready: Next's own request handler behind the rules of server/front.ts. Bundled by
// server/bundle.ts into plain JavaScript, so Node runs it without a TypeScript loader.
import next from "next";
import { PEER_ENV } from "@/lib/client-ip";
import { devHostCheck } from "@/lib/dev-hosts";
import { env } from "@/lib/env";
import { strictTransportSecurity } from "@/lib/security-headers";
import { stopsInProgress } from "@/lib/stop-on-signal";
import { createFrontServer } from "./front";

const { appUrl, isProduction, PORT: port, HOST: host } = env();
const dev = !isProduction;

// Tells lib/client-ip.ts, inside Next in this process, that every request carries the socket's address.
process.env[PEER_ENV] = "1";

const app = next({ dev, dir: process.cwd(), hostname: host, port });
const handle = app.getRequestHandler();
await app.prepare();

const hsts = strictTransportSecurity(appUrl);
const server = createFrontServer((req, res) => handle(req, res), { hsts, servesHost: devHostCheck(env()) });

server.listen(port, host, () => console.log(`[fresh-bowl] ready on ${appUrl}${host ? ` (listening on ${host})` : ""}`));

/** How long a stop lets requests in flight finish: below Docker's 10 s before its own SIGKILL. */
const STOP_GRACE_MS = 8_000;

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  // Development drops open connections at once (a browser's hot-reload stream would otherwise hold
  // the exit); production lets requests in flight finish.
  if (dev) server.closeAllConnections();
  else server.closeIdleConnections();
  // A socket that never sent a request (a browser's preconnect, a client that went quiet) is not
  // idle to Node and would hold server.close() until its client leaves: after the grace period,
  // whatever is still open is cut off.
  const cutOff = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
  await new Promise((resolve) => server.close(resolve));
  clearTimeout(cutOff);
  await app.close().catch(() => undefined);
  // The mail worker and the live-updates listener stop on the same signal (lib/stop-on-signal.ts);
  // a mail being sent must finish or be released first, or its job would stay locked for hours.
  await stopsInProgress();
  process.exit(0);
}
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
