import "server-only";
import type { Transaction } from "@/lib/db/types";
import { lockOrder, refundableLeft, startRefund } from "@/lib/payments/refunds";

// Cancelling an order that was paid online gives the money back (product.md §10): the whole of
// what is left of its payment, through the gateway, started in the cancelling transaction. An
// order cancelled before it was paid (expired, or dropped while waiting) has nothing to refund.

const CANCEL_REFUND_REASON = "Order cancelled";

/** Starts a full refund for each of `orderIds` (just cancelled, rows locked) that was paid online. */
export async function refundCancelledPayments(tx: Transaction, orderIds: string[], at: Date): Promise<void> {
  if (orderIds.length === 0) return;
  const paid = await tx.order.findMany({
    where: { id: { in: orderIds }, gatewayPaymentId: { not: null }, paidAt: { not: null } },
    select: { id: true, total: true, gatewayPaymentId: true },
    orderBy: { id: "asc" },
  });
  for (const order of paid) {
    await lockOrder(tx, order.id);
    const left = await refundableLeft(tx, order);
    if (left === 0) continue;
    // The cancellation's own mail tells that the refund has started (order-status.tsx); its credit
    // note, once the gateway has processed it, is mailed where it is issued (credit-notes.ts).
    await startRefund(tx, {
      orderId: order.id,
      amount: left,
      reason: CANCEL_REFUND_REASON,
      paymentId: order.gatewayPaymentId,
      mail: false,
      at,
    });
  }
}
