import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeOffer, discountOf, refusalMessage, refusalOf, type CouponContext } from "@/lib/offers/rules";
import { offerSchema, parseOfferTime } from "@/lib/offers/schema";
import { REFUSAL_REASONS, type OfferRules } from "@/lib/offers/types";
import { OFFER_DEFAULTS } from "@/tests/support/offer-defaults";

const offer = (over: Partial<OfferRules> = {}): OfferRules => ({
  code: "SAVE10",
  kind: "percent",
  amount: null,
  percent: 10,
  maxDiscount: null,
  validFrom: null,
  validTo: null,
  ...OFFER_DEFAULTS,
  ...over,
});

const ctx = (over: Partial<CouponContext> = {}): CouponContext => ({
  now: new Date("2026-12-02T12:00:00Z"),
  subtotal: 500,
  deliveryFee: 40,
  earlierOrders: 0,
  customerUses: 0,
  totalUsed: 0,
  ...over,
});

const subtotals = fc.integer({ min: 0, max: 1_000_000 });

describe("a coupon's discount", () => {
  it("takes a percent off the subtotal rounded down to whole rupees", () => {
    expect(discountOf(offer({ percent: 15 }), 333, 40)).toBe(49);
    fc.assert(
      fc.property(subtotals, fc.integer({ min: 1, max: 100 }), (subtotal, percent) => {
        const d = discountOf(offer({ percent }), subtotal, 40);
        expect(Number.isInteger(d)).toBe(true);
        expect(d).toBeLessThanOrEqual((subtotal * percent) / 100);
        expect(d).toBeGreaterThan((subtotal * percent) / 100 - 1);
      }),
    );
  });

  it("caps a percent at its maximum discount", () => {
    expect(discountOf(offer({ percent: 50, maxDiscount: 150 }), 1000, 40)).toBe(150);
    fc.assert(
      fc.property(subtotals, fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 100_000 }), (subtotal, percent, cap) => {
        expect(discountOf(offer({ percent, maxDiscount: cap }), subtotal, 40)).toBeLessThanOrEqual(cap);
      }),
    );
  });

  it("never takes more than the subtotal, whatever the kind", () => {
    fc.assert(
      fc.property(
        subtotals,
        fc.constantFrom("flat" as const, "percent" as const, "free_delivery" as const),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 1000 }),
        (subtotal, kind, figure, fee) => {
          const d = discountOf(offer({ kind, amount: figure, percent: Math.min(100, figure) }), subtotal, fee);
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThanOrEqual(subtotal);
        },
      ),
    );
    expect(discountOf(offer({ kind: "flat", amount: 100 }), 80, 40)).toBe(80);
  });

  it("gives the delivery fee back for free delivery", () => {
    expect(discountOf(offer({ kind: "free_delivery" }), 300, 40)).toBe(40);
    expect(discountOf(offer({ kind: "free_delivery" }), 300, 0)).toBe(0);
  });
});

describe("when a coupon applies", () => {
  it("applies to an order that meets every rule", () => {
    expect(refusalOf(offer(), ctx())).toBeNull();
  });

  it.each([
    ["invalid", null, {}],
    ["invalid", offer({ active: false }), {}],
    ["not_started", offer({ validFrom: new Date("2026-12-03T00:00:00Z") }), {}],
    ["expired", offer({ validTo: new Date("2026-12-01T00:00:00Z") }), {}],
    ["below_minimum", offer({ minSubtotal: 499 }), { subtotal: 498 }],
    ["first_order_only", offer({ firstOrderOnly: true }), { earlierOrders: 1 }],
    ["already_used", offer({ perCustomer: 2 }), { customerUses: 2 }],
    ["used_up", offer({ totalUses: 100 }), { totalUsed: 100 }],
    ["online_only", offer({ onlineOnly: true }), { payOnline: false }],
  ] as const)("refuses it as %s", (reason, o, over) => {
    expect(refusalOf(o, ctx(over))).toBe(reason);
  });

  it("does not refuse an online-only code before the customer has chosen how to pay", () => {
    expect(refusalOf(offer({ onlineOnly: true }), ctx())).toBeNull();
    expect(refusalOf(offer({ onlineOnly: true }), ctx({ payOnline: true }))).toBeNull();
  });

  it("applies at its first and last moment", () => {
    const at = new Date("2026-12-02T12:00:00Z");
    expect(refusalOf(offer({ validFrom: at, validTo: at }), ctx({ now: at }))).toBeNull();
  });

  it("says every refusal in words, the minimum in rupees", () => {
    for (const reason of REFUSAL_REASONS) expect(refusalMessage(reason, offer()).length).toBeGreaterThan(10);
    expect(refusalMessage("below_minimum", offer({ minSubtotal: 499 }))).toBe("This code needs a subtotal of at least ₹499.");
    expect(refusalMessage("expired", offer({ validTo: new Date("2026-12-01T18:29:00Z") }))).toContain("1 Dec 2026, 11:59 pm");
  });

  it("describes an offer as the customer reads it", () => {
    expect(describeOffer(offer({ kind: "flat", amount: 100 }))).toBe("₹100 off");
    expect(describeOffer(offer({ percent: 10, maxDiscount: 150 }))).toBe("10% off, up to ₹150");
    expect(describeOffer(offer({ kind: "free_delivery", minSubtotal: 499 }))).toBe("Free delivery on orders of ₹499 or more");
  });
});

describe("an offer's terms as the admin writes them", () => {
  it("reads a date-time without an offset as India time, with one as written", () => {
    expect(parseOfferTime("2026-12-24T18:00")?.toISOString()).toBe("2026-12-24T12:30:00.000Z");
    expect(parseOfferTime("2026-12-24T18:00:30")?.toISOString()).toBe("2026-12-24T12:30:30.000Z");
    expect(parseOfferTime("2026-12-24T18:00:00Z")?.toISOString()).toBe("2026-12-24T18:00:00.000Z");
    expect(parseOfferTime("2026-12-24T18:00:00+05:30")?.toISOString()).toBe("2026-12-24T12:30:00.000Z");
    expect(parseOfferTime("2026-02-30T10:00")).toBeNull();
    expect(parseOfferTime("tomorrow")).toBeNull();
  });

  it("needs the kind's own figure, and an end after the start", () => {
    const refusal = (body: unknown) => offerSchema.safeParse(body).error?.issues[0];
    expect(refusal({ code: "FLAT50", kind: "flat" })).toMatchObject({
      path: ["amount"],
      message: "Amount is required for a flat discount",
    });
    expect(refusal({ code: "P10", kind: "percent", percent: 101 })?.path).toEqual(["percent"]);
    expect(refusal({ code: "no", kind: "free_delivery" })?.message).toBe("Code must be 3 to 20 letters or digits");
    expect(refusal({ code: "SAVE-10", kind: "free_delivery" })?.path).toEqual(["code"]);
    expect(refusal({ code: "FREE", kind: "free_delivery", validFrom: "2026-12-24T18:00", validTo: "2026-12-24T17:00" })?.path).toEqual([
      "validTo",
    ]);
  });

  it("keeps defaults and only the kind's own figures", () => {
    expect(offerSchema.parse({ code: "Save10", kind: "flat", amount: 100, percent: 5 })).toMatchObject({
      code: "Save10",
      amount: 100,
      percent: null,
      ...OFFER_DEFAULTS,
      validFrom: null,
    });
  });
});
