// Whether an error means "the database cannot be reached right now" (a restart, a failover, a
// full pool) rather than "this query is wrong". The API answers the first with 503 and
// Retry-After (lib/http.ts): the client may simply try again once the pool has reconnected.
//
// Errors arrive in several wrappings: pg's own (a socket error, a server error with a SQLSTATE,
// a plain Error for a dropped connection or a pool timeout), Prisma's (a P-code, with the
// driver adapter's error in `meta.driverAdapterError` or `cause`), and anything that wraps
// those in `cause` or an AggregateError. So the whole chain is searched.

// Node socket errors while connecting or talking to the server.
import { findInErrorChain, type LooseError } from "@/lib/db/error-chain";

const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ECONNABORTED",
]);

// PostgreSQL SQLSTATEs (class 08 is matched by prefix): admin_shutdown, crash_shutdown,
// cannot_connect_now (starting up or shutting down), too_many_connections,
// read_only_sql_transaction (a write reached a standby during a failover).
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "25006"]);

// Prisma: can't reach server, timed out, socket timeout, server closed the connection,
// timed out fetching a connection from the pool, a transaction that could not start (or ran out
// of time) because every connection was busy, too many connections.
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028", "P2037"]);

// Prisma's driver adapters describe the error by kind.
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

// pg throws these as plain Errors, with no code.
const MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
  /terminating connection due to administrator command/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /server closed the connection unexpectedly/i,
  /can't reach database server/i,
];

type Loose = LooseError;

function matchesItself(e: Loose): boolean {
  const code = typeof e.code === "string" ? e.code : undefined;
  if (code && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || PRISMA_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof e.originalCode === "string" && (SQLSTATES.has(e.originalCode) || e.originalCode.startsWith("08"))) return true;
  if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return true;
  const message = typeof e.message === "string" ? e.message : "";
  return MESSAGES.some((m) => m.test(message));
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return findInErrorChain(error, (e) => (matchesItself(e) ? true : undefined)) === true;
}
