"use client";

import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { WEEKDAY_NAMES, type Weekday } from "@/lib/store/types";
import { newRange, type StoreForm, type StoreFormValues } from "@/components/admin/settings/store-form";
import { CheckboxField } from "@/components/admin/menu-options/checkbox-field";
import { ErrorText, Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { prefilled } from "@/components/ui/prefilled";
import { useListRows } from "@/components/admin/use-list-rows";

/** The API's most ranges a day. */
const RANGES_MAX = 12;

/** One weekday's opening ranges, each with its Remove button, or "Closed" when it has none. */
export function DayHoursFieldset({ day }: { day: Weekday }) {
  const { control, formState } = useFormContext<StoreFormValues, unknown, StoreForm>();
  const { fields, append, remove } = useFieldArray({ control, name: `hours.${day}`, keyName: "key" });
  const { addId, full, removeRow } = useListRows(fields.length, RANGES_MAX, remove);
  const errors = formState.errors.hours?.[day];
  const dayError = errors?.root?.message ?? errors?.message;
  const name = WEEKDAY_NAMES[day];
  const addRange = () => append(newRange(), { focusName: `hours.${day}.${fields.length}.open` });

  return (
    <fieldset className="min-w-0 space-y-3 rounded-xl border border-stone-300 p-3">
      <legend className="px-1 text-sm font-semibold text-stone-900">{name}</legend>
      {fields.length === 0 ? (
        <p className="text-sm text-stone-700">
          <span className="rounded-md bg-stone-100 px-2 py-0.5 font-semibold">Closed</span> No deliveries on {name}s.
        </p>
      ) : (
        <ul className="space-y-3">
          {fields.map((field, index) => (
            <RangeRow key={field.key} day={day} index={index} onRemove={() => removeRow(index)} />
          ))}
        </ul>
      )}
      <ErrorText>{dayError}</ErrorText>
      <Button id={addId} variant="secondary" size="sm" disabled={full} onClick={addRange}>
        Add range<span className="sr-only"> on {name}</span>
      </Button>
    </fieldset>
  );
}

/** One opening range: opens, closes (or until midnight), and Remove. Numbered from 1, as people count. */
function RangeRow({ day, index, onRemove }: { day: Weekday; index: number; onRemove: () => void }) {
  const { register, getValues, formState } = useFormContext<StoreFormValues, unknown, StoreForm>();
  const { field } = prefilled(register, getValues);
  const path = `hours.${day}.${index}` as const;
  const untilMidnight = useWatch<StoreFormValues, `${typeof path}.untilMidnight`>({ name: `${path}.untilMidnight` });
  const errors = formState.errors.hours?.[day]?.[index];
  const label = `Range ${index + 1}`;
  const context = `${WEEKDAY_NAMES[day]} range ${index + 1}`;

  return (
    // One column on the narrowest phones: a 12-hour time box needs the width to show am/pm.
    <li className="grid grid-cols-1 items-start gap-x-3 gap-y-2 rounded-lg bg-stone-50 p-2 min-[400px]:grid-cols-2">
      <Field type="time" label={`${label} opens`} required error={errors?.open?.message} {...field(`${path}.open`)} />
      {untilMidnight ? (
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium text-stone-800">{label} closes</span>
          <span className="py-2 text-base">Midnight (24:00)</span>
          {/* A refusal the server names at this close still shows while the box is hidden. */}
          <ErrorText>{errors?.close?.message}</ErrorText>
        </div>
      ) : (
        <Field type="time" label={`${label} closes`} required error={errors?.close?.message} {...field(`${path}.close`)} />
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 min-[400px]:col-span-2">
        <CheckboxField label="Until midnight" context={context} {...field(`${path}.untilMidnight`)} />
        <Button variant="secondary" size="sm" onClick={onRemove}>
          Remove range
          <span className="sr-only">
            {" "}
            {index + 1} on {WEEKDAY_NAMES[day]}
          </span>
        </Button>
      </div>
      {errors?.message ? (
        <p role="alert" className="text-sm text-red-700 min-[400px]:col-span-2">
          {label}: {errors.message}
        </p>
      ) : null}
    </li>
  );
}
