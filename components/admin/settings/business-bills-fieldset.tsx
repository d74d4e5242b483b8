"use client";

import type { BusinessFormValues } from "@/components/admin/settings/business-form";
import { BoundField, SettingsSection } from "@/components/admin/settings/settings-fields";

const BusinessField = BoundField<BusinessFormValues>;

/** How bills are numbered, and the packaging charge every order carries. */
export function BusinessBillsFieldset() {
  return (
    <SettingsSection legend="Numbers and charges">
      <div className="grid gap-4 sm:grid-cols-2">
        <BusinessField
          label="Invoice prefix"
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={4}
          hint="1 to 4 letters or digits: bills are numbered FB/26-27/1, FB/26-27/2 …"
          name="invoicePrefix"
        />
        <BusinessField
          label="Packaging charge (₹)"
          required
          inputMode="numeric"
          maxLength={3}
          hint="0 to 100 rupees per order, shown in the cart before paying; 0: none"
          name="packagingCharge"
        />
      </div>
    </SettingsSection>
  );
}
