import type { ErrorCode } from "@/lib/error-codes";

// Typed domain errors. lib/http.ts turns them into the contract's status codes and
// `{ error, code }`. Each class has a default code; a throw the UI acts on passes a specific one.

export type { ErrorCode };

export class AppError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly extra: Record<string, unknown> = {},
    readonly code: ErrorCode = "internal",
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: the input is invalid; `field` names the offending field. */
export class Invalid extends AppError {
  constructor(
    message: string,
    readonly field?: string,
    code: ErrorCode = "invalid",
  ) {
    super(message, 400, field ? { field } : {}, code);
  }
}

export class Unauthorized extends AppError {
  constructor(message = "Please sign in to continue.", code: ErrorCode = "unauthorized") {
    super(message, 401, {}, code);
  }
}

export class Forbidden extends AppError {
  constructor(message = "You are not allowed to do that.", code: ErrorCode = "forbidden") {
    super(message, 403, {}, code);
  }
}

export class NotFound extends AppError {
  constructor(message = "Not found.", code: ErrorCode = "not_found") {
    super(message, 404, {}, code);
  }
}

export class Conflict extends AppError {
  constructor(message: string, extra: Record<string, unknown> = {}, code: ErrorCode = "conflict") {
    super(message, 409, extra, code);
  }
}

export class PayloadTooLarge extends AppError {
  constructor(message = "Request body is too large.") {
    super(message, 413, {}, "payload_too_large");
  }
}

export class RateLimited extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = "Too many attempts. Please try again later.",
    code: ErrorCode = "rate_limited",
  ) {
    super(message, 429, {}, code);
  }
}

/**
 * 503: the server is too busy (or a dependency is away) to do this now; the client may retry
 * after `retryAfterSeconds`. Password hashing throws it when its queue is full (lib/auth/password.ts).
 */
export class ServiceUnavailable extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = "The server is busy. Please try again in a moment.",
  ) {
    super(message, 503, {}, "unavailable");
  }
}

/** 415: a JSON endpoint was sent something other than `Content-Type: application/json`. */
export class UnsupportedMediaType extends AppError {
  constructor(message = "Send the request body as JSON (Content-Type: application/json).") {
    super(message, 415, {}, "unsupported_media_type");
  }
}
