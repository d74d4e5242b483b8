// What the shop's server does in front of Next's request handler: only what Next cannot do, in
// plain HTTP (product.md §5). Each rule is written once, here or in the lib/ module it names:
// - the socket's address, for per-IP limits when no proxy is trusted (lib/client-ip.ts), and
//   whether a proxy relayed the request (the dev outbox, lib/email/outbox.ts);
// - the 100 KB body limit (lib/limits.ts) before anything is buffered, on every route: a declared
//   Content-Length over it gets 413 at once (before the body is sent when the client asks
//   `Expect: 100-continue`); a chunked body is counted as Next reads it and cut off at the limit;
// - a JSON 400 for an /api/ path that is not valid percent-encoding (Next would answer an HTML page);
// - Strict-Transport-Security when APP_URL is https (lib/security-headers.ts): APP_URL is known
//   only when the server starts, after next.config.ts's headers were fixed at build time;
// - 431 for a User-Agent longer than any real one, which Next would read in quadratic time;
// - in development, 421 for a `Host` it does not serve (DNS rebinding, lib/dev-hosts.ts).
// Every request header read here is read in time proportional to its length.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { PEER_HEADER } from "@/lib/client-ip";
import { RELAYED_HEADER } from "@/lib/email/outbox";
import type { ErrorCode } from "@/lib/error-codes";
import { MAX_BODY_BYTES } from "@/lib/limits";

export type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

export type FrontOptions = {
  /** The Strict-Transport-Security value to send on every reply, if any. */
  hsts?: string;
  /** How long a refused client may keep sending before its connection is closed (see lingerThenClose). */
  lingerMs?: number;
  /** Only requests whose `Host` this accepts are answered; the others get 421. Unset: any. */
  servesHost?: (host: string | undefined) => boolean;
};

const errorBody = (error: string, code: ErrorCode) => JSON.stringify({ error, code });
const TOO_LARGE = errorBody("Request body is too large.", "payload_too_large");
const MALFORMED_URL = errorBody("Malformed URL.", "malformed_url");
const HEADER_TOO_LARGE = errorBody("The User-Agent header is too long.", "header_too_large");
// 421 Misdirected Request: this server is not configured to answer for that host name (RFC 9110
// §15.5.20), which is the case; 403 would read as the client lacking a permission.
const MISDIRECTED = errorBody(
  "This development server answers only localhost, 127.0.0.1, [::1], its HOST and APP_URL's host.",
  "misdirected",
);
const LINGER_MS = 2_000;
// What a refused client may still send during the lingering close before it is cut off.
const LINGER_BYTES = 1024 * 1024;
// Next tests the User-Agent against its bot patterns on every request, in time that grows with
// the square of its length; no browser or crawler sends one anywhere near this long.
const MAX_USER_AGENT_CHARS = 1024;

function sendJson(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

/** Whether the declared Content-Length is over the limit (Node has already refused a malformed one). */
function declaresTooLarge(req: IncomingMessage): boolean {
  const declared = req.headers["content-length"];
  return declared !== undefined && Number(declared) > MAX_BODY_BYTES;
}

/** An /api/ path that is not valid percent-encoding (e.g. /api/confirm/%ff). */
export function isMalformedApiPath(url: string): boolean {
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  if (!path.startsWith("/api/")) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/** Overwrites, on every request, the headers only this server may write: a client cannot choose them. */
function markPeer(req: IncomingMessage): void {
  req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "";
  req.headers[RELAYED_HEADER] = req.headers.forwarded !== undefined || req.headers["x-forwarded-for"] !== undefined ? "1" : "0";
}

/**
 * After the reply, a client may still be sending a body nobody wants. Closing the socket
 * meanwhile would make the kernel reset the connection, and the client could lose the reply it
 * has not read yet; so, like nginx's lingering close, what still arrives is read and dropped (by
 * Node, or by a reader of Next's that no longer uses it) while the client finishes, and the
 * connection stays usable once it has. A body that has not ended within `lingerMs`, or brings
 * more than LINGER_BYTES meanwhile, is cut off: the write side is closed first, the rest a moment later.
 */
function lingerThenClose(req: IncomingMessage, lingerMs: number): void {
  if (req.complete) return;
  let extra = 0;
  const onData = (chunk: Buffer) => {
    extra += chunk.length;
    if (extra > LINGER_BYTES) close();
  };
  const close = () => {
    clearTimeout(timer);
    req.off("data", onData);
    const socket = req.socket;
    socket.end();
    const last = setTimeout(() => socket.destroy(), lingerMs);
    last.unref();
    socket.once("close", () => clearTimeout(last));
  };
  const timer = setTimeout(close, lingerMs);
  timer.unref();
  req.on("data", onData);
  req.once("end", () => {
    clearTimeout(timer);
    req.off("data", onData);
  });
  req.once("close", () => clearTimeout(timer));
}

/** Refuses a body over the limit: a whole 413 at once, then the lingering close. */
function refuseTooLarge(req: IncomingMessage, res: ServerResponse, lingerMs: number): void {
  sendJson(res, 413, TOO_LARGE);
  lingerThenClose(req, lingerMs);
}

/**
 * Counts the body's bytes as they are read, however Next reads them (a 'data' listener sees every
 * chunk whether the stream is piped, iterated or read), and refuses it past the limit: 413 when
 * the reply has not started. The counter is attached only when someone starts reading, so the
 * stream's mode stays the reader's choice.
 */
function limitBody(req: IncomingMessage, res: ServerResponse, lingerMs: number): void {
  let received = 0;
  let counting = false;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= MAX_BODY_BYTES) return;
    req.off("data", count);
    // Next may have answered already (its route handlers check the limit too).
    if (res.headersSent) lingerThenClose(req, lingerMs);
    else refuseTooLarge(req, res, lingerMs);
  };
  const start = () => {
    if (counting) return;
    counting = true;
    req.off("newListener", onListener);
    req.on("data", count);
  };
  const onListener = (event: string | symbol) => {
    if (event === "data" || event === "readable") start();
  };
  req.on("newListener", onListener);
  res.once("finish", () => {
    req.off("newListener", onListener);
    // Nobody read the body: Node drops it as it comes, for a moment.
    if (!counting) lingerThenClose(req, lingerMs);
  });
}

/** The rules above, in the order they apply, around `handle` (Next's request handler). */
function front(handle: Handler, options: FrontOptions = {}) {
  const lingerMs = options.lingerMs ?? LINGER_MS;
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    markPeer(req);
    if (options.hsts) res.setHeader("Strict-Transport-Security", options.hsts);
    if (options.servesHost && !options.servesHost(req.headers.host)) {
      sendJson(res, 421, MISDIRECTED);
      return lingerThenClose(req, lingerMs);
    }
    if ((req.headers["user-agent"]?.length ?? 0) > MAX_USER_AGENT_CHARS) return sendJson(res, 431, HEADER_TOO_LARGE);
    if (isMalformedApiPath(req.url ?? "/")) return sendJson(res, 400, MALFORMED_URL);
    if (declaresTooLarge(req)) return refuseTooLarge(req, res, lingerMs);
    limitBody(req, res, lingerMs);
    void handle(req, res);
  };
  /** `Expect: 100-continue`: a body over the limit is refused before the client sends it. */
  const onCheckContinue = (req: IncomingMessage, res: ServerResponse) => {
    if (!declaresTooLarge(req)) res.writeContinue();
    onRequest(req, res);
  };
  return { onRequest, onCheckContinue };
}

/** A Node HTTP server that applies the rules above before `handle`. */
export function createFrontServer(handle: Handler, options: FrontOptions = {}): Server {
  const { onRequest, onCheckContinue } = front(handle, options);
  const server = createServer(onRequest);
  server.on("checkContinue", onCheckContinue);
  // Idle keep-alive connections stay open longer than a load balancer's (60 s), so a client never
  // sends on a socket the server is just closing (Node's default is 5 s).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}
