// How long an order placed to be paid online waits for its payment (product.md §10) before the
// system cancels it (lib/flows/expire-unpaid-order.ts). Client-safe: the payment step shows it.
export const PAYMENT_WINDOW_MS = 15 * 60_000;
