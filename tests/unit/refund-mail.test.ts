import { describe, expect, it } from "vitest";
import { toPlainText } from "@react-email/render";
import { renderToStaticMarkup } from "react-dom/server";
import { RefundEmail, refundSubject, refundText, type RefundMailProps } from "@/lib/email/templates/refund";
import { orderStatusText } from "@/lib/email/templates/order-status";
import { orderConfirmationText } from "@/lib/email/templates/order-confirmation";
import type { ApiOrder, OrderPayment } from "@/lib/orders/types";
import { caesarLine, mailOrder } from "@/tests/support/mail-order";

// The refund mails (product.md §10) and the payment line of the order mails: what the customer
// is told about their money, the same in the HTML and the text part.

const payment = (over: Partial<OrderPayment> = {}): OrderPayment => ({
  method: "UPI",
  status: "paid",
  gateway: "razorpay",
  gatewayOrderId: "order_X",
  gatewayPaymentId: "pay_X",
  paidAt: "2026-11-23T10:01:00.000Z",
  refundedAt: null,
  refundedAmount: 0,
  refunds: [],
  collectedBy: null,
  ...over,
});

const orderWith = (over: Partial<ApiOrder> = {}) =>
  mailOrder({
    items: [caesarLine(239)],
    paymentMethod: "UPI",
    subtotal: 239,
    total: 279,
    status: "cancelled",
    updatedAt: "2026-11-23T10:20:00.000Z",
    promisedBy: "2026-11-23T10:30:00.000Z",
    deliverySlot: { start: "2026-11-23T10:00:00.000Z", end: "2026-11-23T10:30:00.000Z" },
    payment: payment(),
    ...over,
  });

const props = (over: Partial<RefundMailProps> = {}): RefundMailProps => ({
  order: orderWith(),
  refund: { amount: 279, reason: "Order cancelled", method: "gateway" },
  url: "https://shop.example/orders/x",
  ...over,
});

const html = (p: RefundMailProps) => toPlainText(renderToStaticMarkup(RefundEmail(p)));

describe("the refund mail", () => {
  it("through the gateway: started, back to the UPI account or card, in 5–7 working days", () => {
    expect(refundSubject(props())).toBe("Your refund of ₹279 for Fresh Bowl order #AB12CD34 has started");
    for (const text of [refundText(props()), html(props())]) {
      expect(text).toContain("we have started a refund of ₹279 for order #AB12CD34");
      expect(text).toContain("It goes back to the UPI account you paid with, typically within 5–7 working days.");
      expect(text).toContain("Reason: Order cancelled");
    }
    expect(refundText(props({ order: orderWith({ paymentMethod: "Card" }) }))).toContain("goes back to the card you paid with");
  });

  it("links its credit note's page, in the HTML and the text part alike", () => {
    const url = "https://shop.example/orders/x/credit-notes/CN%2F26-27%2F1";
    const noted = props({ creditNote: { number: "CN/26-27/1", url } });
    for (const text of [refundText(noted), html(noted)]) {
      expect(text).toContain("Credit note CN/26-27/1 records this refund against your bill.");
      expect(text).toContain(url);
    }
    expect(refundText(props())).not.toContain("Credit note");
  });

  it("cash paid back after delivery", () => {
    const cash = props({
      order: orderWith({ paymentMethod: "Cash on Delivery", status: "delivered" }),
      refund: { amount: 100, reason: "Cold", method: "cash" },
    });
    expect(refundSubject(cash)).toBe("₹100 paid back for order #AB12CD34");
    for (const text of [refundText(cash), html(cash)]) {
      expect(text).toContain("We have paid you back ₹100 in cash for order #AB12CD34.");
      expect(text).not.toContain("working days");
    }
  });
});

describe("the payment line of the order mails", () => {
  const statusText = (order: ApiOrder, by: "customer" | "admin" | "system" = "admin", status: "cancelled" | "delivered" = "cancelled") =>
    orderStatusText({ order, status, by, at: "2026-11-23T10:20:00.000Z", url: "https://shop.example/orders/x" });

  it("the confirmation says how it is paid", () => {
    expect(orderConfirmationText({ order: orderWith({ status: "pending" }), url: "u" })).toContain("Payment: Paid by UPI");
    const cash = orderWith({
      status: "pending",
      paymentMethod: "Cash on Delivery",
      payment: payment({ method: "Cash on Delivery", status: "due_on_delivery", gateway: null, paidAt: null }),
    });
    expect(orderConfirmationText({ order: cash, url: "u" })).toContain("Payment: Pay ₹279 on delivery");
  });

  it("a cancelled order's mail tells of its refund; an unpaid one's says nothing was charged", () => {
    const refunding = orderWith({
      payment: payment({
        status: "refund_pending",
        refunds: [
          {
            id: "r1",
            amount: 279,
            reason: "Order cancelled",
            status: "pending",
            method: "gateway",
            createdAt: "2026-11-23T10:20:00.000Z",
            processedAt: null,
            lastError: null,
          },
        ],
      }),
    });
    const text = statusText(refunding, "customer");
    expect(text).toContain(
      "Your refund of ₹279 has started: it goes back to the UPI account you paid with, typically within 5–7 working days.",
    );
    expect(text).toContain("Payment: Refund of ₹279 started");

    const expired = orderWith({ payment: payment({ status: "awaiting", paidAt: null, gatewayPaymentId: null }) });
    const expiredText = statusText(expired, "system");
    expect(expiredText).toContain("because it was not paid within 15 minutes. You have not been charged.");
    expect(expiredText).not.toContain("Payment:");
    // The kitchen's cancel of an order never paid online keeps its apology.
    expect(
      statusText(
        orderWith({ paymentMethod: "Cash on Delivery", payment: payment({ gateway: null, paidAt: null, status: "due_on_delivery" }) }),
        "admin",
      ),
    ).toContain("we are sorry: we had to cancel");
  });
});
