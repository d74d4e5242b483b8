"use client";

import { useId } from "react";
import { useFormContext } from "react-hook-form";
import { SLOT_LENGTHS } from "@/lib/store/types";
import type { StoreForm, StoreFormValues } from "@/components/admin/settings/store-form";
import { Field } from "@/components/ui/field";
import { prefilled } from "@/components/ui/prefilled";

/** How the day is cut into delivery slots and how much the kitchen takes in each. */
export function SlotsFieldset() {
  const {
    register,
    getValues,
    formState: { errors },
  } = useFormContext<StoreFormValues, unknown, StoreForm>();
  const { field } = prefilled(register, getValues);
  const slotId = useId();
  const slotError = errors.slotMinutes?.message;

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-base font-semibold text-stone-900">Delivery slots</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={slotId} className="text-sm font-medium text-stone-800">
            Slot length
          </label>
          <select
            id={slotId}
            aria-invalid={slotError ? true : undefined}
            aria-describedby={`${slotId}-hint${slotError ? ` ${slotId}-error` : ""}`}
            className={`w-full rounded-lg border bg-white px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 ${
              slotError ? "border-red-600" : "border-stone-300"
            }`}
            {...field("slotMinutes")}
          >
            {SLOT_LENGTHS.map((minutes) => (
              <option key={minutes} value={String(minutes)}>
                {minutes === 60 ? "1 hour" : `${minutes} minutes`}
              </option>
            ))}
          </select>
          <p id={`${slotId}-hint`} className="text-xs text-stone-500">
            The day is cut into slots of this length from midnight.
          </p>
          {slotError ? (
            <p id={`${slotId}-error`} role="alert" className="text-sm text-red-700">
              {slotError}
            </p>
          ) : null}
        </div>
        <Field
          label="Orders per slot"
          required
          inputMode="numeric"
          maxLength={4}
          hint="1 to 1000: the most orders the kitchen cooks for one slot."
          error={errors.ordersPerSlot?.message}
          {...field("ordersPerSlot")}
        />
        <Field
          label="Preparation minutes"
          required
          inputMode="numeric"
          maxLength={3}
          hint="5 to 240: from placing an order to the earliest delivery."
          error={errors.prepMinutes?.message}
          {...field("prepMinutes")}
        />
        <Field
          label="Days ahead"
          required
          inputMode="numeric"
          maxLength={1}
          hint="0 to 7: how many days after today customers may schedule for (0: today only)."
          error={errors.daysAhead?.message}
          {...field("daysAhead")}
        />
      </div>
    </fieldset>
  );
}
