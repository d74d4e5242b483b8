import { describe, expect, it } from "vitest";
import { FRESH_INSTALL_BUSINESS } from "@/lib/billing/business-schema";
import { invoiceDocument, type BilledOrder } from "@/lib/billing/invoice-document";
import type { BusinessDetails } from "@/lib/billing/types";

// The bill as issued (product.md §11), from an order in rupees to a document in paise.

const business: BusinessDetails = {
  ...FRESH_INSTALL_BUSINESS,
  legalName: "Fresh Bowl Foods Private Limited",
  gstin: "29AAGCB7383J1Z4",
  fssai: "11226999000123",
  regime: "regular",
};

const greekOptions = [
  { id: "c1", group: "Dressing", name: "Lemon tahini", price: 0 },
  { id: "c2", group: "Add-ons", name: "Feta", price: 40 },
];

const order: BilledOrder = {
  subtotal: 438,
  discount: 0,
  deliveryFee: 40,
  packagingCharge: 10,
  total: 488,
  addressName: "Asha Rao",
  addressPhone: "9876543210",
  addressStreet: "1 MG Road",
  addressCity: "Bengaluru",
  addressState: "KA",
  addressZip: "560001",
  buyerGstin: null,
  buyerLegalName: null,
  // Two large Greek bowls with their dressing and a ₹40 add-on.
  lines: [{ name: "Greek bowl", portion: "large", unitPrice: 219, quantity: 2, lineTotal: 438, options: greekOptions, note: "No onion" }],
};

const at = new Date("2026-11-27T08:00:00Z");

describe("invoiceDocument", () => {
  it("a regular kitchen's tax invoice: paise, the tax out of the total, the buyer's state as GSTN names it", () => {
    const bill = invoiceDocument(order, business, "FB/26-27/7", at);
    expect(bill).toMatchObject({
      number: "FB/26-27/7",
      issuedAt: "2026-11-27T08:00:00.000Z",
      kind: "tax_invoice",
      seller: { stateCode: "29", gstin: "29AAGCB7383J1Z4", fssai: "11226999000123" },
      buyer: { address: "1 MG Road\nBengaluru 560001", state: "Karnataka", stateCode: "29", gstin: null, legalName: null },
      placeOfSupply: { state: "Karnataka", code: "29" },
      sac: "996331",
      discount: 0,
      reverseCharge: false,
      packaging: 1000,
      delivery: 4000,
      total: 48_800,
      currency: "INR",
      unit: "paise",
    });
    expect(bill.taxableValue + bill.cgst + bill.sgst).toBe(48_800);
    expect(bill.lines).toEqual([
      {
        name: "Greek bowl",
        portion: "Large 400g",
        details: "Dressing: Lemon tahini; Add-ons: Feta; Note: No onion",
        quantity: 2,
        unitPrice: 21_900,
        amount: 43_800,
      },
    ]);
    expect(bill).not.toHaveProperty("creditNotes");
  });

  it("a coupon's discount is its own line and the tax is on what was paid (CGST Act s.15(3)(a))", () => {
    const bill = invoiceDocument({ ...order, discount: 100, total: 388 }, business, "FB/26-27/8", at);
    expect(bill).toMatchObject({ discount: 10_000, packaging: 1000, delivery: 4000, total: 38_800 });
    // 388 × 100/105 = 369.52: the value of the supply after the discount, not before it.
    expect(bill).toMatchObject({ taxableValue: 36_952, cgst: 924, sgst: 924 });
    expect(bill.lines[0].amount).toBe(43_800);
  });

  it("composition and unregistered: no tax; an unregistered seller shows no GSTIN", () => {
    expect(invoiceDocument(order, { ...business, regime: "composition" }, "FB/26-27/1", at)).toMatchObject({
      kind: "bill_of_supply",
      taxableValue: 48_800,
      cgst: 0,
      sgst: 0,
      seller: { gstin: "29AAGCB7383J1Z4" },
    });
    expect(invoiceDocument(order, { ...business, regime: "unregistered" }, "FB/26-27/1", at)).toMatchObject({
      kind: "receipt",
      taxableValue: 48_800,
      cgst: 0,
      sgst: 0,
      seller: { gstin: null },
    });
  });

  it("an address whose state cannot be told: the buyer's state as typed, without a code", () => {
    const bill = invoiceDocument({ ...order, addressState: "Bangalore" }, business, "FB/26-27/1", at);
    expect(bill).toMatchObject({ placeOfSupply: { state: "Karnataka", code: "29" }, buyer: { state: "Bangalore", stateCode: null } });
  });

  it("delivered to another state (Hosur, Tamil Nadu): supplied where the kitchen is, so CGST + SGST (IGST Act s.12(4))", () => {
    const bill = invoiceDocument({ ...order, addressState: "Tamil Nadu", addressZip: "635109" }, business, "FB/26-27/1", at);
    expect(bill.placeOfSupply).toEqual({ state: "Karnataka", code: "29" });
    expect(bill.buyer).toMatchObject({ state: "Tamil Nadu", stateCode: "33" });
    expect(bill.cgst).toBeGreaterThan(0);
    expect(bill.cgst + bill.sgst + bill.taxableValue).toBe(bill.total);
  });

  it("a business buyer's GSTIN and legal name go on the bill", () => {
    const bill = invoiceDocument({ ...order, buyerGstin: "29AAGCB7383J1Z4", buyerLegalName: "Acme Foods LLP" }, business, "FB/26-27/1", at);
    expect(bill.buyer).toMatchObject({ gstin: "29AAGCB7383J1Z4", legalName: "Acme Foods LLP", name: "Asha Rao" });
  });
});
