import { describe, expect, it } from "vitest";
import { invoiceFileName, invoiceView } from "@/lib/billing/invoice-view";
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
        ["Place of supply", "Karnataka (State code 29)"],
        ["SAC", "996331 (Restaurant service)"],
      ),
    );
    expect(view.lines).toEqual([
      { description: "Chicken Caesar (Small 250g)", details: "", quantity: "1", unitPrice: "₹279.00", amount: "₹279.00" },
    ]);
    expect(view.amounts).toEqual(rows(["Subtotal", "₹279.00"], ["Packaging", "₹10.00"], ["Delivery fee", "₹40.00"]));
    expect(view.total).toEqual({ label: "Total (incl. GST)", value: "₹329.00" });
    expect(view.tax).toEqual(rows(["Taxable value", "₹313.33"], ["CGST @ 2.5%", "₹7.84"], ["SGST @ 2.5%", "₹7.83"]));
    expect(view.note).toContain("include GST");
    expect(view.closing).toEqual(["Reverse charge: No", "Computer-generated invoice; no signature required."]);
    expect(view.buyer.registrations).toEqual([]);
  });

  it("gives a bill of supply the composition heading and no tax lines", () => {
    const view = invoiceView(sampleInvoice({ kind: "bill_of_supply", taxableValue: 32900, cgst: 0, sgst: 0 }));
    expect(view.title).toBe("Bill of Supply");
    expect(view.heading).toBe(COMPOSITION_HEADING);
    expect(labels(view.amounts)).toEqual(["Subtotal", "Packaging", "Delivery fee"]);
    expect(view.tax).toEqual([]);
    expect(view.total.label).toBe("Total");
    expect(view.meta[0]?.label).toBe("Bill No.");
    expect(view.note).toBeNull();
    expect(view.closing).toEqual(["Computer-generated invoice; no signature required."]);
  });

  it("gives a receipt no GSTIN, no FSSAI line when there is none, and no tax", () => {
    const base = sampleInvoice();
    const view = invoiceView(
      sampleInvoice({ kind: "receipt", seller: { ...base.seller, gstin: null, fssai: null }, taxableValue: 32900, cgst: 0, sgst: 0 }),
    );
    expect(view.title).toBe("Receipt");
    expect(view.seller.registrations).toEqual(["FSSAI Lic. No.: not yet entered"]);
    expect(labels(view.meta)).toEqual(["Receipt No.", "Date"]);
    expect(view.tax).toEqual([]);
  });

  it("names a business buyer, a discount, and an FSSAI registration as such", () => {
    const base = sampleInvoice();
    const view = invoiceView(
      sampleInvoice({
        buyer: { ...base.buyer, gstin: "29AAGCB7383J1Z4", legalName: "Acme Foods LLP" },
        seller: { ...base.seller, fssai: "21234567890123" },
        discount: 5000,
      }),
    );
    expect(view.buyer.registrations).toEqual(["Acme Foods LLP", "GSTIN: 29AAGCB7383J1Z4"]);
    expect(view.seller.registrations).toContain("FSSAI Reg. No. 21234567890123");
    expect(view.amounts).toContainEqual({ label: "Discount", value: "-₹50.00" });
  });

  it("names the download after the number, without slashes", () => {
    expect(invoiceFileName("FB/26-27/1")).toBe("FB-26-27-1.pdf");
  });
});
