"use client";

import { Controller, useFormContext, useWatch } from "react-hook-form";
import type { MenuItemForm, MenuItemFormValues } from "@/lib/menu/form-schema";
import { Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/admin/menu-options/checkbox-field";
import { OptionNameField } from "@/components/admin/menu-options/option-name-field";
import { prefilled } from "@/components/ui/prefilled";

/**
 * One choice of an option group: its name, extra price in whole rupees, sold out and default,
 * and its Remove button. Numbered from 1 in the labels ("Choice 3 price"), as people count.
 */
export function OptionChoiceRow({ group, index, onRemove }: { group: number; index: number; onRemove: () => void }) {
  const { register, getValues, control, formState } = useFormContext<MenuItemFormValues, unknown, MenuItemForm>();
  const { field } = prefilled(register, getValues);
  const path = `optionGroups.${group}.choices.${index}` as const;
  const name = useWatch<MenuItemFormValues, `${typeof path}.name`>({ name: `${path}.name` });
  const errors = formState.errors.optionGroups?.[group]?.choices?.[index];
  const label = `Choice ${index + 1}`;

  return (
    <li className="grid grid-cols-2 items-end gap-3 rounded-xl border border-stone-200 p-3 lg:grid-cols-[minmax(0,1fr)_9rem_auto_auto]">
      <OptionNameField label={label} path={`${path}.name`} error={errors?.name?.message} className="col-span-2 lg:col-span-1" />
      <Field
        label={`${label} price (₹)`}
        required
        inputMode="numeric"
        maxLength={6}
        error={errors?.price?.message}
        {...field(`${path}.price`)}
      />
      <div className="flex flex-col gap-2 pb-1">
        <Controller
          control={control}
          name={`${path}.available`}
          render={({ field, fieldState }) => (
            // Stored as `available` like the API; ticked here means sold out, the word the shop shows.
            <CheckboxField
              ref={field.ref}
              label="Sold out"
              context={label}
              checked={!field.value}
              onChange={(e) => field.onChange(!e.target.checked)}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <CheckboxField label="Default" context={label} error={errors?.default?.message} {...field(`${path}.default`)} />
      </div>
      <div className="col-span-2 flex justify-end lg:col-span-1 lg:pb-0.5">
        <Button variant="secondary" size="sm" onClick={onRemove}>
          Remove choice<span className="sr-only"> {name.trim() || index + 1}</span>
        </Button>
      </div>
    </li>
  );
}
