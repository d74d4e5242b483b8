"use client";

import type { BusinessFormValues } from "@/components/admin/settings/business-form";
import { BoundField, SettingsSection, usePrefilledForm } from "@/components/admin/settings/settings-fields";

const BusinessField = BoundField<BusinessFormValues>;

/** Who answers customers' complaints: named with a contact in every page's footer. */
export function BusinessGrievanceFieldset() {
  const { errors } = usePrefilledForm<BusinessFormValues>();

  return (
    <SettingsSection legend="Grievance officer">
      <p className="text-sm text-stone-700">Named with these contacts in every page&apos;s footer, as the e-commerce rules require.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <BusinessField label="Grievance officer's name" required maxLength={100} autoComplete="off" name="grievanceOfficer.name" />
        <BusinessField
          label="Grievance officer's designation"
          required
          maxLength={100}
          autoComplete="off"
          hint="Their post, e.g. Customer Care Head"
          name="grievanceOfficer.designation"
        />
        <BusinessField
          label="Grievance officer's email"
          required
          type="email"
          maxLength={254}
          autoComplete="off"
          fallbackError={errors.grievanceOfficer?.message}
          name="grievanceOfficer.email"
        />
        <BusinessField
          label="Grievance officer's phone"
          required
          type="tel"
          maxLength={20}
          autoComplete="off"
          hint="10 digits, optionally starting with +91"
          name="grievanceOfficer.phone"
        />
      </div>
    </SettingsSection>
  );
}
