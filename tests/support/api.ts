import "@/tests/support/async-local-storage";
import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { inRequestScope } from "@/tests/support/request-scope";
import type { Role } from "@/lib/auth/types";

// Calls a route handler the way a browser on the shop's own pages would: same Origin as
// APP_URL, JSON content type when there is a body, a random client address (so per-IP rate
// limits do not pile up across a file) and, for a signed-in caller, `Authorization: Bearer`.
// One helper for every test file that calls handlers directly.

// Route handlers' second argument; each route's own type is narrower, so it is taken loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyHandler = (req: NextRequest, ctx: any) => Promise<Response>;

export type Caller = { id: string; name: string; email: string; role: Role; token: string; headers: Record<string, string> };

export type CallInit = {
  caller?: Caller;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is (malformed JSON, a BOM, bytes); takes precedence over `body`. */
  raw?: string | Uint8Array;
  /** Added last: may override Origin, Content-Type or the address; null leaves a header out. */
  headers?: Record<string, string | null>;
  /** The route's dynamic segments, e.g. `{ id }` or `{ nextauth: ["session"] }`. */
  params?: Record<string, string | string[]>;
  ip?: string;
};

export type Reply = { status: number; headers: Headers; text: string; json: unknown; bytes: Uint8Array };

export function randomIp(): string {
  const b = randomBytes(4);
  return `10.${b[0]}.${b[1]}.${b[2] ^ b[3]}`;
}

function appOrigin(): string {
  return new URL(process.env.APP_URL ?? "http://localhost:3000").origin;
}

function requestFor(method: string, path: string, init: CallInit = {}): NextRequest {
  const headers: Record<string, string> = { origin: appOrigin(), "x-forwarded-for": init.ip ?? randomIp(), ...init.caller?.headers };
  let body: BodyInit | undefined;
  if (init.raw !== undefined) body = typeof init.raw === "string" ? init.raw : new Uint8Array(init.raw);
  else if (init.body !== undefined) body = JSON.stringify(init.body);
  // As on the wire: a body comes with its type and its length (chunked bodies: override both).
  if (body !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = String(typeof body === "string" ? Buffer.byteLength(body) : (body as Uint8Array).byteLength);
  }
  for (const [name, value] of Object.entries(init.headers ?? {})) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
  return new NextRequest(new URL(path, appOrigin()), { method, body, headers });
}

export async function call(handler: AnyHandler, method: string, path: string, init: CallInit = {}): Promise<Reply> {
  const req = requestFor(method, path, init);
  const ctx = { params: Promise.resolve(init.params ?? {}) };
  let res: Response;
  try {
    // Inside Next's request scope, as Next's server runs every handler: next-auth's reads
    // next/headers, and a handler that must never be prerendered awaits connection().
    const scope = path.startsWith("/api/auth/") ? "/api/auth/[...nextauth]" : new URL(path, appOrigin()).pathname;
    res = await inRequestScope(req, scope, () => handler(req, ctx));
  } catch (error) {
    // What Next's server does with a handler that throws; tests see it as the 500 a client gets.
    const text = `Handler threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    return { status: 500, headers: new Headers(), text, json: undefined, bytes: new TextEncoder().encode(text) };
  }
  // The bytes as sent (a PDF is not text), and the text read from them.
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a redirect, an HTML page): `text` has it.
  }
  return { status: res.status, headers: res.headers, text, json, bytes };
}
