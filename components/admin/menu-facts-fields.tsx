"use client";

import { useId } from "react";
import { useFormContext } from "react-hook-form";
import type { MenuItemForm, MenuItemFormValues } from "@/lib/menu/form-schema";
import { ALLERGENS, DIETS, type Diet } from "@/lib/menu/facts";
import { ALLERGEN_NAMES } from "@/lib/menu/allergen-names";
import { prefilled } from "@/components/ui/prefilled";

const DIET_LABELS: Record<Diet, string> = { veg: "Veg", "non-veg": "Non-veg" };

/** The bowl's diet (product.md §8: egg counts as non-veg) and its allergens from §8's list. */
export function MenuFactsFields() {
  const { register, getValues, formState } = useFormContext<MenuItemFormValues, unknown, MenuItemForm>();
  const { choice } = prefilled(register, getValues);
  const id = useId();
  const dietError = formState.errors.diet?.message;
  const allergensError = formState.errors.allergens?.message;

  return (
    <>
      <fieldset aria-describedby={dietError ? `${id}-diet-error` : `${id}-diet-hint`} className="min-w-0">
        <legend className="mb-1 text-sm font-semibold text-stone-800">Diet</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {DIETS.map((d) => (
            <label key={d} className="flex items-center gap-2 text-sm font-medium text-stone-800">
              <input type="radio" className="h-5 w-5 accent-brand-700" {...choice("diet", d)} />
              {DIET_LABELS[d]}
            </label>
          ))}
        </div>
        <p id={`${id}-diet-hint`} className="mt-1 text-xs text-stone-500">
          Egg counts as non-veg.
        </p>
        {dietError ? (
          <p id={`${id}-diet-error`} role="alert" className="mt-1 text-sm text-red-700">
            {dietError}
          </p>
        ) : null}
      </fieldset>

      <fieldset aria-describedby={allergensError ? `${id}-allergens-error` : undefined} className="min-w-0 sm:col-span-2">
        <legend className="mb-1 text-sm font-semibold text-stone-800">Allergens</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {ALLERGENS.map((a) => (
            <label key={a} className="flex items-center gap-2 text-sm text-stone-800">
              <input type="checkbox" className="h-5 w-5 shrink-0 accent-brand-700" {...choice("allergens", a)} />
              {ALLERGEN_NAMES[a]}
            </label>
          ))}
        </div>
        {allergensError ? (
          <p id={`${id}-allergens-error`} role="alert" className="mt-1 text-sm text-red-700">
            {allergensError}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}
