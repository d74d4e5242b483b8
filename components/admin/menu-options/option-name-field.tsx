"use client";

import { useFormContext } from "react-hook-form";
import type { MenuItemForm, MenuItemFormValues } from "@/lib/menu/form-schema";
import { OPTION_NAME_MAX } from "@/lib/menu/schema";
import { Field } from "@/components/ui/field";
import { prefilled } from "@/components/ui/prefilled";

type NamePath = `optionGroups.${number}.name` | `optionGroups.${number}.choices.${number}.name`;

/** The name box of a group or a choice ("Group 2 name", "Choice 3 name"): both names have the API's rules, required and at most OPTION_NAME_MAX long. */
export function OptionNameField({ label, path, error, className }: { label: string; path: NamePath; error?: string; className: string }) {
  const { register, getValues } = useFormContext<MenuItemFormValues, unknown, MenuItemForm>();
  const { field } = prefilled(register, getValues);
  return <Field label={`${label} name`} required maxLength={OPTION_NAME_MAX} error={error} className={className} {...field(path)} />;
}
