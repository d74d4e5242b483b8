"use client";

import { useId } from "react";
import { SLOT_LENGTHS } from "@/lib/store/types";
import type { StoreFormValues } from "@/components/admin/settings/store-form";
import { BoundField, SettingsSection, usePrefilledForm } from "@/components/admin/settings/settings-fields";

const StoreField = BoundField<StoreFormValues>;

/** The numbers the kitchen sets, each a whole number in a box of its own. */
const COUNTS = [
  { name: "ordersPerSlot", label: "Orders per slot", maxLength: 4, hint: "1 to 1000: the most orders the kitchen cooks for one slot." },
  { name: "prepMinutes", label: "Preparation minutes", maxLength: 3, hint: "5 to 240: from placing an order to the earliest delivery." },
  {
    name: "daysAhead",
    label: "Days ahead",
    maxLength: 1,
    hint: "0 to 7: how many days after today customers may schedule for (0: today only).",
  },
] as const;

/** How the day is cut into delivery slots and how much the kitchen takes in each. */
export function SlotsFieldset() {
  const { field, errors } = usePrefilledForm<StoreFormValues>();
  const slotId = useId();
  const slotError = errors.slotMinutes?.message;

  // The slot length's select, then the counts' boxes: one list, as React numbers the ids.
  const slotLength = (
    <div key="slotMinutes" className="flex flex-col gap-1">
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
  );

  return (
    <SettingsSection legend="Delivery slots">
      <div className="grid gap-4 sm:grid-cols-2">
        {[
          slotLength,
          ...COUNTS.map(({ name, label, maxLength, hint }) => (
            <StoreField key={name} label={label} required inputMode="numeric" maxLength={maxLength} hint={hint} name={name} />
          )),
        ]}
      </div>
    </SettingsSection>
  );
}
