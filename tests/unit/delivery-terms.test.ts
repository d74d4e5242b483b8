import { describe, expect, it } from "vitest";
import { deliveryAnswerWords, feeFor, shortOfMinimum, termsWords, type AreaTerms } from "@/lib/cart/delivery-terms";

// The delivery terms the customer's pages show and charge (lib/cart/delivery-terms.ts): the
// landing page's answer, the address step's hint, the cart's and payment step's fee and minimum.

const koramangala: AreaTerms = { id: "a1", name: "Koramangala", fee: 30, minimumOrder: 200, freeDeliveryFrom: 499 };
const everywhere: AreaTerms = { id: "default", name: "All areas", fee: 40, minimumOrder: 0, freeDeliveryFrom: null };

describe("delivery terms", () => {
  it("answers a served PIN with its area, fee, minimum and free-delivery threshold", () => {
    expect(deliveryAnswerWords({ pin: "560034", delivers: true, area: koramangala })).toBe(
      "We deliver to 560034 (Koramangala): delivery ₹30, minimum order ₹200, free from ₹499.",
    );
  });

  it("answers a PIN that is not served in the shop's words", () => {
    expect(deliveryAnswerWords({ pin: "110001", delivers: false })).toBe("We don't deliver to 110001 yet.");
  });

  it("names no area while the shop defines none, and leaves out terms that do not apply", () => {
    expect(deliveryAnswerWords({ pin: "560001", delivers: true, area: everywhere })).toBe("We deliver to 560001: delivery ₹40.");
    expect(termsWords({ ...koramangala, fee: 0 })).toBe("free delivery, minimum order ₹200");
    expect(termsWords({ ...koramangala, minimumOrder: 0, freeDeliveryFrom: null })).toBe("delivery ₹30");
  });

  it("charges the area's fee below its threshold and nothing from it", () => {
    expect(feeFor(koramangala, 498)).toBe(30);
    expect(feeFor(koramangala, 499)).toBe(0);
    expect(feeFor(everywhere, 10_000)).toBe(40);
  });

  it("says how much is missing to reach the minimum", () => {
    expect(shortOfMinimum(koramangala, 150)).toBe(50);
    expect(shortOfMinimum(koramangala, 200)).toBe(0);
    expect(shortOfMinimum(everywhere, 0)).toBe(0);
  });
});
