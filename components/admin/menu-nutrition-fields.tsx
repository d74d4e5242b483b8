"use client";

import { useFormContext } from "react-hook-form";
import type { MenuItemForm, MenuItemFormValues } from "@/lib/menu/form-schema";
import { PORTIONS } from "@/lib/portions";
import { Field } from "@/components/ui/field";
import { prefilled } from "@/components/ui/prefilled";

/** Energy and protein per portion (product.md §8); a blank box is "not known", and the shop then shows nothing for it. */
export function MenuNutritionFields() {
  const { register, getValues, formState } = useFormContext<MenuItemFormValues, unknown, MenuItemForm>();
  const { field } = prefilled(register, getValues);
  const errors = formState.errors.nutrition;
  return (
    <fieldset className="grid min-w-0 gap-3 sm:col-span-2 sm:grid-cols-3">
      <legend className="mb-1 text-sm font-semibold text-stone-800">Nutrition per portion (leave blank when not known)</legend>
      {PORTIONS.map((p) => (
        <div key={p.key} className="grid grid-cols-2 items-end gap-2">
          <Field
            label={`${p.label} kcal`}
            inputMode="numeric"
            maxLength={4}
            error={errors?.[p.key]?.kcal?.message}
            {...field(`nutrition.${p.key}.kcal`)}
          />
          <Field
            label={`${p.label} protein (g)`}
            inputMode="numeric"
            maxLength={3}
            error={errors?.[p.key]?.protein?.message}
            {...field(`nutrition.${p.key}.protein`)}
          />
        </div>
      ))}
    </fieldset>
  );
}
