import { describe, expect, it } from "vitest";
import { addLine, customCartIdOf, increaseLine, orderItemsOf } from "@/lib/cart/lines";
import { chosenLine, chosenOptions, defaultSelection, toggleChoice, unitPriceOf, unmetGroups } from "@/lib/cart/options";
import { storedCartLines } from "@/lib/cart/stored-cart";
import type { CartLine } from "@/lib/cart/types";
import type { MenuItemView } from "@/lib/menu/types";
import { choice, optionGroup } from "@/tests/support/option-groups";
import { LINE_BEFORE_OPTIONS } from "@/tests/support/cart-lines";

// product.md §8 in the cart: lines with the same item, portion, options and note are one line;
// the plain cartId belongs to the defaults without a note; the chooser's selection and running price.

const dressing = optionGroup("gd", "Dressing", [1, 1], [choice("d1", "Caesar", 0, { default: true }), choice("d2", "Mint yoghurt")]);
const addOns = optionGroup(
  "ga",
  "Add-ons",
  [0, 2],
  [choice("a1", "Avocado", 50), choice("a2", "Feta", 40), choice("a3", "Olives", 30), choice("a4", "Sweet corn", 15, { available: false })],
);
const item: Pick<MenuItemView, "id" | "name" | "image" | "prices" | "diet" | "optionGroups"> = {
  id: "c1",
  name: "Grilled Chicken Caesar",
  image: "/images/salads/c.svg",
  prices: { small: 179, medium: 219, large: 259 },
  diet: "non-veg",
  optionGroups: [dressing, addOns],
};
const groups = item.optionGroups;
const pick = (...ids: string[]) => new Set(ids);

describe("a line's cartId", () => {
  it("is <itemId>-<portion> for the defaults and no note, whether from the card or the chooser", () => {
    const fromCard = addLine([], { ...chosenLine(item, "small", defaultSelection(groups), ""), options: undefined });
    const fromChooser = addLine(fromCard, chosenLine(item, "small", defaultSelection(groups), "   "));
    expect(fromChooser).toHaveLength(1);
    expect(fromChooser[0]).toMatchObject({ cartId: "c1-small", quantity: 2, options: [], note: "" });
  });

  it("gets a suffix naming the choices and the note otherwise, the same for the same choices in any order", () => {
    const id = customCartIdOf("c1", "small", ["d1", "a1"], "");
    expect(id).toMatch(/^c1-small-[0-9a-z]+$/);
    expect(customCartIdOf("c1", "small", ["a1", "d1"], "")).toBe(id);
    expect(customCartIdOf("c1", "small", ["d1", "a2"], "")).not.toBe(id);
    expect(customCartIdOf("c1", "small", ["d1", "a1"], "no onion")).not.toBe(id);
    expect(customCartIdOf("c1", "medium", ["d1", "a1"], "")).not.toBe(customCartIdOf("c1", "small", ["d1", "a1"], ""));
    // The defaults with a note are customised too.
    expect(addLine([], chosenLine(item, "small", defaultSelection(groups), "extra crisp"))[0].cartId).toBe(
      customCartIdOf("c1", "small", ["d1"], "extra crisp"),
    );
  });
});

describe("merging lines", () => {
  it("adds 1 to the line with the same options and note, and starts a new line for other ones", () => {
    const avocado = chosenLine(item, "small", pick("d1", "a1"), "No onions please");
    let lines = addLine([], avocado);
    lines = addLine(lines, chosenLine(item, "small", pick("a1", "d1"), " No onions please "));
    lines = addLine(lines, chosenLine(item, "small", pick("d1", "a2"), "No onions please"));
    lines = addLine(lines, chosenLine(item, "small", pick("d1", "a1"), ""));
    lines = addLine(lines, chosenLine(item, "small", defaultSelection(groups), ""));
    expect(lines.map((l) => l.quantity)).toEqual([2, 1, 1, 1]);
    expect(new Set(lines.map((l) => l.cartId)).size).toBe(4);
    expect(lines[0]).toMatchObject({
      price: 229,
      note: "No onions please",
      options: [
        { id: "d1", group: "Dressing", name: "Caesar", price: 0 },
        { id: "a1", group: "Add-ons", name: "Avocado", price: 50 },
      ],
    });
    expect(increaseLine(lines, lines[1].cartId).map((l) => l.quantity)).toEqual([2, 2, 1, 1]);
  });

  it("sends the choices and note only for customised lines, so the server gives plain lines the defaults", () => {
    const lines = [
      addLine([], chosenLine(item, "large", defaultSelection(groups), ""))[0],
      addLine([], chosenLine(item, "small", pick("d2", "a1", "a2"), ""))[0],
      addLine([], chosenLine(item, "small", pick("d1"), "Cut small"))[0],
    ];
    expect(orderItemsOf(lines)).toEqual([
      { menuItemId: "c1", portion: "large", quantity: 1 },
      { menuItemId: "c1", portion: "small", quantity: 1, options: ["d2", "a1", "a2"] },
      { menuItemId: "c1", portion: "small", quantity: 1, options: ["d1"], note: "Cut small" },
    ]);
  });
});

describe("the chooser's selection and running price", () => {
  it("starts with the defaults and prices the portion plus every chosen choice", () => {
    expect([...defaultSelection(groups)]).toEqual(["d1"]);
    expect(unitPriceOf(219, groups, pick("d1"))).toBe(219);
    expect(unitPriceOf(219, groups, pick("d1", "a1", "a2"))).toBe(309);
    expect(chosenOptions(groups, pick("a2", "d2")).map((o) => o.name)).toEqual(["Mint yoghurt", "Feta"]);
  });

  it("swaps a radio group's choice, refuses a choice beyond the max and a sold-out one", () => {
    expect([...toggleChoice(pick("d1"), dressing, "d2", true)]).toEqual(["d2"]);
    const two = toggleChoice(toggleChoice(pick("d1"), addOns, "a1", true), addOns, "a2", true);
    expect([...two]).toEqual(["d1", "a1", "a2"]);
    expect([...toggleChoice(two, addOns, "a3", true)]).toEqual(["d1", "a1", "a2"]);
    expect([...toggleChoice(two, addOns, "a1", false)]).toEqual(["d1", "a2"]);
    expect([...toggleChoice(pick("d1"), addOns, "a4", true)]).toEqual(["d1"]);
  });

  it("names the groups whose minimum is not met", () => {
    expect(unmetGroups(groups, pick("a1"))).toEqual(["Dressing"]);
    expect(unmetGroups(groups, pick("d1"))).toEqual([]);
  });
});

describe("a saved cart with options", () => {
  const saved = (lines: unknown[]) => JSON.stringify({ state: { lines }, version: 1 });
  const custom = { ...addLine([], chosenLine(item, "small", pick("d1", "a1"), "No onions"))[0], quantity: 2 };
  const plain: CartLine = { ...addLine([], chosenLine(item, "large", defaultSelection(groups), ""))[0] };

  it("reads back customised and plain lines as saved", () => {
    expect(storedCartLines(saved([custom, plain]))).toEqual([custom, plain]);
  });

  it("reads a line saved before options as the defaults, with no note and no diet", () => {
    expect(storedCartLines(saved([LINE_BEFORE_OPTIONS]))).toEqual([{ ...LINE_BEFORE_OPTIONS, options: [], note: "", diet: null }]);
  });

  it("drops lines whose options, note or cartId this shop could not have written", () => {
    const bad = [
      { ...custom, cartId: "c1-small" }, // choices under the plain cartId
      { ...custom, cartId: `${custom.cartId}x` },
      { ...custom, note: "Other note" }, // the suffix names another note
      { ...custom, note: "x".repeat(141), cartId: customCartIdOf("c1", "small", ["d1", "a1"], "x".repeat(141)) },
      { ...custom, options: "avocado" },
      { ...custom, options: [{ ...custom.options[0], price: -5 }, custom.options[1]] },
      { ...custom, options: [{ ...custom.options[0], id: "d1'; --" }, custom.options[1]] },
      {
        ...custom,
        options: [custom.options[0], { ...custom.options[0] }],
        cartId: customCartIdOf("c1", "small", ["d1", "d1"], "No onions"),
      },
      { ...plain, note: "late", cartId: "c1-large" },
    ];
    expect(storedCartLines(saved([...bad, plain]))).toEqual([plain]);
  });

  it("forgets a diet it does not know", () => {
    expect(storedCartLines(saved([{ ...plain, diet: "vegan" }]))).toEqual([{ ...plain, diet: null }]);
  });
});
