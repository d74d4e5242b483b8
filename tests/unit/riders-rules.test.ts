import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { handoverSchema, riderDutySchema, riderPhoneSchema, settlementSchema, SETTLEMENT_MAX } from "@/lib/riders/schema";
import { ledgerOf, type DeliveredRow } from "@/lib/riders/ledger-sums";
import { FULFILMENT_STATES, statusMoveFor } from "@/lib/riders/dispatch";
import { ownRiders } from "@/lib/riders/own-riders";
import { isHandoverCode, newHandover } from "@/lib/orders/handover-code";
import { mapUrlOf } from "@/lib/riders/links";
import { orderNumber } from "@/lib/orders/status";

// The riders' rules that need no database (product.md §12): a rider's phone, the handover code,
// the day's cash-up sums, and the dispatch port's ONDC words.

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(""));

describe("a rider's phone", () => {
  it("10 digits, optionally +91, with the separators people type, is kept as +91 and the 10 digits", () => {
    const separated = fc.tuple(fc.boolean(), digits(10), fc.constantFrom("", " ", "-")).map(([plus, ten, sep]) => ({
      typed: `${plus ? "+91" + sep : ""}${ten.slice(0, 5)}${sep}${ten.slice(5)}`,
      ten,
    }));
    fc.assert(
      fc.property(separated, ({ typed, ten }) => {
        expect(riderPhoneSchema.parse(typed)).toBe(`+91${ten}`);
      }),
    );
  });

  it("anything else is refused", () => {
    for (const typed of ["", "98450", "98450123456", "+1 415 555 0100", "+9298450123456", "phone", "9845O12345"]) {
      expect(riderPhoneSchema.safeParse(typed).success, typed).toBe(false);
    }
    fc.assert(
      fc.property(fc.string(), (s) => /^(\+91)?\d{10}$/.test(s.trim().replace(/[\s\-.()]/g, "")) || !riderPhoneSchema.safeParse(s).success),
    );
  });

  it("the switch is a boolean; the phone may be left out", () => {
    expect(riderDutySchema.parse({ onDuty: false })).toEqual({ onDuty: false });
    expect(riderDutySchema.safeParse({ onDuty: "true" }).success).toBe(false);
  });
});

describe("the handover code", () => {
  it("is 4 digits, from the whole range", () => {
    const codes = Array.from({ length: 2_000 }, () => newHandover().handoverCode);
    expect(codes.every((c) => /^\d{4}$/.test(c))).toBe(true);
    // 2,000 draws of 10,000 codes: far more than a handful of distinct ones, and some with a leading 0.
    expect(new Set(codes).size).toBeGreaterThan(1_500);
    expect(codes.some((c) => c.startsWith("0"))).toBe(true);
  });

  it("matches only itself; the door takes exactly 4 digits", () => {
    fc.assert(fc.property(digits(4), digits(4), (a, b) => isHandoverCode(a, b) === (a === b)));
    expect(isHandoverCode("0482", "482")).toBe(false);
    expect(handoverSchema.parse({ code: " 0482 " })).toEqual({ code: "0482" });
    for (const code of ["482", "04821", "48a1", 4821]) expect(handoverSchema.safeParse({ code }).success, String(code)).toBe(false);
  });
});

describe("the day's cash-up", () => {
  const row = fc.record({
    orderId: fc.string({ minLength: 8, maxLength: 12 }),
    total: fc.integer({ min: 1, max: 5_000 }),
    cash: fc.boolean(),
  });

  it("collects the cash deliveries' totals, lists every delivery (0 for paid online), owes what came in less what went out", () => {
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 30 }),
        fc.nat(100_000),
        fc.nat(500_000),
        fc.nat(500_000),
        (rows: DeliveredRow[], settled, inAll, outAll) => {
          const ledger = ledgerOf("2026-11-20", { deliveries: rows, settled, collectedUntil: inAll, settledUntil: outAll });
          expect(ledger.collected).toBe(rows.filter((r) => r.cash).reduce((s, r) => s + r.total, 0));
          expect(ledger.deliveries).toEqual(
            rows.map((r) => ({ orderId: r.orderId, code: orderNumber(r.orderId), cash: r.cash ? r.total : 0 })),
          );
          expect(ledger.settled).toBe(settled);
          expect(ledger.owed).toBe(inAll - outAll);
        },
      ),
    );
  });

  it("a settlement is whole rupees from 1 to 100000", () => {
    expect(settlementSchema.parse({ amount: SETTLEMENT_MAX })).toEqual({ amount: SETTLEMENT_MAX });
    for (const amount of [0, SETTLEMENT_MAX + 1, 2.5, "10"])
      expect(settlementSchema.safeParse({ amount }).success, String(amount)).toBe(false);
  });
});

describe("the dispatch port", () => {
  it("speaks ONDC's fulfilment words, each bringing the order's own status", () => {
    expect(FULFILMENT_STATES).toEqual(["Agent-assigned", "Order-picked-up", "Out-for-delivery", "Order-delivered"]);
    expect(statusMoveFor("Agent-assigned")).toBeNull();
    expect(statusMoveFor("Order-picked-up")).toEqual({ to: "out_for_delivery", from: ["confirmed", "preparing"] });
    expect(statusMoveFor("Out-for-delivery")).toEqual(statusMoveFor("Order-picked-up"));
    expect(statusMoveFor("Order-delivered")).toEqual({ to: "delivered", from: ["out_for_delivery"] });
  });

  it("our own riders report through the shop's API: no webhook of theirs means anything", () => {
    fc.assert(fc.property(fc.jsonValue(), (body) => ownRiders.webhook(body).length === 0));
  });

  it("the rider's map link searches the whole address", () => {
    const url = mapUrlOf({ street: "12 Residency Road, Flat 3", city: "Bengaluru", state: "Karnataka", zip: "560025" });
    expect(url).toBe(
      "https://www.google.com/maps/search/?api=1&query=12%20Residency%20Road%2C%20Flat%203%2C%20Bengaluru%2C%20Karnataka%2C%20560025",
    );
  });
});
