import { z } from "zod";
import { printable } from "@/lib/validation";
import { dropBidiControls, hasControlCharacter } from "@/lib/text";
import { SITE, SITE_ADDRESS_LINE } from "@/lib/site";
import { gstinProblem, gstinStateCode, normaliseGstin } from "@/lib/billing/gstin";
import { CREDIT_NOTE_PREFIX, INVOICE_PREFIX } from "@/lib/billing/numbers";
import { matchState, stateByCode } from "@/lib/billing/states";
import { REGIMES, type BusinessDetails } from "@/lib/billing/types";

// PUT /api/store/business (product.md §11): the whole of the business details, shared by
// /admin/settings's form and the API so both refuse the same input with the same words. Each
// message names its field, so the API's 400 reads on its own ("GSTIN must …").

/** Several lines of printable text: an address is often typed as it is written on an envelope. */
const addressSchema = z
  .string({ error: "Address is required" })
  .overwrite((v) => dropBidiControls(v).replace(/\r\n?/g, "\n"))
  .trim()
  .min(1, "Address is required")
  .max(300, "Address must be at most 300 characters")
  .refine((v) => !hasControlCharacter(v, { multiline: true }), "Address contains characters that are not allowed");

/** A state as typed ("karnataka", "KA"), stored as GSTN names it ("Karnataka"). */
const stateSchema = z
  .string({ error: "State is required" })
  .max(100, "State must be an Indian state or union territory, e.g. Karnataka")
  .transform((v, ctx) => {
    const found = matchState(v);
    if (found) return found.name;
    ctx.addIssue({ code: "custom", message: "State must be an Indian state or union territory, e.g. Karnataka" });
    return z.NEVER;
  });

export const GSTIN_MESSAGES = {
  format: "GSTIN must be 15 characters: the 2-digit state code, the 10-character PAN, the entity number, Z and a check character",
  state: "GSTIN must begin with a GST state code (01–38 or 97)",
  checksum: "GSTIN does not check out: a character is mistyped (its last character is a checksum of the others)",
} as const;

/** A GSTIN in any case, with spaces, or "" / null for none (forms send ""). */
const gstinSchema = z
  .string({ error: "GSTIN must be text of 15 characters, or null when unregistered" })
  .max(40, GSTIN_MESSAGES.format)
  .transform(normaliseGstin)
  .superRefine((v, ctx) => {
    const problem = v === "" ? null : gstinProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: GSTIN_MESSAGES[problem] });
  })
  .transform((v) => (v === "" ? null : v))
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/** The 14-digit licence (or registration) number FSSAI issues; spaces as printed on the certificate are dropped. */
const fssaiSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? "FSSAI licence number is required" : "FSSAI licence number must be 14 digits, as text"),
  })
  .max(40, "FSSAI licence number must be 14 digits")
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{14}$/, "FSSAI licence number must be 14 digits"));

const invoicePrefixSchema = z
  .string({ error: "Invoice prefix must be 1 to 4 letters or digits" })
  .trim()
  .toUpperCase()
  .regex(INVOICE_PREFIX, "Invoice prefix must be 1 to 4 letters or digits")
  .refine(
    (v) => v !== CREDIT_NOTE_PREFIX,
    `Invoice prefix cannot be ${CREDIT_NOTE_PREFIX}: credit notes are numbered ${CREDIT_NOTE_PREFIX}/…`,
  )
  .default("FB");

const PACKAGING = "Packaging charge must be a whole number of rupees from 0 to 100";
const packagingSchema = z.number({ error: PACKAGING }).int(PACKAGING).min(0, PACKAGING).max(100, PACKAGING).default(0);

const PHONE = "Grievance officer's phone must be a 10-digit number, optionally starting with +91";
/** Spaces, dashes, dots and brackets people type inside phone numbers (as checkout's phone). */
const phoneSchema = z
  .string({ error: PHONE })
  .max(32, PHONE)
  .transform((v) => v.replace(/[\s\-.()]/g, ""))
  .pipe(z.string().regex(/^(\+91)?[1-9]\d{9}$/, PHONE))
  .transform((v) => `+91${v.slice(-10)}`);

const EMAIL = "Grievance officer's email must be an email address";
const grievanceOfficerSchema = z.object(
  {
    name: printable("Grievance officer's name", 100),
    designation: printable("Grievance officer's designation", 100),
    email: z.string({ error: EMAIL }).trim().toLowerCase().max(254, EMAIL).pipe(z.email(EMAIL)),
    phone: phoneSchema,
  },
  { error: "Grievance officer must be {name, designation, email, phone}" },
);

export const businessSchema = z
  .object(
    {
      legalName: printable("Legal name", 200),
      tradeName: printable("Trade name", 100),
      address: addressSchema,
      state: stateSchema,
      gstin: gstinSchema,
      fssai: fssaiSchema,
      regime: z.enum(REGIMES, { error: 'Regime must be "regular", "composition" or "unregistered"' }),
      invoicePrefix: invoicePrefixSchema,
      packagingCharge: packagingSchema,
      grievanceOfficer: grievanceOfficerSchema,
    },
    { error: "Request body must be an object of business details" },
  )
  .superRefine((b, ctx) => {
    // A registered kitchen's bills carry its GSTIN; only a plain receipt goes without one.
    if (b.gstin === null) {
      if (b.regime !== "unregistered") {
        ctx.addIssue({ code: "custom", path: ["gstin"], message: `GSTIN is required under the ${b.regime} regime` });
      }
      return;
    }
    // The GSTIN is registered in one state: the business's state must be that one. (A GSTIN
    // refused already says so once: its state code would only be a guess.)
    const code = gstinStateCode(b.gstin);
    const registered = code === null ? null : stateByCode(code);
    const home = matchState(b.state);
    if (registered && home && registered !== home) {
      ctx.addIssue({
        code: "custom",
        path: ["gstin"],
        message: `GSTIN must begin with ${home.code}, the GST state code of ${home.name}: this one is registered in ${registered.name} (${registered.code})`,
      });
    }
  });

export type BusinessInput = z.input<typeof businessSchema>;
export type BusinessSettings = z.output<typeof businessSchema>;

/**
 * A fresh install's details, until an admin saves theirs: unregistered (plain receipts, no GSTIN),
 * invoices numbered FB/…, no packaging charge, the shop's own name and address from lib/site.ts.
 */
export const FRESH_INSTALL_BUSINESS: BusinessDetails = {
  legalName: SITE.name,
  tradeName: SITE.name,
  address: SITE_ADDRESS_LINE,
  state: "Karnataka",
  gstin: null,
  fssai: null,
  regime: "unregistered",
  invoicePrefix: "FB",
  packagingCharge: 0,
  grievanceOfficer: null,
};
