"use client";

import { useId, type FormEvent } from "react";
import { useForm, type FieldPath } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { withoutFieldPrefix } from "@/lib/client/api-client";
import { WEEKDAYS, type StoreSettings, type StoreState } from "@/lib/store/types";
import {
  sortedRanges,
  storeFieldOf,
  storeFocusOf,
  storeFormSchema,
  storeFormValuesOf,
  type StoreForm,
  type StoreFormValues,
} from "@/components/admin/settings/store-form";
import { OpeningHoursFieldset } from "@/components/admin/settings/opening-hours-fieldset";
import { ClosedDatesFieldset } from "@/components/admin/settings/closed-dates-fieldset";
import { SlotsFieldset } from "@/components/admin/settings/slots-fieldset";
import { useSettingsSave } from "@/components/admin/settings/settings-save";
import { SettingsFormPanel } from "@/components/admin/settings/settings-fields";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

type Path = FieldPath<StoreFormValues>;

/** The panel's heading and what it tells the admin. */
const PANEL = {
  title: "Opening hours and slots",
  intro: "Customers order for delivery inside these hours; outside them they can still schedule for later.",
};

/**
 * Opening hours, closed dates and slots, saved together with PUT /api/store. Checked in the
 * browser with the API's own rules (store-form.ts); anything the server still refuses (a 400
 * names the field) is shown at that field.
 */
export function StoreSettingsForm({ settings }: { settings: StoreSettings }) {
  const headingId = useId();
  const form = useForm<StoreFormValues, unknown, StoreForm>({
    resolver: zodResolver(storeFormSchema),
    defaultValues: storeFormValuesOf(settings),
  });
  const { getValues, setValue } = form;
  const { isSubmitting } = form.formState;
  // The state at the top follows the new hours: the save refreshes the page.
  const { onSubmit: save, formError } = useSettingsSave(form, {
    url: "/api/store",
    body: (values) => values,
    saved: (data: StoreState) => ({ message: "Opening hours and slots saved", values: storeFormValuesOf(data) }),
    placeOf: (error) => {
      const path = storeFieldOf(error.field) as Path | undefined;
      return { path, message: withoutFieldPrefix(error.message), focus: path ? (storeFocusOf(path) as Path | undefined) : undefined };
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Each day's ranges in time order, as they are saved, so "overlaps …" lands on the later one.
    for (const day of WEEKDAYS) {
      const rows = getValues(`hours.${day}`);
      const sorted = sortedRanges(rows);
      if (sorted.some((row, i) => row !== rows[i])) setValue(`hours.${day}`, sorted, { shouldDirty: true });
    }
    return save(event);
  }

  return (
    <SettingsFormPanel {...PANEL} headingId={headingId} form={form} onSubmit={onSubmit} spacing="space-y-6">
      <OpeningHoursFieldset />
      <ClosedDatesFieldset />
      <SlotsFieldset />
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <Button type="submit" disabled={isSubmitting}>
        Save hours and slots
      </Button>
    </SettingsFormPanel>
  );
}
