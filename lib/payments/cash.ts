import "server-only";
import { GatewayRefusedError, type GatewayOperation } from "@/lib/payments/errors";
import type { PaymentGateway } from "@/lib/payments/gateway";

// Cash on Delivery as an adapter of the same port (as Medusa's system provider is for manual
// payments): no gateway, no network, no signatures. The rider collects the money at the door and
// the shop records it when the order is delivered; money going back is paid back by hand, done
// as soon as it is recorded. Nothing online can be asked of it: there is no payment to fetch or
// capture, no Checkout to open and no webhook to trust.

const notOnline = (operation: GatewayOperation) =>
  new GatewayRefusedError(operation, 400, "CASH_ON_DELIVERY", "Cash on Delivery is paid at the door, not online");

export const cashOnDelivery: PaymentGateway = {
  name: null,
  createOrder: () => Promise.reject(notOnline("createOrder")),
  fetchPayment: () => Promise.reject(notOnline("fetchPayment")),
  paymentsOf: () => Promise.resolve([]),
  capture: () => Promise.reject(notOnline("capture")),
  refund: (paymentId, { amount, shopRefundId }) =>
    amount === undefined
      ? Promise.reject(notOnline("refund"))
      : Promise.resolve({ id: `cash_${shopRefundId}`, paymentId, amount, status: "processed", shopRefundId }),
  fetchRefund: () => Promise.reject(notOnline("fetchRefund")),
  refundsOf: () => Promise.resolve([]),
  verifyPayment: () => false,
  receiveWebhook: () => ({ ok: false, problem: "signature", message: "Cash on Delivery takes no webhooks." }),
  checkoutValues: () => {
    throw notOnline("createOrder");
  },
};
