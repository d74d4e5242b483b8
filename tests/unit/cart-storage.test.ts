import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_LINE_QUANTITY } from "@/lib/orders/limits";
import { storedCartLines } from "@/lib/cart/stored-cart";
import { useCart } from "@/lib/cart/store";
import type { CartLine } from "@/lib/cart/types";
import { CAESAR_LINE } from "@/tests/support/cart-lines";
import { PLACEHOLDER_IMAGE } from "@/lib/menu/image-url";

// The cart saved in localStorage is read through lib/cart/schema.ts: whatever an older shop,
// another tab or a person with the developer tools left there, the cart page loads, keeping
// the good lines and dropping the rest.

const caesar: CartLine = { ...CAESAR_LINE, quantity: 2 };
const greek: CartLine = { ...caesar, cartId: "g1-large", id: "g1", name: "Classic Greek Salad", portion: "large", price: 249, quantity: 1 };

const saved = (lines: unknown[], version: unknown = 1) => JSON.stringify({ state: { lines }, version });

describe("storedCartLines", () => {
  it("reads back what the cart saved", () => {
    expect(storedCartLines(saved([caesar, greek]))).toEqual([caesar, greek]);
  });

  it("keeps a cart saved under another version, line by line", () => {
    expect(storedCartLines(saved([caesar], 0))).toEqual([caesar]);
    expect(storedCartLines(saved([caesar], 7))).toEqual([caesar]);
  });

  it("gives an empty cart for nothing saved, text that is not JSON, or JSON that is no cart", () => {
    for (const text of [
      null,
      "",
      "{",
      "not json",
      "null",
      "[]",
      '"lines"',
      JSON.stringify({ state: { lines: "many" } }),
      JSON.stringify({ lines: [caesar] }),
    ]) {
      expect(storedCartLines(text), String(text)).toEqual([]);
    }
  });

  it("drops the lines that do not parse and keeps the others", () => {
    const bad = [
      null,
      "c1-small",
      { ...caesar, cartId: "c1-large" }, // not its own <itemId>-<portion>
      { ...caesar, portion: "huge", cartId: "c1-huge" },
      { ...caesar, price: -1 },
      { ...caesar, price: 10.5 },
      { ...caesar, price: "179" },
      { ...caesar, quantity: 0 },
      { ...caesar, quantity: 1.5 },
      { ...caesar, name: " " },
      { ...caesar, id: "c1'; DROP", cartId: "c1'; DROP-small" },
      { cartId: "c1-small", id: "c1", portion: "small", quantity: 1 },
    ];
    expect(storedCartLines(saved([...bad, greek]))).toEqual([greek]);
  });

  it("keeps the first of two lines with the same cartId", () => {
    expect(storedCartLines(saved([caesar, { ...caesar, quantity: 5 }, greek]))).toEqual([caesar, greek]);
  });

  it("lowers a quantity over the limit to the limit", () => {
    expect(storedCartLines(saved([{ ...caesar, quantity: 99 }]))).toEqual([{ ...caesar, quantity: MAX_LINE_QUANTITY }]);
  });

  it("shows the placeholder for an image no admin could have saved", () => {
    for (const image of ["javascript:alert(1)", "//evil.example/x.png", "http://example.com/x.png", 42]) {
      expect(storedCartLines(saved([{ ...caesar, image }]))).toEqual([{ ...caesar, image: PLACEHOLDER_IMAGE }]);
    }
  });
});

describe("the cart store's hydration", () => {
  let storage: Map<string, string>;

  beforeEach(() => {
    storage = new Map();
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    });
    useCart.setState({ lines: [] });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("finishes on a saved cart that is not JSON (the page would wait for it forever)", async () => {
    storage.set("fresh-bowl-cart", "{ not json");
    await useCart.persist.rehydrate();
    expect(useCart.persist.hasHydrated()).toBe(true);
    expect(useCart.getState().lines).toEqual([]);
  });

  it("loads the good lines of a saved cart, and saves what it holds in the same form", async () => {
    storage.set("fresh-bowl-cart", saved([{ ...caesar, price: "free" }, greek], 0));
    await useCart.persist.rehydrate();
    expect(useCart.getState().lines).toEqual([greek]);
    useCart
      .getState()
      .add({ id: caesar.id, name: caesar.name, image: caesar.image, portion: caesar.portion, price: caesar.price, diet: caesar.diet });
    expect(JSON.parse(storage.get("fresh-bowl-cart")!)).toEqual({
      state: { lines: [greek, { ...caesar, quantity: 1 }] },
      version: 1,
    });
  });

  it("applies the server's prices by cartId", async () => {
    storage.set("fresh-bowl-cart", saved([caesar, greek]));
    await useCart.persist.rehydrate();
    useCart.getState().reprice(new Map([["g1-large", 269]]));
    expect(useCart.getState().lines).toEqual([caesar, { ...greek, price: 269 }]);
  });
});
