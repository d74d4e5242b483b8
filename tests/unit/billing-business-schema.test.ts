import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { FRESH_INSTALL_BUSINESS, businessSchema, type BusinessSettings } from "@/lib/billing/business-schema";
import { gstinCheckCharacter } from "@/lib/billing/gstin";
import { parseWith } from "@/lib/http";
import { refusalOf } from "@/tests/support/refusal";
import type { BusinessDetails } from "@/lib/billing/types";
import { REGULAR_BUSINESS_BODY } from "@/tests/support/business-body";

// PUT /api/store/business (product.md §11): what it takes, what it refuses, and the field each
// refusal names (the API's 400 names the first one).

/** The first refusal's field (dotted path) and message; fails the test when the input is taken. */
function refusal(schema: z.ZodType, input: unknown): { field: string; message: string } {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected a refusal of ${JSON.stringify(input)}`);
  const [issue] = result.error.issues;
  return { field: issue.path.map(String).join("."), message: issue.message };
}

/** A valid GSTIN of a state code, for any PAN body. */
const gstinIn = (code: string, pan = "AAGCB7383J") => `${code}${pan}1Z${gstinCheckCharacter(`${code}${pan}1Z`)}`;
const KARNATAKA_GSTIN = "29AAGCB7383J1Z4";

const valid = { ...REGULAR_BUSINESS_BODY, gstin: KARNATAKA_GSTIN };
const input = (over: Record<string, unknown> = {}) => ({ ...valid, ...over });
const parse = (over: Record<string, unknown> = {}) => businessSchema.parse(input(over));

describe("business details: what is taken", () => {
  it("takes the details, normalising what people type", () => {
    expect(
      parse({
        state: " karnataka ",
        gstin: " 29aagcb7383j1z4 ",
        fssai: "1122 6999 0001 23",
        invoicePrefix: " fb1 ",
        grievanceOfficer: {
          name: " Asha Rao ",
          designation: " Customer Care Head ",
          email: " Grievance@FreshBowl.in ",
          phone: "98450-12345",
        },
      }),
    ).toEqual({
      ...valid,
      gstin: KARNATAKA_GSTIN,
      invoicePrefix: "FB1",
      grievanceOfficer: { name: "Asha Rao", designation: "Customer Care Head", email: "grievance@freshbowl.in", phone: "+919845012345" },
    });
  });

  it("keeps an address's lines, written with any line break", () => {
    expect(parse({ address: "12 Residency Road\r\nBengaluru\r560025" }).address).toBe("12 Residency Road\nBengaluru\n560025");
  });

  it("stores a state as GSTN names it, from a short code or old name", () => {
    expect(parse({ state: "KA" }).state).toBe("Karnataka");
    expect(parse({ state: "Orissa", gstin: gstinIn("21") }).state).toBe("Odisha");
  });

  it("defaults the invoice prefix to FB and the packaging charge to ₹0", () => {
    const { invoicePrefix, packagingCharge } = businessSchema.parse({ ...valid, invoicePrefix: undefined, packagingCharge: undefined });
    expect({ invoicePrefix, packagingCharge }).toEqual({ invoicePrefix: "FB", packagingCharge: 0 });
  });

  it("takes packaging charges from ₹0 to ₹100", () => {
    for (const charge of [0, 1, 100]) expect(parse({ packagingCharge: charge }).packagingCharge).toBe(charge);
  });

  it("takes no GSTIN only when unregistered: null, absent or empty", () => {
    for (const gstin of [null, undefined, "", "   "]) expect(parse({ regime: "unregistered", gstin }).gstin).toBeNull();
  });

  it("keeps a GSTIN given while unregistered (switching back needs no retyping; a receipt does not print it)", () => {
    expect(parse({ regime: "unregistered" }).gstin).toBe(KARNATAKA_GSTIN);
  });

  it("takes a composition dealer with its GSTIN", () => {
    expect(parse({ regime: "composition" }).regime).toBe("composition");
  });

  it("drops fields it does not know", () => {
    expect(parse({ role: "admin" })).not.toHaveProperty("role");
  });

  it("produces what the shop stores", () => {
    expectTypeOf<BusinessSettings>().toExtend<BusinessDetails>();
  });
});

describe("business details: what is refused, by field", () => {
  it.each<[string, Record<string, unknown>, string, RegExp]>([
    ["legal name missing", { legalName: " " }, "legalName", /Legal name is required/],
    ["legal name too long", { legalName: "x".repeat(201) }, "legalName", /at most 200/],
    ["trade name with a control character", { tradeName: "Fresh\u0007Bowl" }, "tradeName", /not allowed/],
    ["address missing", { address: undefined }, "address", /Address is required/],
    ["address with a NUL", { address: "12 Residency\u0000Road" }, "address", /not allowed/],
    ["state unknown", { state: "Bengaluru" }, "state", /Indian state or union territory/],
    ["state not text", { state: 29 }, "state", /State/],
    ["GSTIN malformed", { gstin: "29AAGCB7383J1Z" }, "gstin", /15 characters/],
    ["GSTIN mistyped", { gstin: "29AAGCB7383J1Z5" }, "gstin", /mistyped/],
    ["GSTIN of no state", { gstin: "00AAGCB7383J1Z4" }, "gstin", /state code/],
    ["GSTIN not text", { gstin: 29 }, "gstin", /GSTIN/],
    ["FSSAI number short", { fssai: "1122699900012" }, "fssai", /14 digits/],
    ["FSSAI number with letters", { fssai: "1122699900012A" }, "fssai", /14 digits/],
    ["FSSAI number missing", { fssai: undefined }, "fssai", /FSSAI licence number is required/],
    ["FSSAI number as a JSON number", { fssai: 11226999000123 }, "fssai", /14 digits, as text/],
    ["regime unknown", { regime: "exempt" }, "regime", /"regular", "composition" or "unregistered"/],
    ["regime missing", { regime: undefined }, "regime", /Regime/],
    ["prefix too long", { invoicePrefix: "FRESH" }, "invoicePrefix", /1 to 4 letters or digits/],
    ["prefix with a slash", { invoicePrefix: "F/B" }, "invoicePrefix", /1 to 4 letters or digits/],
    ["prefix empty", { invoicePrefix: "" }, "invoicePrefix", /1 to 4 letters or digits/],
    ["prefix of the credit notes", { invoicePrefix: "cn" }, "invoicePrefix", /credit notes/],
    ["packaging over ₹100", { packagingCharge: 101 }, "packagingCharge", /0 to 100/],
    ["packaging negative", { packagingCharge: -1 }, "packagingCharge", /0 to 100/],
    ["packaging in paise", { packagingCharge: 10.5 }, "packagingCharge", /whole number/],
    ["packaging as text", { packagingCharge: "10" }, "packagingCharge", /whole number/],
    ["grievance officer missing", { grievanceOfficer: undefined }, "grievanceOfficer", /\{name, designation, email, phone\}/],
    ["officer's name missing", { grievanceOfficer: { ...valid.grievanceOfficer, name: "" } }, "grievanceOfficer.name", /name is required/],
    [
      "officer's designation missing",
      { grievanceOfficer: { ...valid.grievanceOfficer, designation: " " } },
      "grievanceOfficer.designation",
      /designation is required/,
    ],
    [
      "officer's designation absent",
      { grievanceOfficer: { name: "Asha Rao", email: "grievance@freshbowl.in", phone: "+919845012345" } },
      "grievanceOfficer.designation",
      /designation is required/,
    ],
    ["officer's email", { grievanceOfficer: { ...valid.grievanceOfficer, email: "asha@" } }, "grievanceOfficer.email", /email address/],
    [
      "officer's phone short",
      { grievanceOfficer: { ...valid.grievanceOfficer, phone: "98450 1234" } },
      "grievanceOfficer.phone",
      /10-digit/,
    ],
    [
      "officer's phone foreign",
      { grievanceOfficer: { ...valid.grievanceOfficer, phone: "+1 415 555 0100" } },
      "grievanceOfficer.phone",
      /\+91/,
    ],
    [
      "officer's phone with a trunk 0",
      { grievanceOfficer: { ...valid.grievanceOfficer, phone: "0984501234" } },
      "grievanceOfficer.phone",
      /10-digit/,
    ],
  ])("%s: names %s", (_, over, field, message) => {
    const refused = refusal(businessSchema, input(over));
    expect(refused.field).toBe(field);
    expect(refused.message).toMatch(message);
  });

  it("refuses anything but an object", () => {
    for (const body of [null, [], "x", 1])
      expect(refusal(businessSchema, body)).toEqual({ field: "", message: "Request body must be an object of business details" });
  });
});

describe("business details: the rules between fields", () => {
  it("a GSTIN is required under the regular and composition regimes", () => {
    for (const regime of ["regular", "composition"]) {
      for (const gstin of [null, undefined, ""]) {
        expect(refusal(businessSchema, input({ regime, gstin }))).toEqual({
          field: "gstin",
          message: `GSTIN is required under the ${regime} regime`,
        });
      }
    }
  });

  it("the GSTIN's state code must be the business's state's", () => {
    expect(refusal(businessSchema, input({ gstin: gstinIn("33") }))).toEqual({
      field: "gstin",
      message: "GSTIN must begin with 29, the GST state code of Karnataka: this one is registered in Tamil Nadu (33)",
    });
    expect(parse({ state: "Tamil Nadu", gstin: gstinIn("33") }).state).toBe("Tamil Nadu");
  });

  it("a mistyped GSTIN is refused once, for its checksum, not for a state it may not mean", () => {
    const result = businessSchema.safeParse(input({ gstin: "33AAGCB7383J1Z4" }));
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["gstin", "GSTIN does not check out: a character is mistyped (its last character is a checksum of the others)"],
    ]);
  });

  it("reports a missing GSTIN beside the other fields' refusals, so the form shows them all at once", () => {
    const result = businessSchema.safeParse(input({ gstin: null, fssai: "1" }));
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["fssai", "gstin"]);
  });

  it("checks the state code under every regime where a GSTIN is given", () => {
    expect(refusal(businessSchema, input({ regime: "unregistered", gstin: gstinIn("27") })).field).toBe("gstin");
  });

  it("the API's 400 reads on its own and names the field", () => {
    const refused = refusalOf(() => parseWith(businessSchema, input({ gstin: "29AAGCB7383J1Z5" })));
    expect(refused.message).toMatch(/^GSTIN does not check out/);
    expect(refused.field).toBe("gstin");
    const officer = refusalOf(() => parseWith(businessSchema, input({ grievanceOfficer: { ...valid.grievanceOfficer, phone: "1" } })));
    expect(officer.field).toBe("grievanceOfficer.phone");
    expect(officer.message).toMatch(/^Grievance officer's phone/);
  });
});

describe("a fresh install", () => {
  it("is unregistered, numbers bills FB/…, charges no packaging, and has no FSSAI number or officer yet", () => {
    expect(FRESH_INSTALL_BUSINESS).toMatchObject({
      regime: "unregistered",
      invoicePrefix: "FB",
      packagingCharge: 0,
      gstin: null,
      fssai: null,
      grievanceOfficer: null,
      state: "Karnataka",
    });
  });

  it("once given an FSSAI number and an officer, passes the API's own schema", () => {
    const saved = businessSchema.parse({ ...FRESH_INSTALL_BUSINESS, fssai: valid.fssai, grievanceOfficer: valid.grievanceOfficer });
    expect(saved).toMatchObject({ regime: "unregistered", gstin: null, invoicePrefix: "FB", packagingCharge: 0 });
  });
});
