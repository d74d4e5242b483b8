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
// - 431 for a User-Agent longer than any real one, which Next would read in quadratic time.
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
  /** How long a refused client may keep sending before its connection is closed (see lingeringClose). */
  lingerMs?: number;
};

const errorBody = (error: string, code: ErrorCode) => JSON.stringify({ error, code });
const TOO_LARGE = errorBody("Request body is too large.", "payload_too_large");
const MALFORMED_URL = errorBody("Malformed URL.", "malformed_url");
const HEADER_TOO_LARGE = errorBody("The User-Agent header is too long.", "header_too_large");
const LINGER_MS = 2_000;
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
 * Closing a socket while the client is still sending makes the kernel reset the connection, and
 * the client may then lose the 413 it has not read yet. So, like nginx's lingering close, once
 * the reply is out the write side is closed and what still arrives is read (by Node, which
 * discards a body nobody reads) for a moment before the connection goes.
 */
function lingeringClose(req: IncomingMessage, res: ServerResponse, lingerMs: number): void {
  const socket = req.socket;
  const close = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  };
  if (res.writableFinished) close();
  else res.once("finish", close);
}

/** Refuses a body over the limit: 413 (no Connection: close, which would make Node reset the socket at once), then a lingering close. */
function refuseTooLarge(req: IncomingMessage, res: ServerResponse, lingerMs: number): void {
  sendJson(res, 413, TOO_LARGE);
  lingeringClose(req, res, lingerMs);
}

/**
 * Counts the body's bytes as they are read, however Next reads them (a 'data' listener sees every
 * chunk whether the stream is piped, iterated or read), and cuts the request off past the limit:
 * 413 when the reply has not started. The counter is attached only when someone starts reading,
 * so the stream's mode stays the reader's choice.
 */
function limitBody(req: IncomingMessage, res: ServerResponse, lingerMs: number): void {
  let received = 0;
  let counting = false;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= MAX_BODY_BYTES) return;
    req.off("data", count);
    // Next may have answered already (its route handlers check the limit too): then the
    // connection closes once that reply is out.
    if (res.headersSent) lingeringClose(req, res, lingerMs);
    else refuseTooLarge(req, res, lingerMs);
    // A reader in flowing mode gets nothing more; one that pulls (an async iterator) gets at most
    // what arrives during the lingering close, and the request ends with the connection.
    req.pause();
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
    // A body nobody read is discarded by Node, however long it is; once the reply is out it is
    // not waited for.
    if (!req.complete && !counting) lingeringClose(req, res, lingerMs);
  });
}

/** The rules above, in the order they apply, around `handle` (Next's request handler). */
function front(handle: Handler, options: FrontOptions = {}) {
  const lingerMs = options.lingerMs ?? LINGER_MS;
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    markPeer(req);
    if (options.hsts) res.setHeader("Strict-Transport-Security", options.hsts);
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
