import { describe, expect, it } from "vitest";
import { payByWords, paymentWords, refundWords } from "@/lib/payments/words";
import type { OrderPayment, OrderRefund } from "@/lib/orders/types";

// The payment line on the customer's pages (lib/payments/words.ts, product.md §10).

const refund = (amount: number, status: OrderRefund["status"]): OrderRefund => ({
  id: `rf-${amount}-${status}`,
  amount,
  reason: "Order cancelled",
  status,
  method: "gateway",
  createdAt: "2026-11-27T08:00:00.000Z",
  processedAt: null,
  lastError: null,
});

const payment = (status: OrderPayment["status"], method: OrderPayment["method"] = "UPI", refunds: OrderRefund[] = []) => ({
  method,
  status,
  refundedAmount: refunds.filter((r) => r.status === "processed").reduce((sum, r) => sum + r.amount, 0),
  refunds,
});

describe("payment words", () => {
  it("a refund reads as started until its money is back", () => {
    expect(refundWords(refund(279, "pending"))).toBe("Refund of ₹279 started");
    // A failed one is the shop's to retry: to the customer it is still on its way.
    expect(refundWords(refund(279, "failed"))).toBe("Refund of ₹279 started");
    expect(refundWords(refund(1279, "processed"))).toBe("Refunded ₹1,279");
  });

  it("an order cancelled before it was paid asks for nothing", () => {
    expect(paymentWords(payment("awaiting"), 279, "cancelled")).toBe("Nothing to pay: the order was cancelled");
    expect(paymentWords(payment("due_on_delivery", "Cash on Delivery"), 279, "cancelled")).toBe("Nothing to pay: the order was cancelled");
    expect(paymentWords(payment("awaiting"), 279, "awaiting_payment")).toBe("Awaiting payment of ₹279 by UPI");
    // Paid and then cancelled: its refund, whatever the order's status.
    expect(paymentWords(payment("refund_pending", "UPI", [refund(279, "pending")]), 279, "cancelled")).toBe("Refund of ₹279 started");
  });

  it("the deadline of an unpaid order is India time, whatever the machine's zone", () => {
    // 08:00 UTC is 1:30 pm in India.
    expect(payByWords("2026-11-27T08:00:00.000Z")).toBe("Pay by 1:30 pm or the order is cancelled");
  });
});
