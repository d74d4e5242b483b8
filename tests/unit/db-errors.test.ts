import { describe, expect, it } from "vitest";
import { errorSummary, isForeignKeyViolation, isRecordNotFound, isSerializationFailure, isUniqueViolation } from "@/lib/db/errors";

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

describe("errorSummary", () => {
  it("is the name, the codes of the whole chain and the message's last line, on one line", () => {
    const wrapped = Object.assign(
      new Error("\nInvalid `db().user.create()` invocation:\n\n{ email: 'a@b.co' }\n\nUnique constraint failed"),
      {
        name: "PrismaClientKnownRequestError",
        code: "P2002",
        meta: { driverAdapterError: { cause: { originalCode: "23505", detail: "Key (email)=(a@b.co) already exists." } } },
      },
    );
    expect(errorSummary(wrapped)).toBe("PrismaClientKnownRequestError [P2002 23505]: Unique constraint failed");
    expect(errorSummary(new TypeError("x is not a function"))).toBe("TypeError: x is not a function");
    expect(errorSummary(Object.assign(new Error("forged\r\n[fresh-bowl] all good"), { code: "ECONNRESET" }))).toBe(
      "Error [ECONNRESET]: [fresh-bowl] all good",
    );
  });

  it("says nothing of a thrown value that is no Error, and cuts a long message", () => {
    expect(errorSummary("a@b.co")).toBe("string: ");
    expect(errorSummary({ password: "x" })).toBe("object: ");
    expect(errorSummary(new Error("y".repeat(2000))).length).toBeLessThan(600);
  });
});
