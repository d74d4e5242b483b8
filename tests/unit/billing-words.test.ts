import { describe, expect, it } from "vitest";
import {
  BILL_LABELS,
  CGST_LABEL,
  COMPOSITION_HEADING,
  DOCUMENT_TITLES,
  ENERGY_NEEDS_NOTE,
  INCL_GST,
  RESTAURANT_SAC,
  RESTAURANT_SAC_DESCRIPTION,
  RESTAURANT_SERVICE,
  SGST_LABEL,
  fssaiLine,
  grievanceOfficerLine,
} from "@/lib/billing/words";
import { REGIMES } from "@/lib/billing/types";
import { documentKindOf } from "@/lib/billing/tax";

// The fixed words of product.md §11, letter for letter: some are required wording, and the
// pages, the PDF and the mails all read them from here.

describe("the bill's fixed words", () => {
  it("titles each regime's document", () => {
    expect(REGIMES.map((r) => DOCUMENT_TITLES[documentKindOf(r)])).toEqual(["Tax Invoice", "Bill of Supply", "Receipt"]);
  });

  it("heads a bill of supply as the composition scheme requires", () => {
    expect(COMPOSITION_HEADING).toBe("Composition taxable person, not eligible to collect tax on supplies");
  });

  it("writes the FSSAI licence number as §11 shows it", () => {
    expect(fssaiLine("12345678901234")).toBe("FSSAI Lic. No. 12345678901234");
  });

  it("has the energy line for near the nutrition facts", () => {
    expect(ENERGY_NEEDS_NOTE).toBe("An average active adult requires 2,000 kcal energy per day, however, calorie needs may vary.");
  });

  it("says the total includes GST, and names the SAC and the tax lines", () => {
    expect(INCL_GST).toBe("incl. GST");
    expect(RESTAURANT_SAC).toBe("996331");
    expect(RESTAURANT_SERVICE).toBe("Restaurant service");
    expect(RESTAURANT_SAC_DESCRIPTION).toMatch(/^Services provided by Restaurants/);
    expect([CGST_LABEL, SGST_LABEL]).toEqual(["CGST @ 2.5%", "SGST @ 2.5%"]);
  });

  it("labels the amounts as the cart and the bill list them", () => {
    expect(BILL_LABELS.delivery).toBe("Delivery fee");
    expect(BILL_LABELS.taxableValue).toBe("Taxable value");
  });

  it("names the grievance officer with a contact", () => {
    expect(
      grievanceOfficerLine({
        name: "Asha Rao",
        designation: "Customer Care Head",
        email: "grievance@freshbowl.in",
        phone: "+919845012345",
      }),
    ).toBe("Grievance officer: Asha Rao (Customer Care Head), grievance@freshbowl.in, +919845012345");
  });

  it("names the FSSAI number by its kind: a licence (1…), a registration (2…), or none entered yet", () => {
    expect(fssaiLine("11226999000123")).toBe("FSSAI Lic. No. 11226999000123");
    expect(fssaiLine("21226999000123")).toBe("FSSAI Reg. No. 21226999000123");
    expect(fssaiLine(null)).toBe("FSSAI Lic. No.: not yet entered");
  });
});
