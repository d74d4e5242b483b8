import "server-only";
import { db } from "@/lib/db";
import { RateLimited } from "@/lib/errors";
import { consume } from "@/lib/rate-limit";

// The Checkout's proof of payment (POST /api/orders/{id}/payment, product.md §10) makes the shop
// ask the gateway about the payment: a browser that replays one valid proof in a loop would have
// the shop ask again each time (issue 32, M3). So each account may send so many proofs per 15
// minutes (PAYMENT_PROOFS_PER_ACCOUNT, in PostgreSQL, spent before any work), and a proof of a
// payment the shop already settled is answered from the database, without the gateway.

const TOO_MANY_PROOFS = "Too many payment confirmations in a short time. Please wait a few minutes and reload the order.";

/** Spends one proof of `userId`'s allowance; 429 with Retry-After once it is used up. */
export async function spendProofAllowance(userId: string): Promise<void> {
  try {
    await consume("paymentProof", userId);
  } catch (error) {
    if (error instanceof RateLimited) throw new RateLimited(error.retryAfterSeconds, TOO_MANY_PROOFS);
    throw error;
  }
}

/**
 * Whether `paymentId` was settled for order `order` already: the payment that paid it, or one
 * being given back (a second payment, or one that came after the order was cancelled). Nothing
 * the gateway could say now would change what the shop did with it.
 */
export async function isSettledPayment(order: { id: string; gatewayPaymentId: string | null }, paymentId: string): Promise<boolean> {
  if (order.gatewayPaymentId === paymentId) return true;
  return (await db().refund.count({ where: { orderId: order.id, gatewayPaymentId: paymentId } })) > 0;
}
