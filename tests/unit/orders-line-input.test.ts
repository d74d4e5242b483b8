import { describe, expect, it } from "vitest";
import { MAX_LINE_OPTIONS, orderInputSchema } from "@/lib/orders/schema";
import { parseWith } from "@/lib/http";
import { refusalOf } from "@/tests/support/refusal";

// An order line's `options` and `note` as the API takes them (product.md §8): a list of distinct
// choice ids (left out: the defaults), and a trimmed, printable note of at most 140 characters.

const address = { name: "Asha", phone: "9876543210", street: "1 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" };
const body = (line: Record<string, unknown>) => ({
  items: [{ id: "ckitem0000000000000000001", portion: "small", quantity: 1, ...line }],
  address,
  paymentMethod: "UPI",
});

const refusal = (line: Record<string, unknown>) => refusalOf(() => parseWith(orderInputSchema, body(line)));

describe("order line options and note", () => {
  it("leaves options out when the line does not send them, so the server applies the defaults", () => {
    const [line] = orderInputSchema.parse(body({})).items;
    expect(line).toEqual({ menuItemId: "ckitem0000000000000000001", portion: "small", quantity: 1 });
    expect(line).not.toHaveProperty("options");
  });

  it("takes a list of choice ids (an empty list too) and a trimmed note", () => {
    const [line] = orderInputSchema.parse(body({ options: [" ckchoice1 ", "ckchoice2"], note: "  No onion, please  " })).items;
    expect(line.options).toEqual(["ckchoice1", "ckchoice2"]);
    expect(line.note).toBe("No onion, please");
    expect(orderInputSchema.parse(body({ options: [] })).items[0].options).toEqual([]);
  });

  it("reads an empty, blank or null note as no note", () => {
    for (const note of ["", "   ", null]) expect(orderInputSchema.parse(body({ note })).items[0]).not.toHaveProperty("note");
  });

  it("keeps a note of 140 characters in any script and refuses 141", () => {
    const note = "नमस्ते ".repeat(20).trim().slice(0, 140).padEnd(140, "x");
    expect(orderInputSchema.parse(body({ note })).items[0].note).toBe(note);
    const e = refusal({ note: "x".repeat(141) });
    expect(e.field).toBe("items.0.note");
    expect(e.message).toBe("items.0.note: must be at most 140 characters");
  });

  it.each([
    ["a note that is not text", { note: 42 }, "items.0.note", /must be text/],
    ["a note with control characters", { note: "line\u0000two" }, "items.0.note", /not allowed/],
    ["a note with a line break", { note: "one\ntwo" }, "items.0.note", /not allowed/],
    ["options that are not a list", { options: "ckchoice1" }, "items.0.options", /must be a list of choice ids/],
    ["options as null", { options: null }, "items.0.options", /must be a list of choice ids/],
    ["an option that is not an id", { options: ["ckchoice1", { id: "x" }] }, "items.0.options.1", /must be a choice's id/],
    ["an option id with spaces inside", { options: ["ck choice"] }, "items.0.options.0", /must be a choice's id/],
    ["the same option twice", { options: ["ckchoice1", "ckchoice2", "ckchoice1"] }, "items.0.options.2", /already on the line/],
    [
      "too many options",
      { options: Array.from({ length: MAX_LINE_OPTIONS + 1 }, (_, i) => `ckchoice${i}`) },
      "items.0.options",
      /at most 20 choice ids/,
    ],
  ])("refuses %s with 400 naming the field", (_, line, field, message) => {
    const e = refusal(line);
    expect(e.field).toBe(field);
    expect(e.message.startsWith(`${field}: `)).toBe(true);
    expect(e.message).toMatch(message);
  });
});
