// What the production server settles before Next sees a request (product.md §5):
// - the 100 KB body limit on every route, next-auth's included, before anything is buffered:
//   a declared Content-Length over the limit gets 413 at once (before the body is even sent when
//   the client asks `Expect: 100-continue`); a chunked body is read here and cut off at the limit;
// - a malformed percent-encoded API path gets a JSON 400 (Next would answer with an HTML page);
// - Strict-Transport-Security when APP_URL is https (lib/security-headers.ts has the same rule
//   for the headers Next adds from next.config.ts at build time).
// lib/http.ts keeps the same limit inside the route handlers for `next dev` and Vercel.
import { IncomingMessage } from "node:http";

export const MAX_BODY_BYTES = 100 * 1024;
export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

const TOO_LARGE = JSON.stringify({ error: "Request body is too large.", code: "payload_too_large" });
const MALFORMED_URL = JSON.stringify({ error: "Malformed URL.", code: "malformed_url" });
// How long a refused client may keep sending before its connection is closed (see linger).
const LINGER_MS = 2_000;

/** The Strict-Transport-Security value for this APP_URL, or undefined over http. */
export function hstsFor(appUrl) {
  return appUrl?.trim().toLowerCase().startsWith("https://") ? HSTS_VALUE : undefined;
}

export function declaresTooLarge(req) {
  const length = req.headers["content-length"];
  return length !== undefined && Number(length) > MAX_BODY_BYTES;
}

/** An /api/ path that is not valid percent-encoding (e.g. /api/confirm/%ff). */
export function isMalformedApiPath(req) {
  const path = (req.url ?? "/").split("?")[0];
  if (!path.startsWith("/api/")) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

function sendJson(res, status, body, extra = {}) {
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...extra });
  res.end(body);
}

export function refuseMalformedUrl(res) {
  sendJson(res, 400, MALFORMED_URL);
}

/**
 * Closing a socket while the client is still sending makes the kernel reset the connection,
 * and the client may then lose the 413 it has not read yet. So, like nginx's lingering close,
 * the reply is sent, the write side closed, and what still arrives is dropped for a moment.
 */
function linger(req) {
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  };
  req.resume();
}

export function refuseTooLarge(req, res) {
  linger(req);
  sendJson(res, 413, TOO_LARGE, { connection: "close" });
}

/** A request like `req` whose body is `body`, already read, with its length declared. */
function replay(req, body) {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  copy.httpVersion = req.httpVersion;
  const rawHeaders = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i].toLowerCase();
    if (name !== "transfer-encoding" && name !== "content-length") rawHeaders.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  rawHeaders.push("Content-Length", String(body.length));
  copy.rawHeaders = rawHeaders;
  const headers = { ...req.headers, "content-length": String(body.length) };
  delete headers["transfer-encoding"];
  copy.headers = headers;
  copy.complete = true;
  copy.push(body);
  copy.push(null);
  return copy;
}

/**
 * Calls next(request) once the request's body is known to fit, or answers 413 and never calls
 * it. A body with a declared length within the limit passes through unread (Node's parser stops
 * at that length); a chunked one is read here, at most the limit, and handed on in one piece.
 */
export function limitBody(req, res, next) {
  if (declaresTooLarge(req)) return refuseTooLarge(req, res);
  if (req.headers["transfer-encoding"] === undefined) return next(req);
  const chunks = [];
  let size = 0;
  let settled = false;
  req.on("data", (chunk) => {
    if (settled) return;
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      settled = true;
      chunks.length = 0;
      refuseTooLarge(req, res);
      return;
    }
    chunks.push(chunk);
  });
  req.on("end", () => {
    if (settled) return;
    settled = true;
    next(replay(req, Buffer.concat(chunks)));
  });
  // The client went away mid-body: nothing to answer.
  req.on("error", () => {
    settled = true;
  });
}

/** `Expect: 100-continue`: a body over the limit is refused before the client sends it. */
export function onCheckContinue(req, res, handle) {
  if (declaresTooLarge(req)) return refuseTooLarge(req, res);
  res.writeContinue();
  handle(req, res);
}
