import type { Invoice } from "@/lib/billing/invoice-types";
import { gstSplit } from "@/lib/billing/tax";

/** Restaurant service (SAC 996331) supplied in Karnataka: what every bill of the tests says. */
export const SUPPLIED_IN_KARNATAKA = { placeOfSupply: { state: "Karnataka", code: "29" }, sac: "996331" };

/** Asha Rao as a bill names her: a consumer (no GSTIN) in Bengaluru, at `street`. */
export function ashaAsBuyer(street: string): Invoice["buyer"] {
  return {
    name: "Asha Rao",
    gstin: null,
    legalName: null,
    phone: "9876543210",
    address: `${street}\nBengaluru 560001`,
    state: "Karnataka",
    stateCode: "29",
  };
}

/** A tax invoice of ₹279 + ₹10 packaging + ₹40 delivery, as GET /api/orders/{id}/invoice gives it. */
export function sampleInvoice(overrides: Partial<Invoice> = {}): Invoice {
  const total = 32900;
  return {
    number: "FB/26-27/1",
    issuedAt: "2026-11-27T08:15:00.000Z",
    kind: "tax_invoice",
    seller: {
      legalName: "Fresh Bowl Foods Private Limited",
      tradeName: "Fresh Bowl",
      address: "12 1st Main Road\nKoramangala, Bengaluru 560034",
      state: "Karnataka",
      stateCode: "29",
      gstin: "29AABCF1234A1Z5",
      fssai: "12345678901234",
    },
    buyer: ashaAsBuyer("4 MG Road"),
    ...SUPPLIED_IN_KARNATAKA,
    lines: [{ name: "Chicken Caesar", portion: "small", details: "", quantity: 1, unitPrice: 27900, amount: 27900 }],
    discount: 0,
    packaging: 1000,
    delivery: 4000,
    total,
    reverseCharge: false,
    ...gstSplit(total),
    currency: "INR",
    unit: "paise",
    creditNotes: [],
    ...overrides,
  };
}
