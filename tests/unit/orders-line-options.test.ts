import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { resolveLineOptions } from "@/lib/orders/line-options";
import { priceLines } from "@/lib/orders/pricing";
import { choice, optionGroup } from "@/tests/support/option-groups";
import { menuOf, menuRow } from "@/tests/support/menu-rows";
import { refusalOf } from "@/tests/support/refusal";

// The option rules of an order line (product.md §8): defaults for a line that sends no
// `options`, every group's min and max for one that does, unknown, foreign and sold-out
// choices refused naming the field, and the price the options add.

const dressing = optionGroup(
  "gd",
  "Dressing",
  [1, 1],
  [choice("d1", "Caesar", 0, { default: true }), choice("d2", "Lemon tahini"), choice("d3", "Honey mustard", 0, { available: false })],
);
const protein = optionGroup(
  "gp",
  "Extra protein",
  [0, 2],
  [choice("p1", "Chicken", 60), choice("p2", "Egg", 30), choice("p3", "Paneer", 50)],
);
const leaveOut = optionGroup("gl", "Leave out", [0, 2], [choice("l1", "Onion"), choice("l2", "Croutons")]);
const groups = [dressing, protein, leaveOut];
const F = "items.0.options";

describe("line options", () => {
  it("gives a line without an options field each required group's default, free", () => {
    expect(resolveLineOptions(groups, undefined, F, "Caesar bowl")).toEqual({
      options: [{ id: "d1", group: "Dressing", name: "Caesar", price: 0 }],
      extra: 0,
    });
    expect(resolveLineOptions([], undefined, F, "Plain bowl")).toEqual({ options: [], extra: 0 });
  });

  it("refuses the defaults only when a required group's default is sold out, naming the field", () => {
    const soldOutDefault = { ...dressing, choices: dressing.choices.map((c) => ({ ...c, available: !c.default })) };
    const e = refusalOf(() => resolveLineOptions([soldOutDefault], undefined, F, "Caesar bowl"));
    expect(e.field).toBe(F);
    expect(e.message).toBe("items.0.options: Caesar bowl's usual Dressing is sold out; choose exactly 1 from Dressing");
  });

  it("takes exactly the sent choices, priced, in group then choice order whatever order they came in", () => {
    expect(resolveLineOptions(groups, ["l2", "p2", "d2", "p1"], F, "Caesar bowl")).toEqual({
      options: [
        { id: "d2", group: "Dressing", name: "Lemon tahini", price: 0 },
        { id: "p1", group: "Extra protein", name: "Chicken", price: 60 },
        { id: "p2", group: "Extra protein", name: "Egg", price: 30 },
        { id: "l2", group: "Leave out", name: "Croutons", price: 0 },
      ],
      extra: 90,
    });
  });

  it.each([
    ["nothing for a required group", [], "items.0.options: choose exactly 1 from Dressing"],
    ["two dressings", ["d1", "d2"], "items.0.options: choose exactly 1 from Dressing"],
    ["three extra proteins", ["d1", "p1", "p2", "p3"], "items.0.options: choose at most 2 from Extra protein"],
  ])("refuses %s, naming the options field", (_, sent, message) => {
    const e = refusalOf(() => resolveLineOptions(groups, sent, F, "Caesar bowl"));
    expect(e.field).toBe(F);
    expect(e.message).toBe(message);
  });

  it("names a group's range when it has a minimum and room above it", () => {
    const twoToThree = { ...protein, min: 2, max: 3 };
    expect(refusalOf(() => resolveLineOptions([twoToThree], ["p1"], F, "Bowl")).message).toBe(
      "items.0.options: choose 2 to 3 from Extra protein",
    );
  });

  it.each([
    ["an unknown choice", ["d1", "zz"], "items.0.options.1", "items.0.options.1: not a choice of Caesar bowl"],
    ["another item's choice", ["x9", "d1"], "items.0.options.0", "items.0.options.0: not a choice of Caesar bowl"],
    ["a sold-out choice", ["d3"], "items.0.options.0", "items.0.options.0: Honey mustard is sold out"],
  ])("refuses %s, naming its place in the list", (_, sent, field, message) => {
    const e = refusalOf(() => resolveLineOptions(groups, sent, F, "Caesar bowl"));
    expect(e.field).toBe(field);
    expect(e.message).toBe(message);
  });

  it("accepts every selection within each group's range and refuses every other, pricing the ones it accepts", () => {
    const ids = groups.flatMap((g) => g.choices.filter((c) => c.available).map((c) => c.id));
    fc.assert(
      fc.property(fc.subarray(ids), fc.shuffledSubarray(ids), (picked, order) => {
        const sent = order.filter((id) => picked.includes(id)).concat(picked.filter((id) => !order.includes(id)));
        const within = groups.every((g) => {
          const n = g.choices.filter((c) => sent.includes(c.id)).length;
          return n >= g.min && n <= g.max;
        });
        const prices = groups.flatMap((g) => g.choices).filter((c) => sent.includes(c.id));
        if (within) {
          const { options, extra } = resolveLineOptions(groups, sent, F, "Bowl");
          expect(options.map((o) => o.id).sort()).toEqual([...sent].sort());
          expect(extra).toBe(prices.reduce((n, c) => n + c.price, 0));
        } else {
          expect(refusalOf(() => resolveLineOptions(groups, sent, F, "Bowl")).field).toBe(F);
        }
      }),
    );
  });
});

describe("pricing lines with options", () => {
  const menu = menuOf(menuRow("c1", "Caesar bowl", [179, 219, 259], { optionGroups: groups }));

  it("prices a line as the portion plus its options, times the quantity, and keeps the note", () => {
    const [line] = priceLines([{ menuItemId: "c1", portion: "medium", quantity: 3, options: ["d2", "p1"], note: "Extra crispy" }], menu);
    expect(line).toMatchObject({ unitPrice: 279, lineTotal: 837, note: "Extra crispy" });
    expect(line.options.map((o) => o.name)).toEqual(["Lemon tahini", "Chicken"]);
  });

  it("keeps unitPrice = portion + options and lineTotal = unitPrice × quantity for any accepted line", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("small" as const, "medium" as const, "large" as const),
        fc.integer({ min: 1, max: 20 }),
        fc.subarray(["p1", "p2", "p3"], { maxLength: 2 }),
        (portion, quantity, proteins) => {
          const [line] = priceLines([{ menuItemId: "c1", portion, quantity, options: ["d1", ...proteins] }], menu);
          const base = { small: 179, medium: 219, large: 259 }[portion];
          const extra = protein.choices.filter((c) => proteins.includes(c.id)).reduce((n, c) => n + c.price, 0);
          expect(line.unitPrice).toBe(base + extra);
          expect(line.lineTotal).toBe(line.unitPrice * quantity);
        },
      ),
    );
  });

  it("refuses the same bowl twice, whether its defaults were sent or left out, but takes it made another way", () => {
    const twice = () =>
      priceLines(
        [
          { menuItemId: "c1", portion: "small", quantity: 1 },
          { menuItemId: "c1", portion: "small", quantity: 2, options: ["d1"] },
        ],
        menu,
      );
    expect(refusalOf(twice).field).toBe("items.1");
    const lines = priceLines(
      [
        { menuItemId: "c1", portion: "small", quantity: 1 },
        { menuItemId: "c1", portion: "small", quantity: 1, options: ["d2"] },
        { menuItemId: "c1", portion: "small", quantity: 1, note: "No pepper" },
      ],
      menu,
    );
    expect(lines.map((l) => l.unitPrice)).toEqual([179, 179, 179]);
  });

  it("names the line's options field in a refusal", () => {
    const e = refusalOf(() =>
      priceLines(
        [
          { menuItemId: "c1", portion: "small", quantity: 1 },
          { menuItemId: "c1", portion: "large", quantity: 1, options: ["d1", "d2"] },
        ],
        menu,
      ),
    );
    expect(e.field).toBe("items.1.options");
  });
});
