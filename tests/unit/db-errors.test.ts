import { describe, expect, it } from "vitest";
import { isForeignKeyViolation, isRecordNotFound, isSerializationFailure, isUniqueViolation } from "@/lib/db/errors";

// Prisma reports a failed query by its P-code; pg and raw SQL by PostgreSQL's SQLSTATE.
const failed = (code: string) => Object.assign(new Error(code), { code });

describe("lib/db/errors.ts", () => {
  it("reads Prisma's codes and PostgreSQL's alike", () => {
    expect([failed("P2002"), failed("23505")].map(isUniqueViolation)).toEqual([true, true]);
    expect([failed("P2003"), failed("23503")].map(isForeignKeyViolation)).toEqual([true, true]);
    expect([failed("P2034"), failed("40001"), failed("40P01")].map(isSerializationFailure)).toEqual([true, true, true]);
    expect(isRecordNotFound(failed("P2025"))).toBe(true);
  });

  it("says no to other errors and to things that are no errors at all", () => {
    for (const error of [failed("P2025"), failed("57P01"), new Error("x"), null, undefined, "23505"]) {
      expect(isUniqueViolation(error)).toBe(false);
      expect(isForeignKeyViolation(error)).toBe(false);
      expect(isSerializationFailure(error)).toBe(false);
    }
    expect(isRecordNotFound(failed("P2002"))).toBe(false);
  });
});
describe("isUniqueViolation, wrapped", () => {
  it("recognises a duplicate key however it is wrapped", () => {
    expect(isUniqueViolation({ code: "P2002", meta: { target: ["user_id", "key"] } })).toBe(true);
    expect(isUniqueViolation({ code: "P2010", meta: { driverAdapterError: { cause: { originalCode: "23505" } } } })).toBe(true);
    expect(isUniqueViolation({ code: "P2010", meta: { driverAdapterError: { cause: { kind: "UniqueConstraintViolation" } } } })).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error("duplicate key value"), { code: "23505" }))).toBe(true);
    expect(isUniqueViolation(new Error("outer", { cause: { code: "23505" } }))).toBe(true);
  });

  it("is false for every other error, and for things that are not errors", () => {
    expect(isUniqueViolation({ code: "P2003" })).toBe(false);
    expect(isUniqueViolation({ code: "23503" })).toBe(false);
    expect(isUniqueViolation(new Error("connection terminated"))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation("23505")).toBe(false);
    const cyclic: { cause?: unknown } = {};
    cyclic.cause = cyclic;
    expect(isUniqueViolation(cyclic)).toBe(false);
  });
});
