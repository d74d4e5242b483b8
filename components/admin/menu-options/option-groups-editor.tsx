"use client";

import { useId } from "react";
import { useFieldArray, useFormContext } from "react-hook-form";
import type { MenuItemForm, MenuItemFormValues } from "@/lib/menu/form-schema";
import { newGroup } from "@/lib/menu/form-values";
import { OPTION_GROUPS_MAX } from "@/lib/menu/schema";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/field";
import { useListRows } from "@/components/admin/use-list-rows";
import { OptionGroupFieldset } from "@/components/admin/menu-options/option-group-fieldset";

/**
 * The item's option groups (product.md §8), edited as a whole: saving sends them all, and the
 * server replaces the item's groups with them (groups and choices keep their ids; past orders
 * keep their own copies, so removing a choice never changes them).
 */
export function OptionGroupsEditor() {
  const { control, formState } = useFormContext<MenuItemFormValues, unknown, MenuItemForm>();
  const { fields, append, remove } = useFieldArray({ control, name: "optionGroups", keyName: "key" });
  const headingId = useId();
  const { addId, full, removeRow } = useListRows(fields.length, OPTION_GROUPS_MAX, remove);
  const listError = formState.errors.optionGroups?.root?.message ?? formState.errors.optionGroups?.message;
  const addGroup = () => append(newGroup(), { focusName: `optionGroups.${fields.length}.name` });

  return (
    <section aria-labelledby={headingId} className="space-y-3 sm:col-span-2">
      <div>
        <h3 id={headingId} className="text-base font-semibold text-stone-900">
          Options
        </h3>
        <p className="text-xs text-stone-500">
          Groups a customer chooses from when customising the bowl, e.g. Dressing or Add-ons: from min to max of its choices, and min above
          0 makes the group required. Prices are extra, in whole rupees (0 for free). Defaults are what a bowl added without customising
          gets: a required group needs min of them, free and not sold out.
        </p>
      </div>
      {fields.length === 0 ? <p className="text-sm text-stone-600">No option groups: the bowl is sold as it is.</p> : null}
      {fields.map((field, g) => (
        <OptionGroupFieldset key={field.key} index={g} onRemove={() => removeRow(g)} />
      ))}
      <ErrorText>{listError}</ErrorText>
      <Button id={addId} variant="secondary" size="sm" disabled={full} onClick={addGroup}>
        Add option group
      </Button>
    </section>
  );
}
