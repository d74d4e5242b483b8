import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import type { z } from "zod";
import type { ErrorCode } from "@/lib/error-codes";
import { AppError, Forbidden, Invalid, PayloadTooLarge, RateLimited, ServiceUnavailable, UnsupportedMediaType } from "@/lib/errors";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { errorSummary } from "@/lib/db/errors";
import { MAX_BODY_BYTES } from "@/lib/limits";
import { declaresBody, isCrossSite, isJsonContentType, isStateChanging } from "@/lib/request-guard";
import { unstable_rethrow } from "next/navigation";
import { env } from "@/lib/env";
import { runJobsAfterReply } from "@/lib/jobs/after-reply";

// Route-handler helpers: JSON errors in the contract's shape, cross-site and content-type
// refusals, body limits, caller's IP.

/** Seconds a client is asked to wait while the database is away (a restart takes a few). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

function jsonError(status: number, error: string, code: ErrorCode, extra: Record<string, unknown> = {}, headers?: HeadersInit) {
  return NextResponse.json({ error, code, ...extra }, { status, headers });
}

export function errorResponse(error: unknown): NextResponse {
  if (error instanceof RateLimited || error instanceof ServiceUnavailable) {
    return jsonError(
      error.status,
      error.message,
      error.code,
      {},
      { "Retry-After": String(Math.max(1, Math.ceil(error.retryAfterSeconds))) },
    );
  }
  if (error instanceof AppError) return jsonError(error.status, error.message, error.code, error.extra);
  if (isDatabaseUnavailable(error)) {
    // One line, not a stack per request: during an outage every request lands here.
    console.warn(`[fresh-bowl] database unavailable: ${errorSummary(error)}`);
    return jsonError(
      503,
      "The shop is reconnecting to its database. Please try again in a moment.",
      "unavailable",
      {},
      { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
    );
  }
  // Its code and message only: a whole pg or Prisma error carries the values of the query.
  console.error(`[fresh-bowl] unexpected error in a route handler: ${errorSummary(error)}`);
  return jsonError(500, "Something went wrong. Please try again.", "internal");
}

type Handler<C> = (req: NextRequest, ctx: C) => Promise<Response>;

export type RouteOptions = {
  /** Which Content-Type a state-changing call with a body may have; JSON unless told. */
  accepts?: (contentType: string | null) => boolean;
};

/**
 * Refuses, before the handler runs, a state-changing call made by another site's page (403) or
 * carrying a body in a type the route does not take (415). Here and not in proxy.ts: the proxy
 * does not run for API routes (it would make Next buffer their bodies).
 */
function guardWrite(req: Request, accepts: (contentType: string | null) => boolean = isJsonContentType) {
  if (!isStateChanging(req.method)) return;
  if (isCrossSite(req)) throw new Forbidden("Cross-site requests are not allowed.", "cross_site");
  if (declaresBody(req) && !accepts(req.headers.get("content-type"))) throw new UnsupportedMediaType();
}

/**
 * Wraps a route handler so thrown domain errors become JSON replies and nothing leaks as a bare
 * 500. After a state-changing call, the jobs it queued run once the reply has gone out where the
 * server keeps no job worker (lib/jobs/after-reply.ts).
 */
export function route<C = unknown>(handler: Handler<C>, options: RouteOptions = {}): Handler<C> {
  return async (req, ctx) => {
    try {
      guardWrite(req, options.accepts);
      return await handler(req, ctx);
    } catch (error) {
      // Next's own control flow (prerendering stopping at request data, redirect, notFound)
      // passes through; only the shop's errors become replies.
      unstable_rethrow(error);
      return errorResponse(error);
    } finally {
      if (isStateChanging(req.method)) runJobsAfterReply();
    }
  };
}

/**
 * A route on one row, named by the path's `[id]` (or the param `key` says): the caller as `who`
 * admits them (401/403 before anything is read), then the row's id, and what `act` answers, as JSON.
 */
export function rowRoute<U, K extends string = "id">(
  who: (req: NextRequest) => Promise<U>,
  act: (caller: U, id: string, req: NextRequest) => Promise<unknown>,
  key: K = "id" as K,
): Handler<{ params: Promise<Record<K, string>> }> {
  return route(async (req, ctx) => {
    const caller = await who(req);
    const params = await ctx.params;
    return NextResponse.json(await act(caller, params[key], req));
  });
}

/**
 * Reads a body of at most 100 KB as text: 413 from the declared length alone, before reading,
 * or as soon as the bytes read pass the limit. "" when there is none. (The shop's server,
 * server/, refuses larger bodies as Next reads them; this holds where it does not stand in front,
 * e.g. Vercel.)
 */
export async function readBodyText(req: Request): Promise<string> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw new PayloadTooLarge();
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      // The client went away mid-body (a reset, an abort): its error, not the database's.
      throw new Invalid("The request body was cut off.");
    });
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      // The shop's server has seen the same bytes, answered 413 and closes the connection once
      // the client has read it; cancelling here would reset it first. Without that server, the
      // rest of the body is not read.
      if (!env().peerHeader) await reader.cancel().catch(() => undefined);
      throw new PayloadTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Reads a JSON body of at most 100 KB: 415 when not sent as JSON, 413 when larger, 400 when malformed. */
async function readJsonBody(req: Request): Promise<unknown> {
  if (!isJsonContentType(req.headers.get("content-type"))) throw new UnsupportedMediaType();
  const text = await readBodyText(req);
  if (!text.trim()) throw new Invalid("Request body must be JSON.");
  try {
    return JSON.parse(text);
  } catch {
    throw new Invalid("Request body is not valid JSON.");
  }
}

/** Validates with a zod schema; the error names the first offending field. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.map(String).join(".") || undefined;
  const message =
    field && !issue.message.toLowerCase().includes(field.split(".").pop()!.toLowerCase()) ? `${field}: ${issue.message}` : issue.message;
  throw new Invalid(message, field);
}

export async function readBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  return parseWith(schema, await readJsonBody(req));
}

export { clientIp } from "@/lib/client-ip";
