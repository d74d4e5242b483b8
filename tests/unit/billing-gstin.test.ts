import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gstinCheckCharacter, gstinProblem, gstinStateCode, isValidGstin, normaliseGstin } from "@/lib/billing/gstin";
import { INDIAN_STATES } from "@/lib/billing/states";

// The GSTIN check (product.md §11): format, state code and GSTN's mod-36 check character.

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

// GSTINs published on real invoices and GSTN's own examples: the checksum here must agree with
// GSTN's on them, or it would refuse a real kitchen's number.
const PUBLISHED = ["27AAPFU0939F1ZV", "27AAACR5055K1Z7", "29AAGCB7383J1Z4", "33AAACH7409R1Z8", "24AAACC1206D1ZM"];

const upper = (chars: string) => fc.constantFrom(...chars.split(""));
const letter = upper("ABCDEFGHIJKLMNOPQRSTUVWXYZ");
const digit = upper("0123456789");
/** The first 14 characters of a well-formed GSTIN in a real state. */
const body = fc
  .tuple(
    fc.constantFrom(...INDIAN_STATES.map((s) => s.code)),
    fc.array(letter, { minLength: 5, maxLength: 5 }),
    fc.array(digit, { minLength: 4, maxLength: 4 }),
    letter,
    upper("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
  )
  .map(([state, name, number, last, entity]) => `${state}${name.join("")}${number.join("")}${last}${entity}Z`);
const gstin = body.map((b) => b + gstinCheckCharacter(b));

describe("GSTIN check character", () => {
  it("agrees with GSTN on published GSTINs", () => {
    for (const g of PUBLISHED) {
      expect(gstinCheckCharacter(g.slice(0, 14)), g).toBe(g[14]);
      expect(isValidGstin(g), g).toBe(true);
    }
  });

  it("works the weights by hand: 29AAACR5055K1Z → 3", () => {
    // Values 2 9 10 10 10 12 27 5 0 5 5 20 1 35 weighted 1 2 1 2 …: products 2 18 10 20 10 24 27 10 0 10 5 40 1 70;
    // 40 = 1·36 + 4 → 5 and 70 = 1·36 + 34 → 35; sum 2+18+10+20+10+24+27+10+0+10+5+5+1+35 = 177;
    // (36 − 177 mod 36) mod 36 = 36 − 33 = 3.
    expect(gstinCheckCharacter("29AAACR5055K1Z")).toBe("3");
    expect(isValidGstin("29AAACR5055K1Z3")).toBe(true);
    expect(gstinProblem("29AAACR5055K1Z5")).toBe("checksum");
  });

  it("a GSTIN made with it is valid and names its state", () => {
    fc.assert(
      fc.property(gstin, (g) => {
        expect(isValidGstin(g)).toBe(true);
        expect(gstinStateCode(g)).toBe(g.slice(0, 2));
      }),
    );
  });

  it("changing any one character to any other makes it invalid", () => {
    fc.assert(
      fc.property(gstin, fc.nat(14), fc.nat(35), (g, at, by) => {
        const other = ALPHABET[(ALPHABET.indexOf(g[at]) + 1 + (by % 35)) % 36];
        const changed = g.slice(0, at) + other + g.slice(at + 1);
        expect(changed).not.toBe(g);
        expect(isValidGstin(changed)).toBe(false);
      }),
    );
  });

  it("swapping two neighbouring different characters in the PAN makes it invalid", () => {
    fc.assert(
      fc.property(gstin, fc.integer({ min: 2, max: 10 }), (g, at) => {
        fc.pre(g[at] !== g[at + 1]);
        const swapped = g.slice(0, at) + g[at + 1] + g[at] + g.slice(at + 2);
        expect(isValidGstin(swapped)).toBe(false);
      }),
    );
  });
});

describe("GSTIN format", () => {
  it("is read in any case and with spaces, as people copy it", () => {
    expect(normaliseGstin(" 27aapfu0939f1zv ")).toBe("27AAPFU0939F1ZV");
    expect(normaliseGstin("27 AAPFU 0939 F1ZV")).toBe("27AAPFU0939F1ZV");
    expect(isValidGstin("27aapfu0939f1zv")).toBe(true);
    expect(gstinStateCode("27aapfu0939f1zv")).toBe("27");
  });

  it.each([
    ["", "format"],
    ["27AAPFU0939F1Z", "format"], // 14 characters
    ["27AAPFU0939F1ZVV", "format"], // 16
    ["2AAAPFU0939F1ZV", "format"], // state code not two digits
    ["27AAPF10939F1ZV", "format"], // a digit in the PAN's letters
    ["27AAPFUA939F1ZV", "format"], // a letter in the PAN's digits
    ["27AAPFU09391F1Z", "format"],
    ["27AAPFU0939F0ZV", "format"], // entity number 0
    ["27AAPFU0939F1YV", "format"], // 14th is not Z
    ["27AAPFU0939F1Z-", "format"],
    ["27AAPFU0939F1ZV\u0000", "format"],
    ["00AAPFU0939F1ZV", "state"],
    ["25AAPFU0939F1ZV", "state"], // retired when Daman and Diu merged into 26
    ["99AAPFU0939F1ZV", "state"],
    ["27AAPFU0939F1ZA", "checksum"],
  ])("%j: %s", (input, problem) => {
    expect(gstinProblem(input)).toBe(problem);
    expect(isValidGstin(input)).toBe(false);
    expect(gstinStateCode(input)).toBeNull();
  });

  it("refuses a character outside 0–9, A–Z when asked for a check character", () => {
    expect(() => gstinCheckCharacter("27AAPFU0939F1z")).toThrow(RangeError);
  });
});
