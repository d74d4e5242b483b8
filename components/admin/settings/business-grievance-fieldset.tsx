"use client";

import { useFormContext } from "react-hook-form";
import type { BusinessForm, BusinessFormValues } from "@/components/admin/settings/business-form";
import { Field } from "@/components/ui/field";
import { prefilled } from "@/components/ui/prefilled";

/** Who answers customers' complaints: named with a contact in every page's footer. */
export function BusinessGrievanceFieldset() {
  const {
    register,
    getValues,
    formState: { errors },
  } = useFormContext<BusinessFormValues, unknown, BusinessForm>();
  const { field } = prefilled(register, getValues);
  const officer = errors.grievanceOfficer;

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-base font-semibold text-stone-900">Grievance officer</legend>
      <p className="text-sm text-stone-700">Named with these contacts in every page&apos;s footer, as the e-commerce rules require.</p>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="Grievance officer's name"
          required
          maxLength={100}
          autoComplete="off"
          error={officer?.name?.message}
          {...field("grievanceOfficer.name")}
        />
        <Field
          label="Grievance officer's email"
          required
          type="email"
          maxLength={254}
          autoComplete="off"
          error={officer?.email?.message ?? officer?.message}
          {...field("grievanceOfficer.email")}
        />
        <Field
          label="Grievance officer's phone"
          required
          type="tel"
          maxLength={20}
          autoComplete="off"
          hint="10 digits, optionally starting with +91"
          error={officer?.phone?.message}
          {...field("grievanceOfficer.phone")}
        />
      </div>
    </fieldset>
  );
}
