import { z } from "zod";
import type { FieldPath } from "react-hook-form";
import { businessSchema, type BusinessInput, type BusinessSettings } from "@/lib/billing/business-schema";
import type { BusinessDetails, Regime } from "@/lib/billing/types";
import { numberFromText } from "@/components/admin/settings/form-text";

// /admin/settings's business details <-> PUT /api/store/business (client-safe, pure). The form
// holds what its inputs hold (text; a blank GSTIN is none); it is turned into the API's body and
// checked by the API's own schema, so the browser and the server refuse the same input with the
// same message at the same field (gstin, grievanceOfficer.email).

export type BusinessFormValues = {
  legalName: string;
  tradeName: string;
  address: string;
  state: string;
  gstin: string;
  fssai: string;
  regime: Regime;
  invoicePrefix: string;
  packagingCharge: string;
  grievanceOfficer: { name: string; designation: string; email: string; phone: string };
};

/**
 * The API's body of the form's values: the packaging charge a number (blank: the default, 0).
 * Text that is not a number goes on as it is, typed as the body's number, for the schema to
 * refuse with its own message.
 */
const bodyOf = (values: BusinessFormValues): BusinessInput => ({
  ...values,
  packagingCharge: numberFromText(values.packagingCharge, undefined) as number | undefined,
});

export const businessFormSchema = z.custom<BusinessFormValues>().transform(bodyOf).pipe(businessSchema);

export type BusinessForm = BusinessSettings;

/** The form's values for the details saved (a fresh install: blanks where nothing is known yet). */
export function businessValuesOf(details: BusinessDetails): BusinessFormValues {
  const officer = details.grievanceOfficer;
  return {
    legalName: details.legalName,
    tradeName: details.tradeName,
    address: details.address,
    state: details.state,
    gstin: details.gstin ?? "",
    fssai: details.fssai ?? "",
    regime: details.regime,
    invoicePrefix: details.invoicePrefix,
    packagingCharge: String(details.packagingCharge),
    grievanceOfficer: {
      name: officer?.name ?? "",
      designation: officer?.designation ?? "",
      email: officer?.email ?? "",
      phone: officer?.phone ?? "",
    },
  };
}

const FIELDS = new Set([
  "legalName",
  "tradeName",
  "address",
  "state",
  "gstin",
  "fssai",
  "regime",
  "invoicePrefix",
  "packagingCharge",
  "grievanceOfficer.name",
  "grievanceOfficer.designation",
  "grievanceOfficer.email",
  "grievanceOfficer.phone",
]);

/** Where a PUT /api/store/business 400's `field` is shown: that input, or undefined (the form shows it by its button). */
export function businessFieldOf(field: string | undefined): FieldPath<BusinessFormValues> | undefined {
  return field && FIELDS.has(field) ? (field as FieldPath<BusinessFormValues>) : undefined;
}
