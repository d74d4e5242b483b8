import {
  notFound,
  notesOf,
  RzError,
  rzId,
  unixNow,
  type Notes,
  type RzOrder,
  type RzPayment,
  type RzRefund,
} from "@/imitations/razorpay/entities";

// The imitation's books: orders, payments and refunds in memory, moved through Razorpay's states
// by the same rules its API enforces (capture only an authorized payment, for its amount; refund
// only what was captured and not yet refunded). Every change is announced as the webhook event
// Razorpay would send, with snapshots of the entities as they were at that moment.

export type ImitationEvent =
  | { event: "payment.authorized" | "payment.captured" | "payment.failed"; payment: RzPayment }
  | { event: "order.paid"; payment: RzPayment; order: RzOrder }
  | { event: "refund.processed" | "refund.failed"; refund: RzRefund; payment: RzPayment };

/**
 * What a new refund does: processed at once (Razorpay's usual answer), stays pending, is created
 * failed, is refused by the API for a while (502, worth another try) or turned down for good (400).
 */
export type RefundBehaviour = "processed" | "pending" | "failed" | "refused" | "rejected";

export type PayOptions = { method?: "upi" | "card"; outcome?: "captured" | "authorized" | "failed"; email?: string; contact?: string };

const snapshot = <T>(entity: T): T => structuredClone(entity);

export class Ledger {
  readonly orders = new Map<string, RzOrder>();
  /** Per order: Razorpay's `payment_capture`, captured at once or left authorized. */
  private readonly captureModes = new Map<string, "automatic" | "manual">();
  readonly payments = new Map<string, RzPayment>();
  readonly refunds = new Map<string, RzRefund>();
  refundBehaviour: RefundBehaviour = "processed";

  constructor(
    private readonly announce: (event: ImitationEvent) => void,
    private readonly defaultCapture: "automatic" | "manual",
  ) {}

  createOrder(body: Record<string, unknown>): RzOrder {
    const { amount, currency = "INR", receipt, notes, payment_capture } = body;
    if (typeof amount !== "number" || !Number.isInteger(amount)) throw new RzError(400, "The amount must be an integer.", "amount");
    if (amount < 100) throw new RzError(400, "The amount must be atleast INR 1.00", "amount");
    if (currency !== "INR") throw new RzError(400, "The requested currency is not supported", "currency");
    if (receipt !== undefined && (typeof receipt !== "string" || receipt.length > 40)) {
      throw new RzError(400, "The receipt may not be greater than 40 characters.", "receipt");
    }
    const capture =
      payment_capture === undefined ? this.defaultCapture : payment_capture === false || payment_capture === 0 ? "manual" : "automatic";
    const order: RzOrder = {
      id: rzId("order"),
      entity: "order",
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: "INR",
      receipt: typeof receipt === "string" ? receipt : null,
      offer_id: null,
      status: "created",
      attempts: 0,
      notes: notesOf(notes as Notes | undefined),
      created_at: unixNow(),
    };
    this.orders.set(order.id, order);
    this.captureModes.set(order.id, capture);
    return this.publicOrder(order.id);
  }

  publicOrder(id: string): RzOrder {
    const found = this.orders.get(id);
    if (!found) throw notFound();
    return snapshot(found);
  }

  payment(id: string): RzPayment {
    const found = this.payments.get(id);
    if (!found) throw notFound();
    return found;
  }

  /** What Checkout does when the customer pays or fails: a new payment attempt on the order. */
  pay(orderId: string, options: PayOptions = {}): RzPayment {
    const order = this.orders.get(orderId);
    if (!order) throw notFound();
    if (order.status === "paid") throw new RzError(400, "Order has already been paid", "order_id");
    const method = options.method ?? "upi";
    const outcome = options.outcome ?? (this.captureModes.get(order.id) === "automatic" ? "captured" : "authorized");
    const failed = outcome === "failed";
    const payment: RzPayment = {
      id: rzId("pay"),
      entity: "payment",
      amount: order.amount,
      currency: "INR",
      status: failed ? "failed" : "authorized",
      order_id: order.id,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: null,
      card_id: method === "card" ? rzId("card") : null,
      bank: null,
      wallet: null,
      vpa: method === "upi" ? "success@razorpay" : null,
      email: options.email ?? null,
      contact: options.contact ?? null,
      notes: [],
      fee: null,
      tax: null,
      error_code: failed ? "BAD_REQUEST_ERROR" : null,
      error_description: failed ? "Payment failed" : null,
      error_source: failed ? "customer" : null,
      error_step: failed ? "payment_authorization" : null,
      error_reason: failed ? "payment_failed" : null,
      acquirer_data: {},
      created_at: unixNow(),
    };
    order.attempts += 1;
    order.status = "attempted";
    this.payments.set(payment.id, payment);
    if (failed) {
      this.announce({ event: "payment.failed", payment: snapshot(payment) });
      return payment;
    }
    this.announce({ event: "payment.authorized", payment: snapshot(payment) });
    if (outcome === "captured") this.markCaptured(payment);
    return payment;
  }

  capture(paymentId: string, body: Record<string, unknown>): RzPayment {
    const payment = this.payment(paymentId);
    if (payment.status === "captured" || payment.status === "refunded") throw new RzError(400, "This payment has already been captured");
    if (payment.status !== "authorized")
      throw new RzError(400, "Only payments which have been authorized and not yet captured can be captured");
    if (body.amount !== payment.amount) throw new RzError(400, "Capture amount must be equal to the amount authorized", "amount");
    if (body.currency !== undefined && body.currency !== payment.currency)
      throw new RzError(400, "Currency should be same as payment currency", "currency");
    this.markCaptured(payment);
    return payment;
  }

  private markCaptured(payment: RzPayment) {
    payment.status = "captured";
    payment.captured = true;
    payment.fee = Math.round(payment.amount * 0.02);
    payment.tax = Math.round(payment.fee * 0.18);
    const order = this.orders.get(payment.order_id)!;
    order.status = "paid";
    order.amount_paid = payment.amount;
    order.amount_due = 0;
    this.announce({ event: "payment.captured", payment: snapshot(payment) });
    this.announce({ event: "order.paid", payment: snapshot(payment), order: this.publicOrder(order.id) });
  }

  refund(paymentId: string, body: Record<string, unknown>): RzRefund {
    const payment = this.payment(paymentId);
    if (payment.status !== "captured" && payment.status !== "refunded") throw new RzError(400, "The payment has not been captured");
    const left = payment.amount - payment.amount_refunded;
    if (left <= 0) throw new RzError(400, "The payment has been fully refunded already");
    const amount = body.amount === undefined ? left : body.amount;
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100) {
      throw new RzError(400, "The amount must be atleast INR 1.00", "amount");
    }
    if (amount > left) throw new RzError(400, "The refund amount provided is greater than amount captured", "amount");
    if (this.refundBehaviour === "refused")
      throw new RzError(502, "Refund could not be initiated, please try again", null, "GATEWAY_ERROR", "server_error");
    if (this.refundBehaviour === "rejected")
      throw new RzError(400, "Refunds are not allowed for this payment", null, "BAD_REQUEST_ERROR", "refund_not_allowed");
    const refund: RzRefund = {
      id: rzId("rfnd"),
      entity: "refund",
      amount,
      currency: "INR",
      payment_id: payment.id,
      notes: notesOf(body.notes as Notes | undefined),
      receipt: null,
      acquirer_data: { arn: null },
      created_at: unixNow(),
      batch_id: null,
      status: "pending",
      speed_processed: "normal",
      speed_requested: "normal",
    };
    this.refunds.set(refund.id, refund);
    this.moveRefunded(payment, amount);
    if (this.refundBehaviour !== "pending") this.settleRefund(refund.id, this.refundBehaviour === "failed" ? "failed" : "processed");
    return refund;
  }

  refundById(id: string): RzRefund {
    const refund = this.refunds.get(id);
    if (!refund) throw notFound();
    return refund;
  }

  /** Ends a pending refund the way the bank did: processed, or failed (the money back on the payment). */
  settleRefund(refundId: string, outcome: "processed" | "failed") {
    const refund = this.refundById(refundId);
    if (refund.status !== "pending") throw new Error(`Refund ${refundId} is ${refund.status}, not pending`);
    refund.status = outcome;
    const payment = this.payment(refund.payment_id);
    if (outcome === "failed") this.moveRefunded(payment, -refund.amount);
    this.announce({
      event: outcome === "processed" ? "refund.processed" : "refund.failed",
      refund: snapshot(refund),
      payment: snapshot(payment),
    });
  }

  private moveRefunded(payment: RzPayment, amount: number) {
    payment.amount_refunded += amount;
    const full = payment.amount_refunded >= payment.amount;
    payment.refund_status = payment.amount_refunded === 0 ? null : full ? "full" : "partial";
    payment.status = full ? "refunded" : "captured";
  }
}
