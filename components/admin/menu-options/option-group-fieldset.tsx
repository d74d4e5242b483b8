"use client";

import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import type { MenuItemForm, MenuItemFormValues } from "@/lib/menu/form-schema";
import { newChoice } from "@/lib/menu/form-values";
import { OPTION_CHOICES_MAX } from "@/lib/menu/schema";
import { ErrorText, Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { OptionChoiceRow } from "@/components/admin/menu-options/option-choice-row";
import { OptionNameField } from "@/components/admin/menu-options/option-name-field";
import { prefilled } from "@/components/ui/prefilled";
import { useListRows } from "@/components/admin/use-list-rows";

/** How many choices a customer picks: two boxes alike but for their name ("Group 2 min"). */
const BOUNDS = ["min", "max"] as const;

/** One option group: its name, how many choices a customer picks (min to max), its choices, and Remove group. */
export function OptionGroupFieldset({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { register, getValues, control, formState } = useFormContext<MenuItemFormValues, unknown, MenuItemForm>();
  const { field } = prefilled(register, getValues);
  const path = `optionGroups.${index}` as const;
  // keyName: the React key gets its own name, so a choice's row id (`id`) stays the database's.
  const { fields, append, remove } = useFieldArray({ control, name: `${path}.choices`, keyName: "key" });
  const name = useWatch<MenuItemFormValues, `${typeof path}.name`>({ name: `${path}.name` });
  const { addId, full, removeRow } = useListRows(fields.length, OPTION_CHOICES_MAX, remove);
  const errors = formState.errors.optionGroups?.[index];
  const listError = errors?.choices?.root?.message ?? errors?.choices?.message;
  const label = `Group ${index + 1}`;
  const headingName = name.trim() ? `${label}: ${name.trim()}` : label;

  const addChoice = () => append(newChoice(), { focusName: `${path}.choices.${fields.length}.name` });

  return (
    <fieldset className="min-w-0 space-y-3 rounded-2xl border border-stone-300 p-3 sm:p-4">
      <legend className="px-1 text-base font-semibold text-stone-900">{headingName}</legend>
      <div className="grid grid-cols-2 items-start gap-3 sm:grid-cols-[minmax(0,1fr)_7rem_7rem]">
        <OptionNameField label={label} path={`${path}.name`} error={errors?.name?.message} className="col-span-2 sm:col-span-1" />
        {BOUNDS.map((bound) => (
          <Field
            key={bound}
            label={`${label} ${bound}`}
            required
            inputMode="numeric"
            maxLength={2}
            error={errors?.[bound]?.message}
            {...field(`${path}.${bound}`)}
          />
        ))}
      </div>
      <ul className="space-y-3" aria-label={`${headingName} choices`}>
        {fields.map((field, c) => (
          <OptionChoiceRow key={field.key} group={index} index={c} onRemove={() => removeRow(c)} />
        ))}
      </ul>
      <ErrorText>{listError}</ErrorText>
      <div className="flex flex-wrap gap-2">
        <Button id={addId} variant="secondary" size="sm" disabled={full} onClick={addChoice}>
          Add choice<span className="sr-only"> to {headingName}</span>
        </Button>
        <Button variant="danger" size="sm" onClick={onRemove}>
          Remove group<span className="sr-only"> {name.trim() || index + 1}</span>
        </Button>
      </div>
    </fieldset>
  );
}
