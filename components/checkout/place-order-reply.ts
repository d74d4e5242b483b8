import { withoutFieldPrefix, type Settled } from "@/lib/client/api-client";
import { quotedPrices } from "@/lib/cart/schema";
import type { CartLine, LinePrices } from "@/lib/cart/types";
import { formatRupees } from "@/lib/money";
import type { CheckoutValues } from "@/lib/orders/types";

// What the payment step does with the order API's answer, as a pure function of the lines it
// sent and the reply (tests/unit/place-order-reply.test.ts covers every kind). The hook
// (use-place-order.ts) carries the outcome out; the view shows it.

/** The failure shown under "Failed to place order. Please try again.", with the reason when there is one to tell. */
export type Failure = { detail?: string };

/** The reply to placing an order, as `settle` gives it (a failure always an ApiError). */
export type PlaceOrderReply = Settled<{ order?: { id?: string; status?: string; createdAt?: string }; checkout?: CheckoutValues | null }>;

/** An order placed to be paid online (product.md §10): Checkout's values, null when the gateway could not be reached. */
export type AwaitingPayment = { createdAt: string; checkout: CheckoutValues | null };

export type PlaceOrderOutcome =
  /**
   * Placed: end the attempt and empty the cart; then go to the order's thank-you page, or, with
   * `payment`, stay and pay it online first.
   */
  | { kind: "placed"; orderId: string; to: string; payment?: AwaitingPayment }
  /** The session has ended: sign in again, then come back to this step. Nothing to show here. */
  | { kind: "sign_in"; to: string }
  /**
   * The cart's prices were stale and nothing was placed: show the server's prices (by cartId)
   * and let the customer place the order again at the new total, with the same key (unspent).
   */
  | { kind: "prices_changed"; prices: LinePrices; failure: Failure }
  /**
   * The shop cannot take the order as it stands (product.md §9): not that PIN, below the area's
   * minimum, closed or paused for ASAP, fully booked, or that slot not (or no longer) open. The
   * server's words say why; the step acts by `code` (switch to Schedule, read the slots again).
   * Nothing was placed, and the next try is another request: a new key.
   */
  | { kind: "refused"; code: DeliveryRefusal; failure: Failure }
  /** Anything else. `newAttempt`: the key was spent or refused (a 409), so a retry needs a new one. */
  | { kind: "failed"; failure: Failure; newAttempt: boolean };

const PAYMENT_STEP = "/checkout/payment";

const DELIVERY_REFUSALS = ["not_delivering", "below_minimum", "closed", "fully_booked", "invalid_slot", "slot_full"] as const;
export type DeliveryRefusal = (typeof DELIVERY_REFUSALS)[number];

const isDeliveryRefusal = (code: string): code is DeliveryRefusal => (DELIVERY_REFUSALS as readonly string[]).includes(code);

export function placeOrderOutcome(sent: CartLine[], reply: PlaceOrderReply): PlaceOrderOutcome {
  if (reply.ok) {
    const { order, checkout } = reply.data;
    if (!order?.id) return { kind: "failed", failure: {}, newAttempt: false };
    const id = order.id;
    const placed = { kind: "placed" as const, orderId: id, to: `/order-success?id=${encodeURIComponent(id)}` };
    if (order.status !== "awaiting_payment") return placed;
    return { ...placed, payment: { createdAt: order.createdAt ?? new Date().toISOString(), checkout: checkout ?? null } };
  }
  const error = reply.error;
  // Never reached the server (or no answer came back): the same key again is safe, and replays
  // the order if the request did arrive.
  if (error.status === 0) return { kind: "failed", failure: {}, newAttempt: false };
  if (error.code === "unauthorized") return { kind: "sign_in", to: `/login?next=${encodeURIComponent(PAYMENT_STEP)}` };
  const quote = error.code === "price_changed" ? quotedPrices(sent, error.extra) : null;
  if (quote) {
    const detail = `Prices have changed since you added these items. The new total is ${formatRupees(quote.total)}: please check your order and place it again.`;
    return { kind: "prices_changed", prices: quote.prices, failure: { detail } };
  }
  // The server's own words when they are about this request (a 4xx); a 5xx says nothing useful.
  const detail = error.status < 500 && error.fromServer ? withoutFieldPrefix(error.message) : undefined;
  if (isDeliveryRefusal(error.code)) return { kind: "refused", code: error.code, failure: { detail } };
  // Any other conflict (key reused, menu changed) needs a fresh attempt, not the same key again.
  return { kind: "failed", failure: { detail }, newAttempt: error.status === 409 };
}
