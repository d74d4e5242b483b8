import { describe, expect, it } from "vitest";
import { toPlainText } from "@react-email/render";
import { renderToStaticMarkup } from "react-dom/server";
import { OrderLateEmail, newTimeWords, orderLateSubject, orderLateText } from "@/lib/email/templates/order-late";
import { mailOrder } from "@/tests/support/mail-order";

// The running-late mail (product.md §9): the subject as the contract writes it, the new time in
// India time whatever zone the worker runs in, and the same facts in the HTML and the text part.

const order = mailOrder({
  address: { name: "Zoë O'Brien", phone: "+919876543210", street: "12 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" },
  status: "preparing",
  createdAt: "2026-11-27T07:40:00.000Z",
  updatedAt: "2026-11-27T08:00:00.000Z",
  deliverySlot: { start: "2026-11-27T07:45:00.000Z", end: "2026-11-27T08:15:00.000Z" },
  promisedBy: "2026-11-27T08:35:00.000Z", // 2:05 pm in India, 20 minutes later than the slot's end
});

const props = { order, url: "https://shop.example/orders/ckorder0000000000ab12cd34", now: new Date("2026-11-27T08:00:00.000Z") };

describe("the running-late mail", () => {
  it("has the contract's subject with the order's code", () => {
    expect(orderLateSubject(order)).toBe("Your Fresh Bowl order #AB12CD34 is running late");
  });

  it("says the new time in India time, with the day when it is not today", () => {
    expect(newTimeWords(order.promisedBy, props.now)).toBe("2:05 pm (India time)");
    // 12:10 am in India on the 28th, seen on the evening of the 27th.
    expect(newTimeWords("2026-11-27T18:40:00.000Z", new Date("2026-11-27T17:00:00.000Z"))).toBe("12:10 am (India time) tomorrow");
  });

  it("tells the same in the HTML and the text part: the new time, the order, the link", () => {
    const text = orderLateText(props);
    const html = toPlainText(renderToStaticMarkup(OrderLateEmail(props)));
    for (const part of [text, html]) {
      expect(part).toContain("Order #AB12CD34 now arrives by 2:05 pm (India time).");
      expect(part).toContain("Grilled Chicken Caesar");
      expect(part.toLowerCase()).toContain("sorry, asha rao");
    }
    expect(text).toContain(props.url);
    expect(renderToStaticMarkup(OrderLateEmail(props))).toContain(`href="${props.url}"`);
  });
});
