import { describe, expect, it } from "vitest";
import { FRESH_INSTALL_BUSINESS } from "@/lib/billing/business-schema";
import { businessFieldOf, businessFormSchema, businessValuesOf, type BusinessFormValues } from "@/components/admin/settings/business-form";

// /admin/settings's business details form <-> PUT /api/store/business: the form's text becomes the
// API's body and is refused by the API's own rules, at the same field.

const filled: BusinessFormValues = {
  legalName: "Fresh Bowl Foods Private Limited",
  tradeName: "Fresh Bowl",
  address: "12 Residency Road\nBengaluru 560025",
  state: "Karnataka",
  gstin: "29aagcb7383j1z4",
  fssai: "11226999000123",
  regime: "regular",
  invoicePrefix: "fb",
  packagingCharge: "10",
  grievanceOfficer: { name: "Asha Rao", designation: "Customer Care Head", email: "Grievance@FreshBowl.in", phone: "98450 12345" },
};

const issuesOf = (values: BusinessFormValues) => {
  const result = businessFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
};

describe("business details form", () => {
  it("a fresh install's form: blanks where nothing is known yet, unregistered, FB, no packaging", () => {
    expect(businessValuesOf(FRESH_INSTALL_BUSINESS)).toMatchObject({
      gstin: "",
      fssai: "",
      regime: "unregistered",
      invoicePrefix: "FB",
      packagingCharge: "0",
      grievanceOfficer: { name: "", designation: "", email: "", phone: "" },
    });
  });

  it("sends the API's body, as the API would store it", () => {
    expect(businessFormSchema.parse(filled)).toMatchObject({
      gstin: "29AAGCB7383J1Z4",
      invoicePrefix: "FB",
      packagingCharge: 10,
      grievanceOfficer: { email: "grievance@freshbowl.in", phone: "+919845012345" },
    });
    expect(businessFormSchema.parse({ ...filled, packagingCharge: " " }).packagingCharge).toBe(0);
    expect(businessFormSchema.parse({ ...filled, gstin: "", regime: "unregistered" }).gstin).toBeNull();
  });

  it("refuses with the API's words at the field: a mistyped GSTIN, a packaging charge that is not a number, a fresh install's blanks", () => {
    expect(issuesOf({ ...filled, gstin: "29AAGCB7383J1Z5" })).toEqual([
      { path: "gstin", message: expect.stringMatching(/does not check out/) },
    ]);
    expect(issuesOf({ ...filled, packagingCharge: "ten" })).toEqual([
      { path: "packagingCharge", message: "Packaging charge must be a whole number of rupees from 0 to 100" },
    ]);
    const paths = issuesOf(businessValuesOf(FRESH_INSTALL_BUSINESS)).map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "fssai",
        "grievanceOfficer.name",
        "grievanceOfficer.designation",
        "grievanceOfficer.email",
        "grievanceOfficer.phone",
      ]),
    );
  });

  it("shows a 400's field at its input, and anything else by the button", () => {
    expect(businessFieldOf("gstin")).toBe("gstin");
    expect(businessFieldOf("grievanceOfficer.email")).toBe("grievanceOfficer.email");
    expect(businessFieldOf("grievanceOfficer")).toBeUndefined();
    expect(businessFieldOf(undefined)).toBeUndefined();
    expect(businessFieldOf("__proto__")).toBeUndefined();
  });
});
