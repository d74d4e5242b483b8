import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CREDIT_NOTE_PREFIX,
  MAX_DOCUMENT_NUMBER_LENGTH,
  creditNoteNumber,
  invoiceNumber,
  isFyLabel,
  maxSerial,
  parseCreditNoteNumber,
  parseDocumentNumber,
  parseInvoiceNumber,
} from "@/lib/billing/numbers";

// Invoice and credit note numbers (product.md §11): `<prefix>/<financial year>/<serial>`, at most
// 16 characters, as GST's invoice rules allow.

const prefix = fc.stringMatching(/^[A-Z0-9]{1,4}$/).filter((p) => p !== CREDIT_NOTE_PREFIX);
const fyLabel = fc.integer({ min: 0, max: 99 }).map((y) => `${String(y).padStart(2, "0")}-${String((y + 1) % 100).padStart(2, "0")}`);

describe("invoiceNumber", () => {
  it("writes FB/26-27/1", () => {
    expect(invoiceNumber("FB", "26-27", 1)).toBe("FB/26-27/1");
    expect(invoiceNumber("K1", "99-00", 42)).toBe("K1/99-00/42");
  });

  it("leaves a 4-character prefix 5 digits (99,999 a year), FB 7 digits, a 1-character one 8", () => {
    expect(maxSerial("ABCD")).toBe(99_999);
    expect(maxSerial("FB")).toBe(9_999_999);
    expect(maxSerial("A")).toBe(99_999_999);
    expect(invoiceNumber("ABCD", "26-27", 99_999)).toBe("ABCD/26-27/99999");
    expect(invoiceNumber("ABCD", "26-27", 99_999)).toHaveLength(MAX_DOCUMENT_NUMBER_LENGTH);
  });

  it("refuses a number past 16 characters rather than cutting it short", () => {
    expect(() => invoiceNumber("ABCD", "26-27", 100_000)).toThrow(/longer than 16/);
    expect(() => invoiceNumber("FB", "26-27", 10_000_000)).toThrow(/longer than 16/);
  });

  it.each([
    ["", "26-27", 1],
    ["ABCDE", "26-27", 1],
    ["fb", "26-27", 1],
    ["F/B", "26-27", 1],
    ["F-B", "26-27", 1],
    [CREDIT_NOTE_PREFIX, "26-27", 1],
    ["FB", "26-28", 1],
    ["FB", "2026-27", 1],
    ["FB", "26/27", 1],
    ["FB", "26-27", 0],
    ["FB", "26-27", -1],
    ["FB", "26-27", 1.5],
    ["FB", "26-27", Number.NaN],
  ])("refuses %j, %j, %j", (p, fy, serial) => {
    expect(() => invoiceNumber(p, fy, serial)).toThrow(RangeError);
  });

  it("is never longer than 16 characters, and reads back to its parts", () => {
    fc.assert(
      fc.property(prefix, fyLabel, fc.integer({ min: 1, max: 99_999_999 }), (p, fy, serial) => {
        fc.pre(serial <= maxSerial(p));
        const number = invoiceNumber(p, fy, serial);
        expect(number.length).toBeLessThanOrEqual(MAX_DOCUMENT_NUMBER_LENGTH);
        expect(number).toMatch(/^[A-Z0-9/-]+$/);
        expect(parseInvoiceNumber(number)).toEqual({ prefix: p, fyLabel: fy, serial });
        expect(parseCreditNoteNumber(number)).toBeNull();
      }),
    );
  });

  it("two different serials, years or prefixes never make the same number", () => {
    fc.assert(
      fc.property(
        prefix,
        fyLabel,
        fc.integer({ min: 1, max: 99_999 }),
        prefix,
        fyLabel,
        fc.integer({ min: 1, max: 99_999 }),
        (p1, f1, s1, p2, f2, s2) => {
          fc.pre(p1 !== p2 || f1 !== f2 || s1 !== s2);
          expect(invoiceNumber(p1, f1, s1)).not.toBe(invoiceNumber(p2, f2, s2));
        },
      ),
    );
  });
});

describe("creditNoteNumber", () => {
  it("writes CN/26-27/1, its own series", () => {
    expect(creditNoteNumber("26-27", 1)).toBe("CN/26-27/1");
    expect(parseCreditNoteNumber("CN/26-27/1")).toEqual({ prefix: "CN", fyLabel: "26-27", serial: 1 });
    expect(parseInvoiceNumber("CN/26-27/1")).toBeNull();
    expect(creditNoteNumber("26-27", maxSerial("CN"))).toHaveLength(16);
    expect(() => creditNoteNumber("26-27", maxSerial("CN") + 1)).toThrow(RangeError);
  });
});

describe("parseDocumentNumber", () => {
  it.each([
    "",
    "FB",
    "FB/26-27",
    "FB/26-27/",
    "FB/26-27/0",
    "FB/26-27/01",
    "FB/26-27/1/2",
    "FB/26-28/1",
    "fb/26-27/1",
    "FB/26-27/1a",
    "FB/26-27/+1",
    "FB/26-27/1e3",
    "FB/26-27/10000000",
    "ABCDE/26-27/1",
    " FB/26-27/1",
  ])("%j is no number this shop issues", (text) => {
    expect(parseDocumentNumber(text)).toBeNull();
  });

  it("reads both series", () => {
    expect(parseDocumentNumber("FB/26-27/9999999")).toEqual({ prefix: "FB", fyLabel: "26-27", serial: 9_999_999 });
    expect(parseDocumentNumber("CN/99-00/7")).toEqual({ prefix: "CN", fyLabel: "99-00", serial: 7 });
  });

  it("knows a financial year label: two consecutive years", () => {
    expect(["26-27", "99-00", "00-01"].map(isFyLabel)).toEqual([true, true, true]);
    expect(["26-26", "27-26", "2026-27", "26-2", "ab-cd"].map(isFyLabel)).toEqual([false, false, false, false, false]);
  });
});
