import { AppError, RateLimited } from "@/lib/errors";

// The riders' refusals a client acts on (product.md §12), with the contract's codes.

/** 400 `wrong_handover_code`: not the order's code; nothing changed but the count of tries. */
export class WrongHandoverCode extends AppError {
  constructor(attemptsLeft: number) {
    const left = attemptsLeft === 1 ? "1 try left" : `${attemptsLeft} tries left`;
    super(
      attemptsLeft > 0
        ? `That is not this order's code. Ask the customer again (${left}).`
        : "That is not this order's code. The order takes no more codes: ask the kitchen to mark it delivered.",
      400,
      { field: "code", attemptsLeft },
      "wrong_handover_code",
    );
  }
}

/** Seconds a locked handover asks a client to wait: it stays locked until an admin delivers the order. */
const LOCKED_RETRY_AFTER_SECONDS = 600;

/** 429 `handover_locked`: too many wrong codes; only an admin can mark the order delivered now. */
export class HandoverLocked extends RateLimited {
  constructor() {
    super(LOCKED_RETRY_AFTER_SECONDS, "Too many wrong codes for this order. Ask the kitchen to mark it delivered.", "handover_locked");
  }
}
