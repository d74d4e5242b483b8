import { describe, expect, it } from "vitest";
import { toPlainText } from "@react-email/render";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import { OrderConfirmationEmail, orderConfirmationText } from "@/lib/email/templates/order-confirmation";
import { OrderStatusEmail, orderStatusText, type OrderStatusMailProps } from "@/lib/email/templates/order-status";
import { OrderLateEmail, orderLateText } from "@/lib/email/templates/order-late";
import { RefundEmail, refundText } from "@/lib/email/templates/refund";
import { mailOrder } from "@/tests/support/mail-order";

// product.md §11 in the order mails: the FSSAI licence number in every order mail's footer (when
// the business details have one), the packaging charge among the amounts when there is one, and
// the delivered mail's link to the bill. Both parts, the HTML and the hand-written text.

const order = mailOrder({
  packagingCharge: 10,
  total: 249,
  status: "delivered",
  updatedAt: "2026-11-23T10:40:00.000Z",
});

const url = `https://shop.example/orders/${order.id}`;
const FSSAI = "FSSAI Lic. No. 12345678901234";
const html = (element: ReactElement) => toPlainText(renderToStaticMarkup(element));

const status = (extra: Partial<OrderStatusMailProps> = {}): OrderStatusMailProps => ({
  order,
  status: "delivered",
  at: "2026-11-23T10:40:00.000Z",
  by: "admin",
  url,
  invoiceUrl: `${url}/invoice`,
  fssai: "12345678901234",
  ...extra,
});

const mails = {
  confirmation: {
    text: orderConfirmationText({ order, url, fssai: "12345678901234" }),
    html: html(OrderConfirmationEmail({ order, url, fssai: "12345678901234" })),
  },
  status: { text: orderStatusText(status()), html: html(OrderStatusEmail(status())) },
  late: {
    text: orderLateText({ order, url, fssai: "12345678901234" }),
    html: html(OrderLateEmail({ order, url, fssai: "12345678901234" })),
  },
  refund: {
    text: refundText({ order, url, refund: { amount: 50, reason: "Late", method: "cash" }, fssai: "12345678901234" }),
    html: html(RefundEmail({ order, url, refund: { amount: 50, reason: "Late", method: "cash" }, fssai: "12345678901234" })),
  },
};

describe.each(Object.entries(mails))("the %s mail", (_name, mail) => {
  it("shows the FSSAI licence number in both parts", () => {
    expect(mail.text).toContain(FSSAI);
    expect(mail.html).toContain(FSSAI);
  });

  it("lists the packaging charge in both parts", () => {
    expect(mail.text).toContain("Packaging: ₹10");
    expect(mail.html).toMatch(/Packaging\s+₹10/);
  });
});

describe("order mails without business details", () => {
  it("say the FSSAI number is not yet entered, and show no packaging row when none was charged", () => {
    const plain = { ...order, packagingCharge: 0 };
    const text = orderStatusText(status({ order: plain, fssai: null }));
    expect(text).toContain("FSSAI Lic. No.: not yet entered");
    expect(text).not.toContain("Packaging");
    expect(html(OrderStatusEmail(status({ order: plain, fssai: null })))).toContain("FSSAI Lic. No.: not yet entered");
  });
});

describe("the delivered mail", () => {
  it("links to the bill in both parts", () => {
    expect(mails.status.text).toContain(`Your bill: ${url}/invoice`);
    expect(renderToStaticMarkup(OrderStatusEmail(status()))).toContain(`href="${url}/invoice"`);
  });

  it("is the only status mail that does", () => {
    expect(orderStatusText(status({ status: "out_for_delivery" }))).not.toContain("/invoice");
  });
});
