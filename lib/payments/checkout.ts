import "server-only";
import { db } from "@/lib/db";
import { SITE } from "@/lib/site";
import type { PaymentGateway } from "@/lib/payments/gateway";
import type { ApiOrder, CheckoutValues, PlacedOrder } from "@/lib/orders/types";
import { PaymentGatewayError } from "@/lib/payments/errors";

// What the browser opens the gateway's Checkout with (product.md §10), for an order waiting for
// payment. Amounts always come from the stored order, never from the browser.

/**
 * The order's gateway order id, creating the gateway order first when there is none yet (placing
 * creates it after its transaction committed, and that call may have failed). Two requests at
 * once may each create one; only the first stored counts, the other is never paid and lapses.
 */
async function gatewayOrderIdOf(gateway: PaymentGateway, order: ApiOrder): Promise<string> {
  const stored = order.payment.gatewayOrderId;
  if (stored) return stored;
  const created = await gateway.createOrder({ amount: order.total, currency: "INR", receipt: order.id });
  const { count } = await db().order.updateMany({
    where: { id: order.id, gatewayOrderId: null },
    data: { gatewayOrderId: created.id },
  });
  if (count === 1) return created.id;
  const row = await db().order.findUniqueOrThrow({ where: { id: order.id }, select: { gatewayOrderId: true } });
  // Not null: the update above found it set.
  return row.gatewayOrderId ?? created.id;
}

/** Fresh checkout values for `order` (awaiting payment); `order.payment.gatewayOrderId` is filled in when created here. */
export async function checkoutValues(gateway: PaymentGateway, order: ApiOrder): Promise<CheckoutValues> {
  const orderId = await gatewayOrderIdOf(gateway, order);
  order.payment.gatewayOrderId = orderId;
  const customer = { name: order.address.name, email: order.user.email, contact: order.address.phone };
  return gateway.checkoutValues(orderId, order.total, SITE.name, customer);
}

/**
 * Adds the Checkout's values to an order waiting for payment, creating its gateway order after
 * the order's own transaction committed (a slow gateway never holds the order's locks). When the
 * gateway fails here the order stays written and waiting, and the reply carries `checkout: null`:
 * `Pay now` (POST /api/orders/{id}/checkout) or a retry with the same Idempotency-Key asks again.
 */
export async function withCheckout(gateway: PaymentGateway | undefined, placed: PlacedOrder): Promise<PlacedOrder> {
  if (!gateway?.name || placed.order.status !== "awaiting_payment") return placed;
  try {
    return { ...placed, checkout: await checkoutValues(gateway, placed.order) };
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    // The gateway's errors carry no keys or signatures (lib/payments/errors.ts), so the message may be logged.
    console.error(`[fresh-bowl] no gateway order for order ${placed.order.id}: ${error.message}`);
    return { ...placed, checkout: null };
  }
}
