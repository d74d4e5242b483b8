import { describe, expect, it } from "vitest";
import { invoiceFileName, invoiceView } from "@/lib/billing/invoice-view";
import { formatPaise } from "@/lib/money";
import { COMPOSITION_HEADING } from "@/lib/billing/words";
import { sampleInvoice } from "@/tests/support/invoice-fixture";

const labels = (rows: { label: string }[]) => rows.map((r) => r.label);
/** Labelled rows, written as [label, value]. */
const rows = (...pairs: [label: string, value: string][]) => pairs.map(([label, value]) => ({ label, value }));

describe("invoiceView", () => {
  it("lays out a tax invoice with its tax lines", () => {
    const view = invoiceView(sampleInvoice());
    expect(view.title).toBe("Tax Invoice");
    expect(view.heading).toBeNull();
    expect(view.seller.registrations).toEqual(["GSTIN: 29AABCF1234A1Z5", "FSSAI Lic. No. 12345678901234"]);
    expect(view.seller.addressLines).toEqual(["12 1st Main Road", "Koramangala, Bengaluru 560034", "Karnataka (State code 29)"]);
    expect(view.meta).toEqual(
      rows(
        ["Invoice No.", "FB/26-27/1"],
        ["Date", "27 Nov 2026, 1:45 pm (India time)"],
        ["Place of supply", "29-Karnataka"],
        ["SAC", "996331 (Restaurant service)"],
      ),
    );
    expect(view.lines).toEqual([
      { description: "Chicken Caesar (Small 250g)", details: "", quantity: "1", unitPrice: "₹279.00", amount: "₹279.00" },
    ]);
    expect(view.amounts).toEqual(
      rows(
        ["Subtotal", "₹279.00"],
        ["Packaging", "₹10.00"],
        ["Delivery fee", "₹40.00"],
        ["Taxable value", "₹313.33"],
        ["CGST @ 2.5%", "₹7.84"],
        ["SGST @ 2.5%", "₹7.83"],
      ),
    );
    expect(view.total).toEqual({ label: "Total", value: "₹329.00" });
    expect(view.note).toContain("include GST");
  });

  it("gives a bill of supply the composition heading and no tax lines", () => {
    const view = invoiceView(sampleInvoice({ kind: "bill_of_supply", taxableValue: 32900, cgst: 0, sgst: 0 }));
    expect(view.title).toBe("Bill of Supply");
    expect(view.heading).toBe(COMPOSITION_HEADING);
    expect(labels(view.amounts)).toEqual(["Subtotal", "Packaging", "Delivery fee"]);
    expect(view.meta[0]?.label).toBe("Bill No.");
    expect(view.note).toBeNull();
  });

  it("gives a receipt no GSTIN, no FSSAI line when there is none, and no tax", () => {
    const base = sampleInvoice();
    const view = invoiceView(
      sampleInvoice({ kind: "receipt", seller: { ...base.seller, gstin: null, fssai: null }, taxableValue: 32900, cgst: 0, sgst: 0 }),
    );
    expect(view.title).toBe("Receipt");
    expect(view.seller.registrations).toEqual([]);
    expect(labels(view.amounts)).not.toContain("CGST @ 2.5%");
  });

  it("lists credit notes, with their tax on a tax invoice", () => {
    const view = invoiceView(
      sampleInvoice({
        creditNotes: [
          {
            number: "CN/26-27/1",
            issuedAt: "2026-11-28T05:00:00.000Z",
            reason: "Cold",
            amount: 10500,
            taxableValue: 10000,
            cgst: 250,
            sgst: 250,
          },
        ],
      }),
      formatPaise,
    );
    expect(view.creditNotes).toEqual([
      {
        number: "CN/26-27/1",
        date: "28 Nov 2026",
        amount: "₹105.00",
        tax: rows(["Taxable value", "₹100.00"], ["CGST @ 2.5%", "₹2.50"], ["SGST @ 2.5%", "₹2.50"]),
      },
    ]);
  });

  it("names the download after the number, without slashes", () => {
    expect(invoiceFileName("FB/26-27/1")).toBe("FB-26-27-1.pdf");
  });
});
