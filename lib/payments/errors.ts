import "server-only";

// The gateway's failures as the shop's own types, so callers decide by kind (retry later,
// tell the customer, show an admin) without knowing the SDK's error shapes. Messages carry the
// operation, status and the gateway's code and description, never keys, signatures or
// request headers: they are logged and may be shown to admins.

export type GatewayOperation = "createOrder" | "fetchPayment" | "capture" | "refund" | "fetchRefund" | "refundsOf" | "paymentsOf";

export abstract class PaymentGatewayError extends Error {
  abstract readonly retryable: boolean;
  constructor(
    readonly operation: GatewayOperation,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** No answer: the gateway could not be reached, or did not answer in time. Safe to retry reads. */
export class GatewayUnreachableError extends PaymentGatewayError {
  readonly retryable = true;
  constructor(operation: GatewayOperation) {
    super(operation, `Payment gateway unreachable during ${operation}`);
  }
}

/** The gateway answered with an error: its HTTP status and its own code (BAD_REQUEST_ERROR…). */
export class GatewayRefusedError extends PaymentGatewayError {
  readonly retryable: boolean;
  constructor(
    operation: GatewayOperation,
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly field: string | null = null,
  ) {
    super(operation, `Payment gateway refused ${operation} (${status} ${code}): ${description}`);
    // Its own outages and rate limits pass; a refusal of what we asked does not.
    this.retryable = status >= 500 || status === 429;
  }
}

/** The gateway answered, but not in a shape we know: treated as a fault, not as a payment. */
export class GatewayReplyError extends PaymentGatewayError {
  readonly retryable = false;
  constructor(operation: GatewayOperation, what: string) {
    super(operation, `Payment gateway gave an unexpected reply to ${operation}: ${what}`);
  }
}
