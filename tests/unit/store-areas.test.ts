import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { areaForPin, deliveryFeeFor } from "@/lib/store/areas";

// Which area serves a PIN and what delivery costs there (product.md §9).

const areas = [
  { id: "blr", name: "Bengaluru", pins: ["56"], fee: 60, freeDeliveryFrom: null },
  { id: "central", name: "Central", pins: ["5600"], fee: 30, freeDeliveryFrom: 500 },
  { id: "kora", name: "Koramangala", pins: ["560034", "560095"], fee: 0, freeDeliveryFrom: null },
];

describe("areaForPin", () => {
  it("the most specific pattern wins, whatever the order of the areas", () => {
    for (const list of [areas, [...areas].reverse()]) {
      expect(areaForPin(list, "560034")?.id).toBe("kora"); // full PIN beats "5600" and "56"
      expect(areaForPin(list, "560001")?.id).toBe("central"); // "5600" beats "56"
      expect(areaForPin(list, "560100")?.id).toBe("blr"); // only "56"
      expect(areaForPin(list, "110001")).toBeNull();
    }
  });

  it('"5600" serves 560001–560099 and nothing else', () => {
    const only = [{ pins: ["5600"] }];
    expect(areaForPin(only, "560001")).not.toBeNull();
    expect(areaForPin(only, "560099")).not.toBeNull();
    expect(areaForPin(only, "560100")).toBeNull();
    expect(areaForPin(only, "556000")).toBeNull();
  });

  it("property: the area found has a pattern the PIN starts with, and no area has a longer one", () => {
    const pattern = fc.stringMatching(/^[0-9]{2,6}$/);
    const list = fc.array(fc.record({ pins: fc.uniqueArray(pattern, { minLength: 1, maxLength: 4 }) }), { maxLength: 6 });
    fc.assert(
      fc.property(list, fc.stringMatching(/^[0-9]{6}$/), (list, pin) => {
        const found = areaForPin(list, pin);
        const longest = Math.max(0, ...list.flatMap((a) => a.pins.filter((p) => pin.startsWith(p)).map((p) => p.length)));
        if (longest === 0) expect(found).toBeNull();
        else expect(Math.max(...found!.pins.filter((p) => pin.startsWith(p)).map((p) => p.length))).toBe(longest);
      }),
    );
  });
});

describe("deliveryFeeFor", () => {
  it("without areas: DELIVERY_FEE", () => {
    expect(deliveryFeeFor(null, 100, 40)).toBe(40);
    expect(deliveryFeeFor(null, 100_000, 40)).toBe(40);
  });

  it("the area's fee, 0 from freeDeliveryFrom on (never free when null)", () => {
    const central = areas[1];
    expect(deliveryFeeFor(central, 499, 40)).toBe(30);
    expect(deliveryFeeFor(central, 500, 40)).toBe(0);
    expect(deliveryFeeFor(areas[0], 10_000, 40)).toBe(60);
    expect(deliveryFeeFor({ fee: 25, freeDeliveryFrom: 0 }, 1, 40)).toBe(0);
  });
});
