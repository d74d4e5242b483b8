"use client";

import { useId } from "react";
import { useFormContext } from "react-hook-form";
import type { MenuItemForm, MenuItemFormValues } from "@/lib/menu/form-schema";
import { ALLERGENS, DIETS, type Diet } from "@/lib/menu/facts";
import { ALLERGEN_NAMES } from "@/lib/menu/allergen-names";
import { ErrorText } from "@/components/ui/field";
import { prefilled } from "@/components/ui/prefilled";

const DIET_LABELS: Record<Diet, string> = { veg: "Veg", "non-veg": "Non-veg" };
const DIET_CHOICES = DIETS.map((d) => ({ value: d, label: DIET_LABELS[d] }));
const ALLERGEN_CHOICES = ALLERGENS.map((a) => ({ value: a, label: ALLERGEN_NAMES[a] }));

type ChoicesProps = {
  /** The start of the ids inside: `${id}-hint`, `${id}-error`. */
  id: string;
  legend: string;
  name: "diet" | "allergens";
  type: "radio" | "checkbox";
  choices: readonly { value: string; label: string }[];
  /** Describes the fieldset while it has no error. */
  hint?: string;
};

/**
 * One of the facts as a fieldset of radios (the diet's two, in a row) or boxes (the allergens, in
 * a grid as wide as the form), its hint and the form's error for it.
 */
function FactChoices({ id, legend, name, type, choices, hint }: ChoicesProps) {
  const { register, getValues, formState } = useFormContext<MenuItemFormValues, unknown, MenuItemForm>();
  const { choice } = prefilled(register, getValues);
  const error = formState.errors[name]?.message;
  const radio = type === "radio";
  return (
    <fieldset
      aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
      className={radio ? "min-w-0" : "min-w-0 sm:col-span-2"}
    >
      <legend className="mb-1 text-sm font-semibold text-stone-800">{legend}</legend>
      <div className={radio ? "flex flex-wrap gap-x-6 gap-y-2" : "grid grid-cols-2 gap-2 sm:grid-cols-4"}>
        {choices.map((c) => (
          <label
            key={c.value}
            className={
              radio ? "flex items-center gap-2 text-sm font-medium text-stone-800" : "flex items-center gap-2 text-sm text-stone-800"
            }
          >
            <input
              type={type}
              className={radio ? "h-5 w-5 accent-brand-700" : "h-5 w-5 shrink-0 accent-brand-700"}
              {...choice(name, c.value)}
            />
            {c.label}
          </label>
        ))}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      <ErrorText id={`${id}-error`} className="mt-1 text-sm text-red-700">
        {error}
      </ErrorText>
    </fieldset>
  );
}

/** The bowl's diet (product.md §8: egg counts as non-veg) and its allergens from §8's list. */
export function MenuFactsFields() {
  const id = useId();
  return (
    <>
      <FactChoices id={`${id}-diet`} legend="Diet" name="diet" type="radio" choices={DIET_CHOICES} hint="Egg counts as non-veg." />

      <FactChoices id={`${id}-allergens`} legend="Allergens" name="allergens" type="checkbox" choices={ALLERGEN_CHOICES} />
    </>
  );
}
