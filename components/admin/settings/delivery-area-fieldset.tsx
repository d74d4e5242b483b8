"use client";

import { useFormContext, useWatch } from "react-hook-form";
import type { AreasForm, AreasFormValues } from "@/components/admin/settings/areas-form";
import { Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { prefilled } from "@/components/ui/prefilled";

/** One delivery area: its name, PIN codes and prefixes, fee, minimum order and free-delivery threshold, and Remove. */
export function DeliveryAreaFieldset({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { register, getValues, formState } = useFormContext<AreasFormValues, unknown, AreasForm>();
  const { field } = prefilled(register, getValues);
  const path = `areas.${index}` as const;
  const name = useWatch<AreasFormValues, `${typeof path}.name`>({ name: `${path}.name` }).trim();
  const errors = formState.errors.areas?.[index];
  const legend = name ? `Area ${index + 1}: ${name}` : `Area ${index + 1}`;

  return (
    <fieldset className="min-w-0 space-y-3 rounded-xl border border-stone-300 p-3 sm:p-4">
      <legend className="px-1 text-base font-semibold text-stone-900">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Field label="Name" required maxLength={100} error={errors?.name?.message} {...field(`${path}.name`)} />
        <Field
          label="PIN codes and prefixes"
          required
          autoComplete="off"
          hint="Separated by commas or spaces, e.g. 560034, 5600"
          error={errors?.pins?.message}
          className="sm:col-span-1 lg:col-span-2"
          {...field(`${path}.pins`)}
        />
        <Field label="Fee (₹)" required inputMode="numeric" maxLength={4} error={errors?.fee?.message} {...field(`${path}.fee`)} />
        <Field
          label="Minimum order (₹)"
          required
          inputMode="numeric"
          maxLength={6}
          hint="0: any order"
          error={errors?.minimumOrder?.message}
          {...field(`${path}.minimumOrder`)}
        />
        <Field
          label="Free delivery from (₹)"
          required={false}
          inputMode="numeric"
          maxLength={6}
          hint="A subtotal from which delivery is free; blank: never free"
          error={errors?.freeDeliveryFrom?.message}
          {...field(`${path}.freeDeliveryFrom`)}
        />
      </div>
      <Button variant="danger" size="sm" onClick={onRemove}>
        Remove area<span className="sr-only"> {name || index + 1}</span>
      </Button>
    </fieldset>
  );
}
