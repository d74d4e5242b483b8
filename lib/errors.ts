// Typed domain errors. lib/http.ts turns them into the contract's status codes.

export class AppError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: the input is invalid; `field` names the offending field. */
export class Invalid extends AppError {
  constructor(message: string, readonly field?: string) {
    super(message, 400, field ? { field } : {});
  }
}

export class Unauthorized extends AppError {
  constructor(message = "Please sign in to continue.") {
    super(message, 401);
  }
}

export class Forbidden extends AppError {
  constructor(message = "You are not allowed to do that.") {
    super(message, 403);
  }
}

export class NotFound extends AppError {
  constructor(message = "Not found.") {
    super(message, 404);
  }
}

export class Conflict extends AppError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(message, 409, extra);
  }
}

export class PayloadTooLarge extends AppError {
  constructor(message = "Request body is too large.") {
    super(message, 413);
  }
}

export class RateLimited extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = "Too many attempts. Please try again later.",
  ) {
    super(message, 429);
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
    super(message, 503);
  }
}

/** 415: a JSON endpoint was sent something other than `Content-Type: application/json`. */
export class UnsupportedMediaType extends AppError {
  constructor(message = "Send the request body as JSON (Content-Type: application/json).") {
    super(message, 415);
  }
}
