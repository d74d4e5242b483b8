import { describe, expect, it } from "vitest";
import { toPlainText } from "@react-email/render";
import { renderToStaticMarkup } from "react-dom/server";
import { OrderStatusEmail, orderStatusSubject, orderStatusText, type OrderStatusMailProps } from "@/lib/email/templates/order-status";
import type { ApiOrder } from "@/lib/orders/types";

// The status mails (product.md §7): the subject names the order and the new status in words, and
// the hand-written text part tells what the HTML tells.

const order = {
  id: "ckorder0000000000ab12cd34",
  _id: "ckorder0000000000ab12cd34",
  items: [
    { menuItemId: "m1", name: "Grilled Chicken Caesar", portion: "small", unitPrice: 199, quantity: 1, lineTotal: 199 },
    { menuItemId: "m2", name: "Paneer Tikka Bowl", portion: "large", unitPrice: 269, quantity: 2, lineTotal: 538 },
  ],
  address: { name: "Zoë O'Brien", phone: "+919876543210", street: "12 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" },
  paymentMethod: "Cash on Delivery",
  subtotal: 737,
  deliveryFee: 40,
  total: 777,
  status: "out_for_delivery",
  createdAt: "2026-11-23T10:00:00.000Z",
  updatedAt: "2026-11-23T10:20:00.000Z",
  user: { id: "u1", _id: "u1", name: "Asha Rao", email: "asha@example.com" },
} as unknown as ApiOrder;

const props = (status: OrderStatusMailProps["status"], extra: Partial<OrderStatusMailProps> = {}): OrderStatusMailProps => ({
  order,
  status,
  at: "2026-11-23T10:20:00.000Z",
  by: "admin",
  url: `https://shop.example/orders/${order.id}`,
  ...extra,
});

const both = (p: OrderStatusMailProps) => ({ text: orderStatusText(p), html: toPlainText(renderToStaticMarkup(OrderStatusEmail(p))) });

describe("status mail subjects", () => {
  it("name the order code and the new status in words", () => {
    expect(orderStatusSubject(order, "out_for_delivery")).toBe("Your Fresh Bowl order #AB12CD34 is out for delivery");
    expect(orderStatusSubject(order, "delivered")).toBe("Your Fresh Bowl order #AB12CD34 is delivered");
    expect(orderStatusSubject(order, "cancelled")).toBe("Your Fresh Bowl order #AB12CD34 is cancelled");
  });
});

describe.each(["out_for_delivery", "delivered", "cancelled"] as const)("the %s mail", (status) => {
  const { text, html } = both(props(status));

  it.each([
    ["the customer's name", "Asha Rao"],
    ["the order number", "#AB12CD34"],
    ["the time of the change (India time)", "3:50 pm"],
    ["each line", "2 × Paneer Tikka Bowl (Large 400g) at ₹269"],
    ["the total", "₹777"],
    ["the order's page", props(status).url],
  ])("carries %s in both parts", (_what, fact) => {
    expect(html.toLowerCase()).toContain(fact.toLowerCase());
    expect(text).toContain(fact);
  });
});

describe("what each mail says", () => {
  it("asks for the cash on the way, and only for cash on delivery", () => {
    expect(both(props("out_for_delivery")).text).toContain("please have ₹777 ready");
    const upi = orderStatusText(props("out_for_delivery", { order: { ...order, paymentMethod: "UPI" } }));
    expect(upi).not.toContain("ready.");
    expect(upi).not.toMatch(/cash/i);
  });

  it("tells a cancellation the customer asked for from one the kitchen made", () => {
    expect(orderStatusText(props("cancelled", { by: "customer" }))).toContain("as you asked");
    expect(orderStatusText(props("cancelled", { by: "admin" }))).toContain("we had to cancel");
  });

  it("escapes what the customer typed in the HTML", () => {
    const html = renderToStaticMarkup(
      OrderStatusEmail(props("out_for_delivery", { order: { ...order, user: { ...order.user, name: "<b>Asha</b>" } } })),
    );
    expect(html).not.toContain("<b>Asha</b>");
    expect(html).toContain("&lt;b&gt;Asha&lt;/b&gt;");
  });
});
