// The machine-readable `code` every JSON error reply carries next to its human `error` text.
// Client-safe (no imports): the browser switches on these instead of matching message text,
// so a reworded message cannot silently change what the UI does.

const ERROR_CODES = [
  // One default per status (lib/errors.ts), for errors nothing branches on.
  "invalid", // 400
  "unauthorized", // 401
  "forbidden", // 403
  "not_found", // 404
  "conflict", // 409
  "payload_too_large", // 413
  "unsupported_media_type", // 415
  "header_too_large", // 431: a request header longer than the server reads (server/front.ts)
  "misdirected", // 421: a development server asked for a host name it does not serve (server/front.ts)
  "rate_limited", // 429
  "internal", // 500
  "unavailable", // 503
  // Specific cases a client acts on.
  "malformed_url", // 400: an /api/ path that is not valid percent-encoding
  "bad_credentials", // 401: wrong e-mail or password
  "email_unconfirmed", // 403: the account exists but its e-mail is not confirmed yet
  "email_taken", // 409: registering an address that already has an account
  "token_invalid", // 400: a confirmation or reset link that is unknown, used, or (reset) expired
  "token_expired", // 400: a confirmation link past its time (a new one can be sent)
  "cross_site", // 403: a state-changing call from another site's page
  "price_changed", // 409: the order's total is stale; the reply carries the current `prices` and totals
  "menu_changed", // 409: an ordered item left the menu while the order was written
  "idempotency_key_reused", // 409: the same Idempotency-Key with a different order
  "status_conflict", // 409: an order's status cannot move that way (or moved meanwhile)
  "last_admin", // 409: demoting the only admin
  "too_many_open_orders", // 409: the customer already holds as many open orders as allowed
  // When and where the shop delivers (product.md §9).
  "not_delivering", // 400: the address's PIN code is in no delivery area
  "below_minimum", // 400: the subtotal is below the delivery area's minimum order
  "closed", // 409: an ASAP order while the shop is closed or paused; the reply carries `nextOpenAt`
  "fully_booked", // 409: no slot with room for an ASAP order in the days orders may be placed for
  "invalid_slot", // 400: `deliverAt` is not a slot the customer may schedule now
  "slot_full", // 409: the chosen slot has no room left
  // Paid for real (product.md §10).
  "payment_unavailable", // 400: UPI or Card while the shop takes no online payments (no gateway keys in production)
  "invalid_signature", // 400: a checkout signature that is not the gateway's for this order and payment
  "payment_mismatch", // 409: the gateway does not report that payment, for this order, in full
  "not_awaiting_payment", // 409: paying, or changing the payment method of, an order that no longer waits for payment
  "gateway_unavailable", // 503: the payment gateway could not be reached; try again
  "online_order_too_large", // 400: an order to be paid online above ONLINE_ORDER_MAX (field `total`)
  "unpaid_order_exists", // 409: the customer already has an order waiting for online payment
  "too_many_unpaid_orders", // 429: the client address holds as many orders awaiting payment as allowed
  // Ratings (product.md §13).
  "not_delivered", // 409: rating an order that has not been delivered
  "already_rated", // 409: rating an order a second time
  // Coming back (product.md §13).
  "address_book_full", // 409: the customer already keeps as many saved addresses as allowed
  // Offers (product.md §13).
  "invalid_coupon", // 400: the coupon code does not apply to this order; `reason` says why
  "offer_code_taken", // 409: another offer has this code, whatever its case
  // The kitchen's own riders (product.md §12).
  "wrong_handover_code", // 400: not the order's handover code (field `code`, `attemptsLeft`)
  "handover_locked", // 429: five wrong handover codes; an admin marks the order delivered
  "no_rider", // 409: picking up an order no rider is assigned to
  "already_picked_up", // 409: taking the rider off an order that is out for delivery
  "not_a_rider", // 403: a rider's own page or API asked for by someone who is not a rider
  "more_than_owed", // 400: a settlement of more cash than the rider owes (field `amount`)
  // Heard on the phone (product.md §14).
  "push_subscriptions_full", // 409: the customer already gets push updates on as many browsers as allowed
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);
}
