"use client";

import { useFormContext } from "react-hook-form";
import { INDIAN_STATES } from "@/lib/billing/states";
import type { BusinessForm, BusinessFormValues } from "@/components/admin/settings/business-form";
import { SelectField, TextAreaField } from "@/components/admin/settings/business-controls";
import { Field } from "@/components/ui/field";
import { prefilled } from "@/components/ui/prefilled";

/** Who the business is and where: as its GST and FSSAI registrations name it, and every bill shows it. */
export function BusinessIdentityFieldset() {
  const {
    register,
    getValues,
    formState: { errors },
  } = useFormContext<BusinessFormValues, unknown, BusinessForm>();
  const { field } = prefilled(register, getValues);

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-base font-semibold text-stone-900">The business</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Legal name"
          required
          maxLength={200}
          autoComplete="organization"
          hint="As registered, e.g. Fresh Bowl Foods Private Limited"
          error={errors.legalName?.message}
          {...field("legalName")}
        />
        <Field
          label="Trade name"
          required
          maxLength={100}
          hint="The name customers know"
          error={errors.tradeName?.message}
          {...field("tradeName")}
        />
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
          <Field
            label="FSSAI licence number"
            required
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            hint="14 digits, shown in every page's footer and on every bill"
            error={errors.fssai?.message}
            {...field("fssai")}
          />
        </div>
      </div>
    </fieldset>
  );
}
