import { describe, expect, it } from "vitest";
import type { OrderPayment, OrderRefund } from "@/lib/orders/types";
import {
  cancelRefundWords,
  hasFailedRefund,
  leftToRefund,
  paymentCellWords,
  refundStatusWords,
} from "@/components/admin/payment/payment-words";

// How the admin pages name an order's payment and its refunds (product.md §10).

const cash: OrderPayment = {
  method: "Cash on Delivery",
  status: "due_on_delivery",
  gateway: null,
  gatewayOrderId: null,
  gatewayPaymentId: null,
  paidAt: null,
  refundedAt: null,
  refundedAmount: 0,
  refunds: [],
  collectedBy: null,
};
const upi: OrderPayment = {
  ...cash,
  method: "UPI",
  status: "paid",
  gateway: "razorpay",
  gatewayOrderId: "order_1",
  gatewayPaymentId: "pay_1",
  paidAt: "2026-11-27T06:00:00.000Z",
};

function refund(amount: number, status: OrderRefund["status"], method: OrderRefund["method"] = "gateway"): OrderRefund {
  return {
    id: `r${amount}${status}`,
    amount,
    reason: "Cold",
    status,
    method,
    createdAt: "2026-11-27T07:00:00.000Z",
    processedAt: null,
    lastError: null,
  };
}

describe("the orders list's payment words", () => {
  it("names the method and where its money stands", () => {
    expect(paymentCellWords(cash)).toBe("Cash on Delivery · Due on delivery");
    expect(paymentCellWords(upi)).toBe("UPI · Paid");
    expect(paymentCellWords({ ...upi, method: "Card", status: "awaiting" })).toBe("Card · Awaiting payment");
    expect(paymentCellWords({ ...upi, status: "refund_pending" })).toBe("UPI · Refund pending");
  });

  it("finds a failed refund, and only a failed one", () => {
    expect(hasFailedRefund({ ...upi, refunds: [refund(100, "processed"), refund(50, "pending")] })).toBe(false);
    expect(hasFailedRefund({ ...upi, refunds: [refund(100, "processed"), refund(50, "failed")] })).toBe(true);
  });
});

describe("refunds", () => {
  it("says a failed one in words, and cash paid back as such", () => {
    expect(refundStatusWords(refund(50, "failed"))).toBe("Failed: not refunded");
    expect(refundStatusWords(refund(50, "processed", "cash"))).toBe("Paid back in cash");
    expect(refundStatusWords(refund(50, "processed"))).toBe("Refunded");
  });

  it("offers what is left: the total less every refund still owed or done", () => {
    expect(leftToRefund({ total: 279, payment: cash })).toBe(279);
    const some = { ...upi, refundedAmount: 100, refunds: [refund(100, "processed"), refund(50, "failed")] };
    expect(leftToRefund({ total: 279, payment: some })).toBe(129);
    expect(leftToRefund({ total: 279, payment: { ...upi, refundedAmount: 279, refunds: [refund(279, "processed")] } })).toBe(0);
  });

  it("asks before cancelling only an order paid online, and says the money goes back", () => {
    expect(cancelRefundWords({ total: 279, payment: cash })).toBeNull();
    expect(cancelRefundWords({ total: 279, payment: { ...upi, status: "awaiting", gatewayPaymentId: null, paidAt: null } })).toBeNull();
    expect(cancelRefundWords({ total: 279, payment: upi })).toBe(
      "The customer paid ₹279 by UPI. Cancelling refunds the whole ₹279 to the customer's UPI through Razorpay, and the customer is mailed.",
    );
    expect(cancelRefundWords({ total: 279, payment: { ...upi, method: "Card" } })).toContain("to the customer's card");
  });
});
