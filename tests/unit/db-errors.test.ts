import { describe, expect, it } from "vitest";
import { isUniqueViolation } from "@/lib/db/errors";

// The shapes below are how the three layers report a duplicate key: Prisma's own P2002, a raw
// query through Prisma's pg adapter, and pg itself.

describe("isUniqueViolation", () => {
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
