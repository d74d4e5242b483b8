"use client";

import { useEffect, useId, useState } from "react";
import { useRouter } from "next/navigation";
import { FormProvider, useForm, type FieldPath } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "@/components/ui/toast";
import type { MenuCategory, MenuItemView } from "@/lib/menu/types";
import { menuItemFormSchema, type MenuItemForm, type MenuItemFormValues } from "@/lib/menu/form-schema";
import { formPathOf, formValuesOf } from "@/lib/menu/form-values";
import { WideFormEnd } from "@/components/ui/form-end";
import { Button } from "@/components/ui/button";
import { Panel } from "@/components/ui/panel";
import { api, settle, withoutFieldPrefix } from "@/lib/client/api-client";
import { MenuBasicFields } from "@/components/admin/menu-basic-fields";
import { MenuFactsFields } from "@/components/admin/menu-facts-fields";
import { MenuNutritionFields } from "@/components/admin/menu-nutrition-fields";
import { OptionGroupsEditor } from "@/components/admin/menu-options/option-groups-editor";
import { FormControls } from "@/components/ui/form-controls";

/**
 * Add a menu item, or edit the one given: its basics, its §8 facts and its option groups.
 * Validated in the browser with the API's own zod rules (lib/menu/form-schema.ts); anything the
 * server still refuses (400 names the field) shows at that field.
 */
export function MenuItemFormCard({
  item,
  categories,
  onDone,
}: {
  item: MenuItemView | null;
  categories: MenuCategory[];
  onDone: () => void;
}) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const headingId = useId();
  const form = useForm<MenuItemFormValues, unknown, MenuItemForm>({
    resolver: zodResolver(menuItemFormSchema),
    defaultValues: formValuesOf(item, categories),
  });
  const {
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { isSubmitting },
  } = form;

  useEffect(() => {
    // Opening an item for editing takes the admin straight to its first field.
    if (item) setFocus("name");
  }, [item, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const reply = await settle(item ? api.updateMenuItem(item.id, values) : api.createMenuItem(values));
    if (reply.ok) {
      toast.success(item ? `${values.name} updated` : `${values.name} added to the menu`);
      if (!item) reset(formValuesOf(null, categories));
      onDone();
      router.refresh();
      return;
    }
    const { message } = reply.error;
    const field = formPathOf(reply.error.field) as FieldPath<MenuItemFormValues> | undefined;
    if (field) setError(field, { type: "server", message: withoutFieldPrefix(message) }, { shouldFocus: true });
    else setFormError(message);
    toast.error(message);
  });

  return (
    <Panel aria-labelledby={headingId} padding="lg">
      <h2 id={headingId} className="text-lg font-bold">
        {item ? `Edit ${item.name}` : "Add a menu item"}
      </h2>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="mt-4">
          <FormControls className="grid gap-4 sm:grid-cols-2">
            <MenuBasicFields categories={categories} />
            <MenuFactsFields />
            <MenuNutritionFields />
            <OptionGroupsEditor />

            <WideFormEnd error={formError}>
              <Button type="submit" disabled={isSubmitting}>
                {item ? "Save changes" : "Add item"}
              </Button>
              {item && (
                <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
                  Cancel edit
                </Button>
              )}
            </WideFormEnd>
          </FormControls>
        </form>
      </FormProvider>
    </Panel>
  );
}
