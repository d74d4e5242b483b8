"use client";

import { INDIAN_STATES } from "@/lib/billing/states";
import type { BusinessFormValues } from "@/components/admin/settings/business-form";
import { SelectField, TextAreaField } from "@/components/ui/control-fields";
import { BoundField, SettingsSection, usePrefilledForm } from "@/components/admin/settings/settings-fields";

const BusinessField = BoundField<BusinessFormValues>;

/** Who the business is and where: as its GST and FSSAI registrations name it, and every bill shows it. */
export function BusinessIdentityFieldset() {
  const { field, errors } = usePrefilledForm<BusinessFormValues>();

  return (
    <SettingsSection legend="The business">
      <div className="grid gap-4 sm:grid-cols-2">
        <BusinessField
          label="Legal name"
          required
          maxLength={200}
          autoComplete="organization"
          hint="As registered, e.g. Fresh Bowl Foods Private Limited"
          name="legalName"
        />
        <BusinessField label="Trade name" required maxLength={100} hint="The name customers know" name="tradeName" />
        <TextAreaField
          label="Address"
          required
          rows={3}
          maxLength={300}
          autoComplete="street-address"
          hint="The kitchen's address as on its registrations"
          error={errors.address?.message}
          {...field("address")}
        />
        <div className="space-y-4">
          {/* No `required`: a state is always chosen (Karnataka on a fresh install), and HTML allows
              `required` on a select only with an empty first option. */}
          <SelectField
            label="State"
            hint="Where the kitchen is registered; a GSTIN begins with its code"
            error={errors.state?.message}
            {...field("state")}
          >
            {INDIAN_STATES.map((s) => (
              <option key={s.code} value={s.name}>
                {s.name} ({s.code})
              </option>
            ))}
          </SelectField>
          <BusinessField
            label="FSSAI licence number"
            required
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            hint="14 digits, shown in every page's footer and on every bill"
            name="fssai"
          />
        </div>
      </div>
    </SettingsSection>
  );
}
