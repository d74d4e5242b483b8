"use client";

import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { withoutFieldPrefix } from "@/lib/client/api-client";
import type { BusinessDetails } from "@/lib/billing/types";
import {
  businessFieldOf,
  businessFormSchema,
  businessValuesOf,
  type BusinessForm,
  type BusinessFormValues,
} from "@/components/admin/settings/business-form";
import { BusinessIdentityFieldset } from "@/components/admin/settings/business-identity-fieldset";
import { BusinessRegimeFieldset } from "@/components/admin/settings/business-regime-fieldset";
import { BusinessBillsFieldset } from "@/components/admin/settings/business-bills-fieldset";
import { BusinessGrievanceFieldset } from "@/components/admin/settings/business-grievance-fieldset";
import { useSettingsSave } from "@/components/admin/settings/settings-save";
import { SettingsFormPanel } from "@/components/admin/settings/settings-fields";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

const SAVED = "Business details saved";

/** The panel's heading and what it tells the admin. */
const PANEL = {
  title: "Business and bills",
  intro:
    "The business named on every bill, its GST regime and FSSAI licence, and who answers complaints. Until these are saved, orders get plain receipts.",
};

/**
 * The business on the bill (product.md §11), saved whole with PUT /api/store/business. Checked
 * in the browser with the API's own schema (business-form.ts); anything the server still refuses
 * (a 400 names the field) is shown at that field.
 */
export function BusinessDetailsForm({ details }: { details: BusinessDetails }) {
  const headingId = useId();
  const form = useForm<BusinessFormValues, unknown, BusinessForm>({
    resolver: zodResolver(businessFormSchema),
    defaultValues: businessValuesOf(details),
  });
  const { onSubmit, formError, saved } = useSettingsSave(form, {
    url: "/api/store/business",
    body: (values) => values,
    saved: (data: BusinessDetails) => ({ message: SAVED, values: businessValuesOf(data) }),
    placeOf: (error) => {
      const path = businessFieldOf(error.field);
      return { path, message: withoutFieldPrefix(error.message), focus: path };
    },
  });
  const { isSubmitting } = form.formState;

  return (
    <SettingsFormPanel {...PANEL} headingId={headingId} form={form} onSubmit={onSubmit} spacing="space-y-6">
      <BusinessIdentityFieldset />
      <BusinessRegimeFieldset />
      <BusinessBillsFieldset />
      <BusinessGrievanceFieldset />
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSubmitting}>
          Save business details
        </Button>
        {/* Always there, so screen readers hear it when it fills. */}
        <p role="status" className="text-sm text-green-800">
          {saved ? `✓ ${SAVED}` : ""}
        </p>
      </div>
    </SettingsFormPanel>
  );
}
