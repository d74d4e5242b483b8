import { describe, expect, it } from "vitest";
import { namedStatement } from "@/lib/db/named-sql";

describe("namedStatement", () => {
  it("numbers each name once, in order of first use, and leaves casts alone", () => {
    const statement = namedStatement("s", "SELECT :b::int, :a, :b::text[] FROM t WHERE x = ANY(:ids::text[])");
    expect(statement({ a: 1, b: 2, ids: ["x"] })).toEqual({
      name: "s",
      text: "SELECT $1::int, $2, $1::text[] FROM t WHERE x = ANY($3::text[])",
      values: [2, 1, ["x"]],
    });
  });

  it("refuses a call that leaves a parameter out, rather than sending it as null", () => {
    expect(() => namedStatement("s", "SELECT :a, :b")({ a: 1 })).toThrow(/:b/);
    expect(namedStatement("s", "SELECT :a")({ a: null }).values).toEqual([null]);
  });
});
