import "server-only";
import type { CheckoutValues } from "@/lib/orders/types";

// The shop's own port to a payment provider (docs/architecture.md: outside services sit behind a
// port of ours), as Medusa's IPaymentProvider is. Orders, flows and route handlers speak this,
// never a provider's API: Razorpay (razorpay.ts) is one adapter, Cash on Delivery (cash.ts)
// another, and a change of provider touches one adapter. Money is whole rupees here, as
// everywhere in the shop; the adapter alone knows its provider's units (paise), its signatures
// and its names for events and fields, and translates its webhooks into PaymentEvent.

type GatewayCurrency = "INR";

/** What the order's `payment.gateway` says (product.md §10): the online gateway's name. */
export type GatewayName = "razorpay";

export type GatewayOrder = {
  id: string;
  /** Rupees. */
  amount: number;
  currency: GatewayCurrency;
  status: "created" | "attempted" | "paid";
};

type GatewayPaymentStatus = "created" | "authorized" | "captured" | "refunded" | "failed";

export type GatewayPayment = {
  id: string;
  /** The gateway order the payment was made for; null for a payment made without one. */
  orderId: string | null;
  /** Rupees (a fraction when the gateway holds an amount that is not whole rupees). */
  amount: number;
  currency: string;
  status: GatewayPaymentStatus;
  /** "upi", "card", "netbanking"… as the gateway names it. */
  method: string;
  /** Rupees refunded so far. */
  amountRefunded: number;
  /** Why a failed payment failed, in the gateway's words (safe to show to an admin). */
  error: { code: string; description: string; reason: string | null } | null;
};

type GatewayRefundStatus = "pending" | "processed" | "failed";

export type GatewayRefund = {
  id: string;
  paymentId: string;
  /** Rupees. */
  amount: number;
  status: GatewayRefundStatus;
  /** The shop's refund row it was asked for (refund-send.ts), as the gateway keeps it; null when it says none. */
  shopRefundId: string | null;
};

type CreateOrderInput = {
  /** Rupees, a positive whole number. */
  amount: number;
  currency: GatewayCurrency;
  /** Our own reference, shown on the gateway's dashboard: the shop's order id. */
  receipt: string;
};

type RefundInput = {
  /** Rupees; unset: the rest of the payment. */
  amount?: number;
  /** The shop's refund row, kept with the gateway's refund so a lost reply is found again. */
  shopRefundId: string;
  /** The shop's order, for the gateway's dashboard. */
  orderId: string;
};

/** A webhook in the shop's own terms: what happened, to which payment or refund. */
export type PaymentEvent =
  | { kind: "payment_authorized" | "payment_captured" | "payment_failed"; paymentId: string; gatewayOrderId: string }
  | { kind: "refund_processed" | "refund_failed"; refundId: string; paymentId: string | null; shopRefundId: string | null }
  /** One the shop does not act on (it is still recorded, so a repeat is recognised). */
  | { kind: "other" };

/** A webhook delivery as its adapter reads it (Medusa's getWebhookActionAndData). */
export type ReceivedWebhook =
  | {
      ok: true;
      /** The gateway's id of this event: a repeat delivery carries the same. */
      eventId: string;
      /** The gateway's own name of the event, kept as received with the event id. */
      name: string;
      event: PaymentEvent;
    }
  | {
      ok: false;
      /** "signature": not signed by the gateway (400 invalid_signature); "malformed": signed but unreadable. */
      problem: "signature" | "malformed";
      message: string;
      /** The header or field at fault, in the gateway's own words. */
      field?: string;
    };

/** The customer's details Checkout is opened with. */
type CheckoutCustomer = { name: string; email: string; contact: string };

export interface PaymentGateway {
  /** The order's `payment.gateway`: the gateway's name, null when the money is collected at the door. */
  readonly name: GatewayName | null;
  createOrder(input: CreateOrderInput): Promise<GatewayOrder>;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /** Every payment attempt made for a gateway order (the expiry asks before cancelling: a payment may be reported late). */
  paymentsOf(gatewayOrderId: string): Promise<GatewayPayment[]>;
  /** Captures an authorized payment; `amount` (rupees) must be the authorized amount. */
  capture(paymentId: string, amount: number): Promise<GatewayPayment>;
  /** Refunds the rest of the payment, or `amount` of it. */
  refund(paymentId: string, input: RefundInput): Promise<GatewayRefund>;
  /** A refund as it stands now (a pending one may since have been processed or have failed). */
  fetchRefund(refundId: string): Promise<GatewayRefund>;
  /** Every refund of a payment, so a refund asked for once is never asked for again after a lost reply. */
  refundsOf(paymentId: string): Promise<GatewayRefund[]>;
  /** Whether `signature` is what the gateway gives the customer's browser for this order and payment. */
  verifyPayment(gatewayOrderId: string, paymentId: string, signature: string): boolean;
  /** Reads one webhook delivery: its signature over exactly these bytes, and what it says. */
  receiveWebhook(rawBody: string, headers: Headers): ReceivedWebhook;
  /** What the browser opens the gateway's Checkout with, for a gateway order of `amount` rupees. */
  checkoutValues(gatewayOrderId: string, amount: number, shopName: string, customer: CheckoutCustomer): CheckoutValues;
}
