import "server-only";
import { db } from "@/lib/db";
import { onlinePayments } from "@/lib/payments/current";
import type { GatewayPayment } from "@/lib/payments/gateway";
import { settlePayment } from "@/lib/payments/settle";

// Before the shop cancels an order whose 15 minutes for payment are over (lib/flows/
// expire-unpaid-order.ts), it asks the gateway itself (issue 32, L1): a payment made in time may
// reach the shop late (the browser closed, a webhook delayed), and cancelling would lose the order
// the customer paid for and refund them. A payment found in full for the order pays it instead.

/** The payment to settle an order of `total` rupees with: captured before authorized, in full, in INR. */
function madeInFull(payments: GatewayPayment[], total: number): GatewayPayment | undefined {
  const full = payments.filter((p) => p.amount === total && p.currency === "INR");
  return full.find((p) => p.status === "captured") ?? full.find((p) => p.status === "authorized");
}

/**
 * Asks the gateway for the payments of order `orderId`'s gateway order and pays the order with
 * one made in full; true when the order is paid now. Throws (the caller retries) when the gateway
 * cannot be reached.
 */
export async function settleLatePayment(orderId: string): Promise<boolean> {
  const payments = onlinePayments();
  if (payments.kind !== "gateway") return false;
  const order = await db().order.findUnique({ where: { id: orderId }, select: { id: true, total: true, gatewayOrderId: true } });
  if (!order?.gatewayOrderId) return false;
  const found = madeInFull(await payments.gateway.paymentsOf(order.gatewayOrderId), order.total);
  if (!found) return false;
  const outcome = await settlePayment(payments.gateway, order, found.id);
  return outcome === "paid" || outcome === "already_paid";
}
