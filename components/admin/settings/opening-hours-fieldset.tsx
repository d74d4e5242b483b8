"use client";

import { useFormContext } from "react-hook-form";
import { WEEKDAYS } from "@/lib/store/types";
import type { StoreForm, StoreFormValues } from "@/components/admin/settings/store-form";
import { DayHoursFieldset } from "@/components/admin/settings/day-hours-fieldset";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";

/** The week's opening hours: one group per weekday, and a way to give every day Monday's. */
export function OpeningHoursFieldset() {
  const { getValues, setValue, formState } = useFormContext<StoreFormValues, unknown, StoreForm>();

  function copyMonday() {
    const monday = getValues("hours.mon");
    for (const day of WEEKDAYS.slice(1)) {
      setValue(
        `hours.${day}`,
        monday.map((range) => ({ ...range })),
        { shouldDirty: true, shouldValidate: formState.isSubmitted },
      );
    }
    toast.success(monday.length ? "Monday's hours copied to every day" : "Every day is closed now, like Monday");
  }

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-base font-semibold text-stone-900">Opening hours</legend>
      <p className="text-sm text-stone-600">
        One or more ranges a day, India time. A day without ranges is closed. Tick “Until midnight” for a range that runs to the end of the
        day (a close of 00:00 means the same).
      </p>
      <div className="grid gap-3 xl:grid-cols-2">
        {WEEKDAYS.map((day) => (
          <DayHoursFieldset key={day} day={day} />
        ))}
      </div>
      <Button variant="secondary" size="sm" onClick={copyMonday}>
        Copy Monday to every day
      </Button>
    </fieldset>
  );
}
