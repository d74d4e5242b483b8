"use client";

import { useId } from "react";
import { useFieldArray, useForm, type FieldPath } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { withoutFieldPrefix } from "@/lib/client/api-client";
import type { DeliveryArea } from "@/lib/store/types";
import {
  areaFieldOf,
  areaValuesOf,
  areasFormSchema,
  newArea,
  type AreasForm,
  type AreasFormValues,
} from "@/components/admin/settings/areas-form";
import { DeliveryAreaFieldset } from "@/components/admin/settings/delivery-area-fieldset";
import { useSettingsSave } from "@/components/admin/settings/settings-save";
import { SettingsFormPanel } from "@/components/admin/settings/settings-fields";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/field";
import { useListRows } from "@/components/admin/use-list-rows";

/** The API's most areas. */
const AREAS_MAX = 200;

/** The panel's heading and what it tells the admin. */
const PANEL = {
  title: "Delivery areas",
  intro:
    "PIN codes (6 digits) and prefixes (2 to 5 digits: 5600 serves 560001 to 560099). A PIN matched by several areas belongs to the most specific pattern. Fees and amounts are whole rupees.",
};

/**
 * Where the shop delivers, saved as a whole with PUT /api/delivery-areas (the list replaces the
 * one before; areas keep their ids). Checked in the browser with the API's own rules
 * (areas-form.ts); anything the server still refuses is shown at the field it names.
 */
export function DeliveryAreasForm({ areas }: { areas: DeliveryArea[] }) {
  const headingId = useId();
  const form = useForm<AreasFormValues, unknown, AreasForm>({
    resolver: zodResolver(areasFormSchema),
    defaultValues: { areas: areas.map(areaValuesOf) },
  });
  const {
    control,
    getValues,
    formState: { isSubmitting, errors },
  } = form;
  // keyName: the React key gets its own name, so an area's `id` stays the database's.
  const { fields, append, remove } = useFieldArray({ control, name: "areas", keyName: "key" });
  const { addId, full, removeRow } = useListRows(fields.length, AREAS_MAX, remove);
  const listError = errors.areas?.root?.message ?? errors.areas?.message;

  const { onSubmit, formError } = useSettingsSave(form, {
    url: "/api/delivery-areas",
    body: ({ areas: list }) => list,
    saved: (data: DeliveryArea[]) => ({
      message: data.length ? "Delivery areas saved" : "Delivery areas removed: every PIN code is served",
      values: { areas: data.map(areaValuesOf) },
    }),
    placeOf: (error) => {
      const at = areaFieldOf(error.field, withoutFieldPrefix(error.message), getValues("areas"));
      const path = at.path as FieldPath<AreasFormValues> | undefined;
      return { path, message: at.message, focus: path && !path.endsWith(".root") ? path : undefined };
    },
  });

  return (
    <SettingsFormPanel {...PANEL} headingId={headingId} form={form} onSubmit={onSubmit} spacing="space-y-4">
      {fields.length === 0 ? (
        <Alert tone="info">No delivery areas: every PIN code is served at the standard delivery fee.</Alert>
      ) : (
        fields.map((field, index) => <DeliveryAreaFieldset key={field.key} index={index} onRemove={() => removeRow(index)} />)
      )}
      <ErrorText>{listError}</ErrorText>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          id={addId}
          variant="secondary"
          disabled={full}
          onClick={() => append(newArea(), { focusName: `areas.${fields.length}.name` })}
        >
          Add area
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          Save delivery areas
        </Button>
      </div>
    </SettingsFormPanel>
  );
}
