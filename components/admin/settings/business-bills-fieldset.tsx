"use client";

import { useFormContext } from "react-hook-form";
import type { BusinessForm, BusinessFormValues } from "@/components/admin/settings/business-form";
import { Field } from "@/components/ui/field";
import { prefilled } from "@/components/ui/prefilled";

/** How bills are numbered, and the packaging charge every order carries. */
export function BusinessBillsFieldset() {
  const {
    register,
    getValues,
    formState: { errors },
  } = useFormContext<BusinessFormValues, unknown, BusinessForm>();
  const { field } = prefilled(register, getValues);

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-base font-semibold text-stone-900">Numbers and charges</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Invoice prefix"
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={4}
          hint="1 to 4 letters or digits: bills are numbered FB/26-27/1, FB/26-27/2 …"
          error={errors.invoicePrefix?.message}
          {...field("invoicePrefix")}
        />
        <Field
          label="Packaging charge (₹)"
          required
          inputMode="numeric"
          maxLength={3}
          hint="0 to 100 rupees per order, shown in the cart before paying; 0: none"
          error={errors.packagingCharge?.message}
          {...field("packagingCharge")}
        />
      </div>
    </fieldset>
  );
}
