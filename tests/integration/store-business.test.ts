import "@/tests/support/async-local-storage";
import { describe, expect } from "vitest";
import { test as it } from "./fixtures";
import { db } from "@/lib/db";
import { GET as getStore } from "@/app/api/store/route";
import { DELETE as clearBusinessRoute, PUT as putBusinessRoute } from "@/app/api/store/business/route";
import { FRESH_INSTALL_BUSINESS } from "@/lib/billing/business-schema";
import { gstinCheckCharacter } from "@/lib/billing/gstin";
import { call, type Caller } from "@/tests/support/api";
import { expiredTags } from "@/tests/support/next-cache";
import { resetStore, resetStoreAfterEach } from "@/tests/support/store";
import { writesNothing } from "./watch-writes";
import { REGULAR_BUSINESS_BODY } from "@/tests/support/business-body";

// The business on the bill through PUT /api/store/business and GET /api/store's `business`
// (product.md §11), on real PostgreSQL: an admin saves the whole of it, anyone reads its public
// parts, and every refusal names its field and writes nothing.

// Another file on this worker may have left details behind: start from the fresh install.
it.beforeAll(resetStore);
resetStoreAfterEach();

/** A valid GSTIN of a state code: the check character worked out. */
const gstinIn = (code: string, pan = "AAGCB7383J") => `${code}${pan}1Z${gstinCheckCharacter(`${code}${pan}1Z`)}`;
const KARNATAKA_GSTIN = "29AAGCB7383J1Z4";

const VALID = { ...REGULAR_BUSINESS_BODY, gstin: KARNATAKA_GSTIN };
const body = (over: Record<string, unknown> = {}) => ({ ...VALID, ...over });

type Business = Record<string, unknown>;
type Refusal = { error: string; code: string; field?: string };

async function putBusiness(caller: Caller | undefined, payload: unknown) {
  return call(putBusinessRoute, "PUT", "/api/store/business", { caller, body: payload });
}

async function publicBusiness(): Promise<Business> {
  const reply = await call(getStore, "GET", "/api/store");
  expect(reply.status, reply.text).toBe(200);
  return (reply.json as { business: Business }).business;
}

describe("a fresh install", () => {
  it("answers the defaults: unregistered, no GSTIN, no FSSAI number, no packaging charge, no grievance officer", async () => {
    expect(await db().businessDetails.count()).toBe(0);
    expect(await publicBusiness()).toEqual({
      legalName: FRESH_INSTALL_BUSINESS.legalName,
      tradeName: FRESH_INSTALL_BUSINESS.tradeName,
      address: FRESH_INSTALL_BUSINESS.address,
      state: "Karnataka",
      stateCode: "29",
      gstin: null,
      fssai: null,
      regime: "unregistered",
      packagingCharge: 0,
      grievanceOfficer: null,
    });
  });
});

describe("PUT /api/store/business", () => {
  it("an admin saves the whole; the reply is what was saved and GET /api/store shows the public parts", async ({ admin }) => {
    const expired = expiredTags.length;
    const reply = await putBusiness(admin, body({ gstin: " 29aagcb7383j1z4 ", invoicePrefix: "fbk", state: "KA" }));
    expect(reply.status, reply.text).toBe(200);
    const saved = {
      legalName: "Fresh Bowl Foods Private Limited",
      tradeName: "Fresh Bowl",
      address: "12 Residency Road\nBengaluru 560025",
      state: "Karnataka",
      gstin: KARNATAKA_GSTIN,
      fssai: "11226999000123",
      regime: "regular",
      packagingCharge: 10,
      grievanceOfficer: { name: "Asha Rao", designation: "Customer Care Head", email: "grievance@freshbowl.in", phone: "+919845012345" },
    };
    expect(reply.json).toEqual({ ...saved, invoicePrefix: "FBK" });
    // The footer of every prerendered page shows them: the save expires their cache.
    expect(expiredTags.slice(expired)).toContain("business");

    // The invoice prefix is the admins' setting, not part of what anyone reads.
    expect(await publicBusiness()).toEqual({ ...saved, stateCode: "29" });
    expect(await db().businessDetails.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({
      invoicePrefix: "FBK",
      gstin: KARNATAKA_GSTIN,
    });
  });

  it("saves again over the first save; unregistered needs no GSTIN, and defaults fill the prefix and packaging", async ({ admin }) => {
    expect((await putBusiness(admin, body())).status).toBe(200);
    const { legalName, tradeName, address, fssai, grievanceOfficer } = VALID;
    const reply = await putBusiness(admin, {
      legalName,
      tradeName,
      address,
      fssai,
      grievanceOfficer,
      regime: "unregistered",
      state: "Maharashtra",
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json).toMatchObject({
      gstin: null,
      regime: "unregistered",
      invoicePrefix: "FB",
      packagingCharge: 0,
      state: "Maharashtra",
    });
    expect(await publicBusiness()).toMatchObject({
      gstin: null,
      regime: "unregistered",
      packagingCharge: 0,
      state: "Maharashtra",
      stateCode: "27",
    });
    expect(await db().businessDetails.count()).toBe(1);
  });

  it("the composition regime with a GSTIN of the kitchen's state", async ({ admin }) => {
    const reply = await putBusiness(admin, body({ regime: "composition", state: "Tamil Nadu", gstin: gstinIn("33") }));
    expect(reply.status, reply.text).toBe(200);
    expect(await publicBusiness()).toMatchObject({ regime: "composition", state: "Tamil Nadu", stateCode: "33", gstin: gstinIn("33") });
  });

  const refusals: [string, Record<string, unknown>, string, RegExp][] = [
    ["a GSTIN whose checksum is wrong", { gstin: "29AAGCB7383J1Z5" }, "gstin", /GSTIN does not check out/],
    ["a GSTIN of another state", { gstin: gstinIn("27") }, "gstin", /GSTIN must begin with 29.*Maharashtra \(27\)/],
    ["no GSTIN under the regular regime", { gstin: null }, "gstin", /GSTIN is required under the regular regime/],
    [
      "a blank GSTIN under the composition regime",
      { gstin: "", regime: "composition" },
      "gstin",
      /GSTIN is required under the composition/,
    ],
    ["an FSSAI number of 13 digits", { fssai: "1122699900012" }, "fssai", /FSSAI licence number must be 14 digits/],
    ["an FSSAI number of 15 digits", { fssai: "112269990001234" }, "fssai", /14 digits/],
    ["an invoice prefix of 5 characters", { invoicePrefix: "FRESH" }, "invoicePrefix", /Invoice prefix must be 1 to 4 letters or digits/],
    ["a packaging charge of ₹101", { packagingCharge: 101 }, "packagingCharge", /from 0 to 100/],
    ["a packaging charge in paise", { packagingCharge: 10.5 }, "packagingCharge", /whole number of rupees/],
    [
      "a grievance officer's email that is not one",
      { grievanceOfficer: { ...VALID.grievanceOfficer, email: "asha at freshbowl" } },
      "grievanceOfficer.email",
      /email/,
    ],
    ["no grievance officer", { grievanceOfficer: undefined }, "grievanceOfficer", /Grievance officer/],
    [
      "a grievance officer without a designation",
      { grievanceOfficer: { ...VALID.grievanceOfficer, designation: "" } },
      "grievanceOfficer.designation",
      /designation is required/,
    ],
    ["a state that is not one", { state: "Bengaluru" }, "state", /Indian state/],
    ["an unknown regime", { regime: "exempt" }, "regime", /Regime must be/],
    ["no legal name", { legalName: "  " }, "legalName", /Legal name is required/],
  ];
  it.for(refusals)("%s: 400 naming the field, nothing written", async ([, over, field, message], { admin }) => {
    // Saved details first: a refusal must leave them as they were, not only leave no row.
    expect((await putBusiness(admin, body())).status).toBe(200);
    const reply = await writesNothing(() => putBusiness(admin, body(over)));
    expect(reply.status, reply.text).toBe(400);
    const refusal = reply.json as Refusal;
    expect(refusal).toMatchObject({ field });
    expect(refusal.error).toMatch(message);
    expect(await publicBusiness()).toMatchObject({ gstin: KARNATAKA_GSTIN, fssai: VALID.fssai, packagingCharge: 10 });
  });

  it("signed out 401, a customer 403, and neither writes anything", async ({ customer }) => {
    const signedOut = await writesNothing(() => putBusiness(undefined, body()));
    expect(signedOut.status).toBe(401);
    const notAdmin = await writesNothing(() => putBusiness(customer, body()));
    expect(notAdmin.status).toBe(403);
    expect(await db().businessDetails.count()).toBe(0);
  });

  it("malformed JSON, an array, null or an empty body is a 400", async ({ admin }) => {
    for (const init of [{ raw: "{legalName:" }, { body: [VALID] }, { raw: "null" }, { raw: "" }]) {
      const reply = await writesNothing(() => call(putBusinessRoute, "PUT", "/api/store/business", { caller: admin, ...init }));
      expect(reply.status, reply.text).toBe(400);
    }
  });
});

describe("DELETE /api/store/business", () => {
  it("an admin puts the fresh install back; others are refused and change nothing", async ({ admin, customer }) => {
    expect((await putBusiness(admin, body())).status).toBe(200);
    for (const [caller, status] of [
      [undefined, 401],
      [customer, 403],
    ] as const) {
      const reply = await writesNothing(() => call(clearBusinessRoute, "DELETE", "/api/store/business", { caller }));
      expect(reply.status).toBe(status);
    }
    const reply = await call(clearBusinessRoute, "DELETE", "/api/store/business", { caller: admin });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json).toEqual(FRESH_INSTALL_BUSINESS);
    expect(await publicBusiness()).toMatchObject({ regime: "unregistered", fssai: null, grievanceOfficer: null, packagingCharge: 0 });
    expect(await db().businessDetails.count()).toBe(0);
  });
});
