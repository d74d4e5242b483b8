import "server-only";
import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/db/schema";
import { Conflict, Invalid, NotFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { formatRupees } from "@/lib/money";
import { ORDER_NOT_FOUND } from "@/lib/orders/rows";
import { getOrderFor } from "@/lib/orders/queries";
import type { ApiOrderWithHistory } from "@/lib/orders/types";
import { lockOrder, queueRefundSend, refreshOrderPayment, refundableLeft, startRefund } from "@/lib/payments/refunds";
import type { RefundRequest } from "@/lib/payments/refund-schema";

// An admin's refunds (product.md §10): money back for a delivered order after a complaint, whole
// or in part, and another try for a refund that failed. Customers are told the order does not
// exist (404), as for any order they may not see.

const REFUND_NOT_FOUND = "Refund not found.";

/** 404 unless `viewer` is an admin and `id` could be an order: checked before the body is read, so customers learn nothing. */
export function adminOrNotFound(viewer: SessionUser, id: string) {
  if (viewer.role !== "admin" || !looksLikeRowId(id)) throw new NotFound(ORDER_NOT_FOUND);
}

/**
 * Refunds `amount` rupees of delivered order `id`: through the gateway against the payment it
 * was paid with online, else recorded as cash paid back. Under the order's lock, so two refunds
 * at once never go back beyond what was paid.
 */
export async function refundOrder(viewer: SessionUser, id: string, request: RefundRequest): Promise<ApiOrderWithHistory> {
  adminOrNotFound(viewer, id);
  await db().$transaction(async (tx) => {
    await lockOrder(tx, id);
    const order = await tx.order.findUnique({ where: { id }, select: { id: true, status: true, total: true, gatewayPaymentId: true } });
    if (!order) throw new NotFound(ORDER_NOT_FOUND);
    if (order.status !== "delivered") {
      throw new Conflict(
        "Only a delivered order can be refunded here; cancelling a paid order refunds it.",
        { status: order.status },
        "status_conflict",
      );
    }
    const left = await refundableLeft(tx, order);
    if (left === 0) throw new Invalid("This order has been refunded in full already.", "amount");
    if (request.amount > left) throw new Invalid(`You can refund at most ${formatRupees(left)}.`, "amount");
    await startRefund(tx, { orderId: id, amount: request.amount, reason: request.reason, paymentId: order.gatewayPaymentId, mail: true });
  });
  return getOrderFor(viewer, id);
}

/** Sends failed refund `refundId` of order `id` again: pending, and queued for the gateway. */
export async function retryRefund(viewer: SessionUser, id: string, refundId: string): Promise<ApiOrderWithHistory> {
  adminOrNotFound(viewer, id);
  if (!looksLikeRowId(refundId)) throw new NotFound(REFUND_NOT_FOUND);
  await db().$transaction(async (tx) => {
    await lockOrder(tx, id);
    const refund = await tx.refund.findFirst({ where: { id: refundId, orderId: id }, select: { status: true } });
    if (!refund) throw new NotFound(REFUND_NOT_FOUND);
    if (refund.status !== "failed") {
      throw new Conflict(
        `Only a failed refund can be tried again; this one is ${refund.status}.`,
        { status: refund.status },
        "status_conflict",
      );
    }
    await tx.refund.update({ where: { id: refundId }, data: { status: "pending", lastError: null } });
    await queueRefundSend(tx, refundId);
    await refreshOrderPayment(tx, id);
  });
  return getOrderFor(viewer, id);
}
