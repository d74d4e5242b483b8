import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/db/schema";
import { Conflict, Invalid, NotFound, ServiceUnavailable } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { ORDER_NOT_FOUND } from "@/lib/orders/rows";
import { getOrderFor } from "@/lib/orders/queries";
import type { ApiOrderWithHistory, CheckoutValues } from "@/lib/orders/types";
import { onlinePayments } from "@/lib/payments/current";
import { checkoutValues } from "@/lib/payments/checkout";
import { PaymentGatewayError } from "@/lib/payments/errors";
import type { PaymentGateway } from "@/lib/payments/gateway";
import { settlePayment } from "@/lib/payments/settle";
import { isSettledPayment, spendProofAllowance } from "@/lib/payments/proofs";
import { queueMail } from "@/lib/jobs/mail";

// The owner's calls about paying (product.md §10): the Checkout's success handler, and `Pay now`.

export const paymentProofSchema = z.object({
  razorpay_payment_id: z.string().min(1).max(64),
  razorpay_order_id: z.string().min(1).max(64),
  razorpay_signature: z.string().min(1).max(128),
});

const MISMATCH = "The payment gateway does not confirm this payment for this order. You have not been charged for this order.";

function gatewayOrRefuse(): PaymentGateway {
  const payments = onlinePayments();
  if (payments.kind !== "gateway") throw new Invalid("Online payment is not available right now.", "paymentMethod", "payment_unavailable");
  return payments.gateway;
}

/** The owner's own order (an admin pays no one's order for them): 404 for anything else. */
async function ownOrder(viewer: SessionUser, id: string) {
  if (!looksLikeRowId(id)) throw new NotFound(ORDER_NOT_FOUND);
  const order = await db().order.findFirst({
    where: { id, userId: viewer.id },
    select: { id: true, total: true, status: true, paymentStatus: true, gatewayOrderId: true, gatewayPaymentId: true },
  });
  if (!order) throw new NotFound(ORDER_NOT_FOUND);
  return order;
}

/** A gateway that cannot be reached now: the customer may try again; nothing was recorded. */
function unavailable(error: unknown): never {
  if (error instanceof PaymentGatewayError)
    throw new ServiceUnavailable(5, "The payment gateway is not answering. Please try again in a moment.");
  throw error;
}

export async function payOrder(viewer: SessionUser, id: string, proof: z.infer<typeof paymentProofSchema>): Promise<ApiOrderWithHistory> {
  await spendProofAllowance(viewer.id);
  const order = await ownOrder(viewer, id);
  const gateway = gatewayOrRefuse();
  // Checked against the gateway order id the shop stored, never the one the browser sent.
  if (!order.gatewayOrderId || !gateway.verifyPayment(order.gatewayOrderId, proof.razorpay_payment_id, proof.razorpay_signature)) {
    throw new Invalid("The payment's signature is not valid.", "razorpay_signature", "invalid_signature");
  }
  // A replay of a proof already settled: the order as it stands, the gateway not asked again.
  if (await isSettledPayment(order, proof.razorpay_payment_id)) return getOrderFor(viewer, id);
  const outcome = await settlePayment(gateway, order, proof.razorpay_payment_id).catch(unavailable);
  if (outcome === "mismatch") throw new Conflict(MISMATCH, {}, "payment_mismatch");
  return getOrderFor(viewer, id);
}

/** `Pay now`: fresh Checkout values for an order still waiting for payment. */
export async function freshCheckout(viewer: SessionUser, id: string): Promise<CheckoutValues> {
  await ownOrder(viewer, id);
  const order = await getOrderFor(viewer, id);
  if (order.status !== "awaiting_payment")
    throw new Conflict("This order is not waiting for payment.", { status: order.status }, "not_awaiting_payment");
  const gateway = gatewayOrRefuse();
  return checkoutValues(gateway, order).catch(unavailable);
}

/** `Pay on delivery instead`: the order goes to the kitchen now, its payment due at the door. */
export async function payOnDeliveryInstead(viewer: SessionUser, id: string): Promise<ApiOrderWithHistory> {
  await ownOrder(viewer, id);
  const moved = await db().$transaction(async (tx) => {
    const at = new Date();
    const { count } = await tx.order.updateMany({
      where: { id, userId: viewer.id, status: "awaiting_payment" },
      data: { status: "pending", paymentMethod: "cash_on_delivery", paymentStatus: "due_on_delivery", updatedAt: at },
    });
    if (count === 0) return false;
    await tx.orderStatusChange.create({ data: { orderId: id, status: "pending", actor: "customer", createdAt: at } });
    await queueMail(tx, { mail: "order-confirmation", orderId: id });
    return true;
  });
  if (!moved) throw new Conflict("This order is not waiting for payment.", {}, "not_awaiting_payment");
  return getOrderFor(viewer, id);
}
