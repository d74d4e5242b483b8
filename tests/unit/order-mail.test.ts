import { describe, expect, it } from "vitest";
import { toPlainText } from "@react-email/render";
import { renderToStaticMarkup } from "react-dom/server";
import { OrderConfirmationEmail, orderConfirmationText } from "@/lib/email/templates/order-confirmation";
import type { ApiOrder } from "@/lib/orders/types";

// The order confirmation's text part is written by hand (lib/email/templates/order-confirmation.tsx),
// so it must not drift from the HTML part: every fact a customer reads in one is in the other.

const order = {
  id: "ckorder00000000000000001",
  _id: "ckorder00000000000000001",
  items: [
    { menuItemId: "m1", name: "Grilled Chicken Caesar", portion: "small", unitPrice: 199, quantity: 1, lineTotal: 199 },
    { menuItemId: "m2", name: "Paneer Tikka Bowl", portion: "large", unitPrice: 269, quantity: 2, lineTotal: 538 },
  ],
  address: { name: "Zoë O'Brien", phone: "+919876543210", street: "12 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" },
  paymentMethod: "UPI",
  subtotal: 737,
  deliveryFee: 40,
  total: 777,
  status: "pending",
  createdAt: "2026-11-23T10:00:00.000Z",
  updatedAt: "2026-11-23T10:00:00.000Z",
  user: { id: "u1", name: "Asha Rao", email: "asha@example.com" },
} as unknown as ApiOrder;
const props = { order, url: "https://shop.example/orders/ckorder00000000000000001", readyAt: "2026-11-23T10:30:00.000Z" };

describe("order confirmation mail", () => {
  const written = orderConfirmationText(props);
  const fromHtml = toPlainText(renderToStaticMarkup(OrderConfirmationEmail(props)));

  it.each([
    ["the customer's name", "Asha Rao"],
    ["the order number", "#00000001"],
    ["each line", "2 × Paneer Tikka Bowl (Large 400g) at ₹269"],
    ["each line's total", "₹538"],
    ["the subtotal", "₹737"],
    ["the delivery fee", "₹40"],
    ["the total", "₹777"],
    ["the payment method", "UPI"],
    ["the address", "12 MG Road, Bengaluru, Karnataka 560001"],
    ["the ready time", "4:00 pm"],
    ["the tracking link", props.url],
  ])("carries %s in both parts", (_what, fact) => {
    // The converter writes headings in capitals.
    expect(fromHtml.toLowerCase()).toContain(fact.toLowerCase());
    expect(written).toContain(fact);
  });
});
