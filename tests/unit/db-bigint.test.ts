import { describe, expect, it } from "vitest";
import { bigintToNumber } from "@/lib/db/bigint";

// Sums from PostgreSQL arrive as bigint strings; the dashboard shows them as Numbers, exactly or not at all.

describe("bigintToNumber", () => {
  it("reads a sum past 2^31 exactly, and no rows as zero", () => {
    expect(bigintToNumber("6000000120")).toBe(6_000_000_120);
    expect(bigintToNumber(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(bigintToNumber(null)).toBe(0);
    expect(bigintToNumber(12)).toBe(12);
  });

  it("refuses a sum a Number would round", () => {
    expect(() => bigintToNumber("9007199254740993")).toThrow(RangeError);
  });
});
