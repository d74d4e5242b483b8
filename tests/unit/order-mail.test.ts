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
    // As a job queued before lines had options and notes carries it: no such fields.
    { menuItemId: "m1", name: "Grilled Chicken Caesar", portion: "small", unitPrice: 199, quantity: 1, lineTotal: 199 },
    {
      menuItemId: "m2",
      name: "Paneer Tikka Bowl",
      portion: "large",
      unitPrice: 269,
      quantity: 2,
      lineTotal: 538,
      options: [
        { id: "o1", group: "Dressing", name: "Mint yoghurt", price: 0 },
        { id: "o2", group: "Extra protein", name: "Grilled paneer", price: 60 },
        { id: "o3", group: "Leave out", name: "Onion", price: 0 },
      ],
      note: "Ring the bell, <don't> knock",
    },
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
  // An ASAP order placed at 3:30 pm India time: the 4:00–4:30 pm slot.
  deliverySlot: { start: "2026-11-23T10:30:00.000Z", end: "2026-11-23T11:00:00.000Z" },
  scheduled: false,
  promisedBy: "2026-11-23T11:00:00.000Z",
  deliveryArea: "Koramangala",
} as unknown as ApiOrder;
const now = new Date("2026-11-23T10:00:05.000Z");
const props = { order, url: "https://shop.example/orders/ckorder00000000000000001", now };

describe("order confirmation mail", () => {
  const written = orderConfirmationText(props);
  const fromHtml = toPlainText(renderToStaticMarkup(OrderConfirmationEmail(props)));

  it.each([
    ["the customer's name", "Asha Rao"],
    ["the order number", "#00000001"],
    ["each line", "2 × Paneer Tikka Bowl (Large 400g) at ₹269"],
    ["each line's total", "₹538"],
    [
      "each line's options under their groups, priced when they cost extra",
      "Dressing: Mint yoghurt; Extra protein: Grilled paneer (+₹60); Leave out: Onion",
    ],
    ["each line's note", "Note: Ring the bell, <don't> knock"],
    ["the subtotal", "₹737"],
    ["the delivery fee", "₹40"],
    ["the total", "₹777"],
    ["the payment method", "UPI"],
    ["the address", "12 MG Road, Bengaluru, Karnataka 560001"],
    ["the promise, in India time", "Arriving by 4:30 pm (India time)"],
    ["the tracking link", props.url],
  ])("carries %s in both parts", (_what, fact) => {
    // The converter writes headings in capitals.
    expect(fromHtml.toLowerCase()).toContain(fact.toLowerCase());
    expect(written).toContain(fact);
  });

  it("lists a coupon's discount with its code in both parts, before the fee", () => {
    const discounted = { ...props, order: { ...order, discount: 100, coupon: { code: "SAVE100", description: "₹100 off" }, total: 677 } };
    const text = orderConfirmationText(discounted);
    const html = toPlainText(renderToStaticMarkup(OrderConfirmationEmail(discounted)));
    expect(text).toContain("Discount (SAVE100): -₹100");
    expect(html).toContain("-₹100");
    expect(html.toLowerCase()).toContain("discount (save100)");
    expect(text.indexOf("Discount")).toBeLessThan(text.indexOf("Delivery fee"));
    expect(written).not.toContain("Discount");
  });

  it("promises a scheduled order its slot, in both parts and the preview", () => {
    const later = {
      ...order,
      scheduled: true,
      deliverySlot: { start: "2026-11-25T07:00:00.000Z", end: "2026-11-25T07:30:00.000Z" },
      promisedBy: "2026-11-25T07:30:00.000Z",
    };
    const html = renderToStaticMarkup(OrderConfirmationEmail({ ...props, order: later }));
    const promise = "Scheduled for Wed 25 Nov, 12:30–1:00 pm (India time)";
    expect(toPlainText(html)).toContain(promise);
    expect(orderConfirmationText({ ...props, order: later })).toContain(promise);
    expect(html).not.toMatch(/30 minutes/);
  });

  it("escapes the customer's note in the HTML part and lists the options under their line", () => {
    const html = renderToStaticMarkup(OrderConfirmationEmail(props));
    expect(html).not.toContain("<don't>");
    expect(html).toContain("&lt;don&#x27;t&gt;");
    expect(written).toContain("2 × Paneer Tikka Bowl (Large 400g) at ₹269: ₹538\n  Dressing: Mint yoghurt;");
    expect(written).toMatch(/Grilled Chicken Caesar \(Small 250g\) at ₹199: ₹199\n2 ×/);
  });
});
