// The business details of a registered kitchen in Karnataka as PUT /api/store/business takes them
// (product.md §11): a GSTIN whose checksum is right, the state it names, a 14-digit FSSAI number.
// No imports, so unit, integration and end-to-end tests all start from it; each spreads in what
// its case is about.
export const REGULAR_BUSINESS_BODY = {
  legalName: "Fresh Bowl Foods Private Limited",
  tradeName: "Fresh Bowl",
  address: "12 Residency Road\nBengaluru 560025",
  state: "Karnataka",
  gstin: "29AAGCB7383J1Z4",
  fssai: "11226999000123",
  regime: "regular",
  invoicePrefix: "FB",
  packagingCharge: 10,
  grievanceOfficer: { name: "Asha Rao", designation: "Customer Care Head", email: "grievance@freshbowl.in", phone: "+91 98450 12345" },
};
