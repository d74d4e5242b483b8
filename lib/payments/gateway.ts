import "server-only";

// The shop's own port to a payment gateway (docs/architecture.md: outside services sit behind a
// port of ours). Orders, jobs and route handlers speak this, never the Razorpay SDK, so the
// imitation in tests and `npm run dev` and the real gateway are interchangeable and a change of
// provider touches one adapter. Money is always integer paise here, as gateways take it: rupees
// stay in the order domain and are converted once, where a gateway order is created.

type GatewayCurrency = "INR";

export type GatewayOrder = {
  id: string;
  /** Paise. */
  amount: number;
  currency: GatewayCurrency;
  status: "created" | "attempted" | "paid";
};

type GatewayPaymentStatus = "created" | "authorized" | "captured" | "refunded" | "failed";

export type GatewayPayment = {
  id: string;
  /** The gateway order the payment was made for; null for a payment made without one. */
  orderId: string | null;
  /** Paise. */
  amount: number;
  currency: string;
  status: GatewayPaymentStatus;
  /** "upi", "card", "netbanking"… as the gateway names it. */
  method: string;
  /** Paise refunded so far. */
  amountRefunded: number;
  /** Why a failed payment failed, in the gateway's words (safe to show to an admin). */
  error: { code: string; description: string; reason: string | null } | null;
};

type GatewayRefundStatus = "pending" | "processed" | "failed";

export type GatewayRefund = {
  id: string;
  paymentId: string;
  /** Paise. */
  amount: number;
  status: GatewayRefundStatus;
  /** What the shop wrote on it when asking: `refund_id` is the shop's refund row (lib/payments/refund-send.ts). */
  notes: Record<string, string>;
};

type CreateOrderInput = {
  /** Paise, a positive integer. */
  amountPaise: number;
  currency: GatewayCurrency;
  /** Our own reference, shown on the gateway's dashboard: the shop's order id. */
  receipt: string;
  notes?: Record<string, string>;
};

export interface PaymentGateway {
  /** "razorpay" for every adapter that speaks Razorpay's API, the imitation included. */
  readonly name: "razorpay";
  /** The public key id the Checkout script is opened with (never the secret). */
  readonly keyId: string;
  createOrder(input: CreateOrderInput): Promise<GatewayOrder>;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /** Captures an authorized payment; `amountPaise` must be the authorized amount. */
  capture(paymentId: string, amountPaise: number): Promise<GatewayPayment>;
  /** Refunds the rest of the payment, or `amountPaise` of it. */
  refund(paymentId: string, amountPaise?: number, notes?: Record<string, string>): Promise<GatewayRefund>;
  /** A refund as it stands now (a pending one may since have been processed or have failed). */
  fetchRefund(refundId: string): Promise<GatewayRefund>;
  /** Every refund of a payment, so a refund asked for once is never asked for again after a lost reply. */
  refundsOf(paymentId: string): Promise<GatewayRefund[]>;
  /** Whether `signature` is what the gateway gives Checkout for this order and payment. */
  verifyCheckoutSignature(gatewayOrderId: string, paymentId: string, signature: string): boolean;
  /** Whether `signature` (X-Razorpay-Signature) signs exactly these bytes of a webhook. */
  verifyWebhookSignature(rawBody: string | Buffer, signature: string): boolean;
}
