import { describe, expect, it } from "vitest";
import { INDIAN_STATES, isStateName, matchState, placeOfSupply, stateByCode } from "@/lib/billing/states";

// GST state codes and the states customers type (product.md §11): the invoice's place of supply
// and the check of a GSTIN against the business's state.

describe("GST state codes", () => {
  it("lists every state and union territory in use once, each code two digits, names unique", () => {
    const codes = INDIAN_STATES.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(INDIAN_STATES.map((s) => s.name)).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^\d{2}$/);
    // 36 states and union territories, and GSTN's "Other Territory".
    expect(codes).toHaveLength(37);
  });

  it("knows the codes GST uses", () => {
    expect(stateByCode("01")?.name).toBe("Jammu and Kashmir");
    expect(stateByCode("07")?.name).toBe("Delhi");
    expect(stateByCode("29")?.name).toBe("Karnataka");
    expect(stateByCode("33")?.name).toBe("Tamil Nadu");
    expect(stateByCode("36")?.name).toBe("Telangana");
    expect(stateByCode("37")?.name).toBe("Andhra Pradesh");
    expect(stateByCode("38")?.name).toBe("Ladakh");
    expect(stateByCode("97")?.name).toBe("Other Territory");
  });

  it("has no retired code (25 merged into 26, 28 became 37) nor any that names no place", () => {
    for (const code of ["00", "25", "28", "39", "96", "99", "29 ", "2"]) expect(stateByCode(code)).toBeNull();
  });

  it("tells a stored name (exactly as GSTN writes it) from anything else", () => {
    expect(isStateName("Karnataka")).toBe(true);
    expect(isStateName("karnataka")).toBe(false);
    expect(isStateName("KA")).toBe(false);
  });
});

describe("matchState: a state as people type it", () => {
  it.each([
    ["Karnataka", "29"],
    ["karnataka", "29"],
    [" Karnataka ", "29"],
    ["KARNATAKA.", "29"],
    ["KA", "29"],
    ["ka", "29"],
    ["29", "29"],
    ["29-Karnataka", "29"],
    ["Tamil  Nadu", "33"],
    ["tamil-nadu", "33"],
    ["TN", "33"],
    ["J&K", "01"],
    ["Jammu & Kashmir", "01"],
    ["Orissa", "21"],
    ["Pondicherry", "34"],
    ["New Delhi", "07"],
    ["TS", "36"],
    ["TG", "36"],
    ["Daman and Diu", "26"],
    ["Andaman & Nicobar Islands", "35"],
    ["７", "07"],
  ])("%j is %s", (typed, code) => {
    expect(matchState(typed)?.code).toBe(code);
  });

  it.each(["", "  ", "Bengaluru", "Karnatak", "XX", "25", "28", "29-Tamil Nadu", "100", "Karnataka India"])(
    "%j names no state",
    (typed) => {
      expect(matchState(typed)).toBeNull();
    },
  );

  it("matches every state's own name and every alias back to that state", () => {
    for (const s of INDIAN_STATES) {
      for (const typed of [s.name, s.name.toUpperCase(), ` ${s.name.toLowerCase()} `, s.code, ...s.aliases]) {
        expect(matchState(typed), typed).toBe(s);
      }
    }
  });

  it("no alias belongs to two states", () => {
    const seen = new Map<string, string>();
    for (const s of INDIAN_STATES) {
      for (const alias of [s.name, ...s.aliases]) {
        const key = alias.toLowerCase();
        expect(seen.get(key), alias).toBeUndefined();
        seen.set(key, s.code);
      }
    }
  });
});

describe("place of supply", () => {
  it('is written "29-Karnataka", as GSTR-1 writes it', () => {
    expect(placeOfSupply("karnataka")).toBe("29-Karnataka");
    expect(placeOfSupply("KA")).toBe("29-Karnataka");
    expect(placeOfSupply("Delhi")).toBe("07-Delhi");
    expect(placeOfSupply("Bengaluru")).toBeNull();
  });
});
