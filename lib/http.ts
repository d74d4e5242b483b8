import { NextResponse, type NextRequest } from "next/server";
import type { z } from "zod";
import { AppError, Invalid, PayloadTooLarge, RateLimited, ServiceUnavailable } from "@/lib/errors";

// Route-handler helpers: JSON errors in the contract's shape, body limits, caller's IP.

export const MAX_BODY_BYTES = 100 * 1024;

export function jsonError(status: number, error: string, extra: Record<string, unknown> = {}, headers?: HeadersInit) {
  return NextResponse.json({ error, ...extra }, { status, headers });
}

export function errorResponse(error: unknown): NextResponse {
  if (error instanceof RateLimited || error instanceof ServiceUnavailable) {
    return jsonError(error.status, error.message, {}, { "Retry-After": String(Math.max(1, Math.ceil(error.retryAfterSeconds))) });
  }
  if (error instanceof AppError) return jsonError(error.status, error.message, error.extra);
  console.error("Unexpected error in route handler", error);
  return jsonError(500, "Something went wrong. Please try again.");
}

type Handler<C> = (req: NextRequest, ctx: C) => Promise<Response>;

/** Wraps a route handler so thrown domain errors become JSON replies and nothing leaks as a bare 500. */
export function route<C = unknown>(handler: Handler<C>): Handler<C> {
  return async (req, ctx) => {
    try {
      return await handler(req, ctx);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/** Reads a JSON body of at most 100 KB: 413 when larger, 400 when malformed. */
export async function readJsonBody(req: Request): Promise<unknown> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw new PayloadTooLarge();
  if (!req.body) throw new Invalid("Request body must be JSON.");
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new PayloadTooLarge();
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString("utf8");
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
  const message = field && !issue.message.toLowerCase().includes(field.split(".").pop()!.toLowerCase())
    ? `${field}: ${issue.message}`
    : issue.message;
  throw new Invalid(message, field);
}

export async function readBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  return parseWith(schema, await readJsonBody(req));
}

export { clientIp } from "@/lib/client-ip";
