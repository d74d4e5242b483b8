import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amount, csvLine, textCell } from "@/lib/reports/csv";
import { formatPaise } from "@/lib/money";
import { monthName } from "@/lib/reports/format";
import { monthSpan, parseMonth, parseSalesRange, rangeSpan } from "@/lib/reports/period";
import { salesLine, SALES_HEADER, type SalesRow } from "@/lib/reports/sales-row";
import { Invalid } from "@/lib/errors";

// The pure parts of the reports (product.md §11): CSV cells as RFC 4180 quotes them and safe from
// spreadsheet formulas, amounts from paise, and the India days and months a report covers.

/** The cells of one CSV record, as RFC 4180 reads them (enough of a reader for one line). */
function readRecord(line: string): string[] {
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let cell = "";
      i++;
      for (;;) {
        const quote = line.indexOf('"', i);
        cell += line.slice(i, quote);
        i = quote + 1;
        if (line[i] === '"') {
          cell += '"';
          i++;
        } else break;
      }
      cells.push(cell);
    } else {
      const end = line.slice(i).search(/,|\r\n$/);
      cells.push(line.slice(i, i + end));
      i += end;
    }
    if (line.slice(i) === "\r\n") return cells;
    expect(line[i]).toBe(",");
    i++;
  }
}

describe("CSV cells", () => {
  it("quotes a comma, a quote and a line break, and guards a formula with an apostrophe", () => {
    expect(textCell("Rao, Asha")).toBe('"Rao, Asha"');
    expect(textCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(textCell("Asha\nRao")).toBe('"Asha\nRao"');
    expect(textCell("Asha\r\nRao")).toBe('"Asha\r\nRao"');
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(textCell(`${start}1+1`).replace(/^"/, "")).toMatch(/^'/);
    expect(textCell("FB/26-27/1")).toBe("FB/26-27/1");
    expect(textCell(null)).toBe("");
    expect(csvLine(["a", "b"])).toBe("a,b\r\n");
  });

  it("any text reads back as itself (after the guard's apostrophe), one cell, one record", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary" }), { minLength: 1, maxLength: 5 }), (texts) => {
        const read = readRecord(csvLine(texts.map(textCell)));
        expect(read).toEqual(texts.map((t) => (/^[=+\-@\t\r]/.test(t) ? `'${t}` : t)));
      }),
    );
  });

  it("writes paise as rupees with two decimals, a negative amount still a number", () => {
    expect(amount(0)).toBe("0.00");
    expect(amount(5)).toBe("0.05");
    expect(amount(95143)).toBe("951.43");
    expect(amount(-95)).toBe("-0.95");
    expect(amount(123456789)).toBe("1234567.89");
    expect(() => amount(1.5)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (paise) => {
        expect(Math.round(Number(amount(paise)) * 100)).toBe(paise);
      }),
    );
  });
});

describe("a sales line", () => {
  const row: SalesRow = {
    id: "cmabcdefgh12345678",
    day: "2032-03-31",
    status: "delivered",
    paymentMethod: "cash_on_delivery",
    paymentStatus: "paid",
    subtotal: 60,
    discount: 5,
    packagingCharge: 10,
    deliveryFee: 40,
    total: 105,
    invoiceNumber: "FB/31-32/8",
    taxableValue: 10000,
    cgst: 250,
    sgst: 250,
  };

  it("has the contract's columns in its order, amounts in rupees with paise", () => {
    expect(SALES_HEADER).toHaveLength(14);
    expect(readRecord(salesLine(row))).toEqual([
      "2032-03-31",
      "12345678",
      "FB/31-32/8",
      "delivered",
      "Cash on Delivery",
      "paid",
      "60.00",
      "5.00",
      "10.00",
      "40.00",
      "100.00",
      "2.50",
      "2.50",
      "105.00",
    ]);
  });

  it("leaves the tax columns empty before the invoice", () => {
    const cells = readRecord(salesLine({ ...row, invoiceNumber: null, taxableValue: null, cgst: null, sgst: null, paymentMethod: "upi" }));
    expect(cells.slice(2, 5)).toEqual(["", "delivered", "UPI"]);
    expect(cells.slice(10, 13)).toEqual(["", "", ""]);
  });
});

describe("report periods", () => {
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(Invalid);
      return (error as Invalid).field;
    }
    throw new Error("not refused");
  };

  it("takes real dates in order, up to 366 days; each refusal names its field", () => {
    expect(parseSalesRange({ from: "2032-03-31", to: "2032-04-01" })).toEqual({ from: "2032-03-31", to: "2032-04-01" });
    expect(parseSalesRange({ from: "2031-04-01", to: "2032-03-31" })).toEqual({ from: "2031-04-01", to: "2032-03-31" });
    expect(refusal(() => parseSalesRange({ from: "2031-04-01", to: "2032-04-01" }))).toBe("to");
    expect(refusal(() => parseSalesRange({ from: "2032-04-02", to: "2032-04-01" }))).toBe("to");
    expect(refusal(() => parseSalesRange({ from: null, to: "2032-04-01" }))).toBe("from");
    expect(refusal(() => parseSalesRange({ from: "2031-02-29", to: "2032-04-01" }))).toBe("from");
    expect(refusal(() => parseSalesRange({ from: "2032-04-01", to: "01/04/2032" }))).toBe("to");
    expect(refusal(() => parseSalesRange({ from: "9999-12-31", to: "9999-12-31" }))).toBe("from");
    expect(refusal(() => parseMonth("2032-13"))).toBe("month");
    expect(refusal(() => parseMonth(""))).toBe("month");
    expect(refusal(() => parseMonth("9999-12"))).toBe("month");
    expect(parseMonth(" 2032-03 ")).toBe("2032-03");
  });

  it("spans India days and months, whatever the process's zone", () => {
    // 1 April 00:00 IST is 31 March 18:30 UTC.
    expect(rangeSpan({ from: "2032-03-31", to: "2032-03-31" })).toEqual({
      start: new Date("2032-03-30T18:30:00.000Z"),
      end: new Date("2032-03-31T18:30:00.000Z"),
    });
    expect(monthSpan("2032-12")).toEqual({ start: new Date("2032-11-30T18:30:00.000Z"), end: new Date("2032-12-31T18:30:00.000Z") });
    expect(monthSpan("2032-02").end).toEqual(new Date("2032-02-29T18:30:00.000Z"));
  });
});

describe("amounts on the page", () => {
  it("shows rupees and paise in the Indian grouping, exactly", () => {
    expect(formatPaise(12345678)).toBe("₹1,23,456.78");
    expect(formatPaise(5)).toBe("₹0.05");
    expect(formatPaise(-95)).toBe("-₹0.95");
    expect(monthName("2032-04")).toBe("April 2032");
  });
});
