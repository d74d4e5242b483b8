import { describe, expect, it } from "vitest";
import { ApiError, type ApiErrorCode } from "@/lib/client/api-client";
import { orderItemsOf, repriceLines } from "@/lib/cart/lines";
import type { CartLine } from "@/lib/cart/types";
import { placeOrderOutcome, type PlaceOrderReply } from "@/components/checkout/place-order-reply";

// The payment step's reading of the order API's reply (components/checkout/place-order-reply.ts):
// one case per kind of reply, with errors built as lib/client/api-client.ts builds them.

const line = (id: string, portion: CartLine["portion"], price: number, quantity = 1): CartLine => ({
  cartId: `${id}-${portion}`,
  id,
  name: `Salad ${id}`,
  image: "/images/salads/x.svg",
  portion,
  price,
  quantity,
  options: [],
  note: "",
  diet: "veg",
});

const caesar = line("c1", "small", 159, 2);
const greek = line("g1", "medium", 199);
const sent = [caesar, greek];

const ok = (data: Extract<PlaceOrderReply, { ok: true }>["data"]): PlaceOrderReply => ({ ok: true, data });

const CHECKOUT = {
  key: "rzp_test_x",
  orderId: "order_1",
  amount: 27900,
  currency: "INR" as const,
  name: "Fresh Bowl",
  prefill: { name: "Asha", email: "asha@example.com", contact: "9876543210" },
};

/** A JSON error reply from the server: its message, status, code and extra fields. */
const fromServer = (status: number, code: ApiErrorCode, error: string, extra: Record<string, unknown> = {}): PlaceOrderReply => ({
  ok: false,
  error: new ApiError(error, status, code, extra, undefined, true),
});

/** A failure with no JSON reply: apiFetch's stand-in text, not the server's. */
const standIn = (status: number, code: ApiErrorCode): PlaceOrderReply => ({
  ok: false,
  error: new ApiError("Something went wrong. Please try again.", status, code),
});

const MENU_CHANGED = "Prices have changed since you added these items. Please review your order.";

describe("placeOrderOutcome", () => {
  it("a placed order goes to its thank-you page", () => {
    expect(placeOrderOutcome(sent, ok({ order: { id: "ord 1/2" } }))).toEqual({
      kind: "placed",
      orderId: "ord 1/2",
      to: "/order-success?id=ord%201%2F2",
    });
  });

  it("an order waiting for an online payment stays on the step with Checkout's values", () => {
    const order = { id: "o1", status: "awaiting_payment", createdAt: "2026-11-27T08:00:00.000Z" };
    expect(placeOrderOutcome(sent, ok({ order, checkout: CHECKOUT }))).toEqual({
      kind: "placed",
      orderId: "o1",
      to: "/order-success?id=o1",
      payment: { createdAt: order.createdAt, checkout: CHECKOUT },
    });
    // The gateway was not reached after the order was written: still that order, paid from there.
    expect(placeOrderOutcome(sent, ok({ order, checkout: null }))).toMatchObject({ kind: "placed", payment: { checkout: null } });
  });

  it("an order paid on delivery, or recorded without a gateway, goes straight to its thank-you page", () => {
    for (const status of ["pending", undefined])
      expect(placeOrderOutcome(sent, ok({ order: { id: "o2", status } }))).not.toHaveProperty("payment");
  });

  it("a success without an order id is a failure without detail, same attempt", () => {
    expect(placeOrderOutcome(sent, ok({}))).toEqual({ kind: "failed", failure: {}, newAttempt: false });
    expect(placeOrderOutcome(sent, ok({ order: {} }))).toEqual({ kind: "failed", failure: {}, newAttempt: false });
  });

  it("an unreachable server is a failure without detail; the same key is kept for the retry", () => {
    const reply: PlaceOrderReply = { ok: false, error: new ApiError("Could not reach the server.", 0, "network") };
    expect(placeOrderOutcome(sent, reply)).toEqual({ kind: "failed", failure: {}, newAttempt: false });
  });

  it("an ended session signs in again and comes back to the payment step", () => {
    expect(placeOrderOutcome(sent, fromServer(401, "unauthorized", "Please sign in"))).toEqual({
      kind: "sign_in",
      to: "/login?next=%2Fcheckout%2Fpayment",
    });
  });

  it("stale prices come back by cartId with the new total, and the key stays", () => {
    const outcome = placeOrderOutcome(
      sent,
      fromServer(409, "price_changed", MENU_CHANGED, { prices: [179, 219], subtotal: 577, deliveryFee: 40, total: 617 }),
    );
    expect(outcome).toEqual({
      kind: "prices_changed",
      prices: new Map([
        ["c1-small", 179],
        ["g1-medium", 219],
      ]),
      failure: {
        detail: "Prices have changed since you added these items. The new total is ₹617: please check your order and place it again.",
      },
    });
  });

  it("the quoted prices land on the right lines when the cart's order has changed meanwhile", () => {
    const outcome = placeOrderOutcome(sent, fromServer(409, "price_changed", MENU_CHANGED, { prices: [179, 219], total: 617 }));
    if (outcome.kind !== "prices_changed") throw new Error(`expected prices_changed, got ${outcome.kind}`);
    // Another tab reordered the cart and added a line the server did not price.
    const egg = line("e1", "large", 249);
    const cartNow = [egg, greek, caesar];
    expect(repriceLines(cartNow, outcome.prices).map((l) => [l.cartId, l.price])).toEqual([
      ["e1-large", 249],
      ["g1-medium", 219],
      ["c1-small", 179],
    ]);
  });

  it("a price quote that does not fit the lines sent is an ordinary conflict: its message, a new attempt", () => {
    for (const extra of [{ prices: [179], total: 617 }, { prices: [179, "219"], total: 617 }, { prices: [179, 219] }, {}]) {
      expect(placeOrderOutcome(sent, fromServer(409, "price_changed", MENU_CHANGED, extra))).toEqual({
        kind: "failed",
        failure: { detail: MENU_CHANGED },
        newAttempt: true,
      });
    }
  });

  const REUSED = "This Idempotency-Key was already used for a different order. Use a new key for a new order.";
  const failed = (detail: string | undefined, newAttempt: boolean) => ({ kind: "failed", failure: { detail }, newAttempt });

  // A conflict (key reused, menu changed) spends the attempt; the server's words are shown for a
  // 4xx (without the field path they may start with), not for a 5xx or a reply that was not JSON.
  it.each([
    ["a reused key", fromServer(409, "idempotency_key_reused", REUSED), failed(REUSED, true)],
    ["a changed menu", fromServer(409, "menu_changed", "An item has left the menu."), failed("An item has left the menu.", true)],
    [
      "a refused line",
      fromServer(400, "invalid", "items.1: Classic Greek Salad is sold out"),
      failed("Classic Greek Salad is sold out", false),
    ],
    [
      "a rate limit",
      fromServer(429, "rate_limited", "Too many requests. Try again later."),
      failed("Too many requests. Try again later.", false),
    ],
    [
      "too many open orders",
      fromServer(409, "too_many_open_orders", "You already have 3 open orders."),
      failed("You already have 3 open orders.", true),
    ],
    ["a server error", fromServer(500, "internal", "Internal server error"), failed(undefined, false)],
    ["an outage", fromServer(503, "unavailable", "The shop is back in a moment."), failed(undefined, false)],
    ["a proxy's error page", standIn(502, "internal"), failed(undefined, false)],
    ["a 404 that is not JSON", standIn(404, "not_found"), failed(undefined, false)],
    ["a success that is not JSON", standIn(200, "bad_reply"), failed(undefined, false)],
  ])("%s is a failure to show", (_, reply, expected) => {
    expect(placeOrderOutcome(sent, reply)).toEqual(expected);
  });
});

describe("placeOrderOutcome: when and where the shop delivers (product.md §9)", () => {
  // The server's words are shown (without a field path), and the step acts on the code alone.
  it.each([
    ["not_delivering", 400, "address.zip: We don't deliver to 110001 yet.", "We don't deliver to 110001 yet."],
    [
      "below_minimum",
      400,
      "items: Orders for delivery to Koramangala start at ₹200. Please add a little more.",
      "Orders for delivery to Koramangala start at ₹200. Please add a little more.",
    ],
    [
      "closed",
      409,
      "We have paused new orders for now: Rain. You can still schedule an order for later.",
      "We have paused new orders for now: Rain. You can still schedule an order for later.",
    ],
    [
      "fully_booked",
      409,
      "We're fully booked for today. Please try again tomorrow.",
      "We're fully booked for today. Please try again tomorrow.",
    ],
    [
      "invalid_slot",
      400,
      "deliverAt: Please choose one of the delivery slots offered.",
      "Please choose one of the delivery slots offered.",
    ],
    [
      "slot_full",
      409,
      "That delivery slot has just filled up. Please choose another.",
      "That delivery slot has just filled up. Please choose another.",
    ],
  ] as const)("%s is a refusal the step acts on, with the server's words", (code, status, message, detail) => {
    expect(placeOrderOutcome(sent, fromServer(status, code, message))).toEqual({ kind: "refused", code, failure: { detail } });
  });

  it("a refusal's code decides even when the reply had no words of its own", () => {
    expect(placeOrderOutcome(sent, { ok: false, error: new ApiError("Something went wrong.", 409, "slot_full") })).toEqual({
      kind: "refused",
      code: "slot_full",
      failure: { detail: undefined },
    });
  });
});

describe("orderItemsOf", () => {
  it("sends each line's item, portion and quantity, in the cart's order, and no price", () => {
    expect(orderItemsOf(sent)).toEqual([
      { menuItemId: "c1", portion: "small", quantity: 2 },
      { menuItemId: "g1", portion: "medium", quantity: 1 },
    ]);
  });
});
