"use client";

import { useEffect, useId, useState } from "react";
import { useRouter } from "next/navigation";
import { useForm, type FieldPath } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "sonner";
import type { z } from "zod";
import type { MenuCategory, MenuItemView } from "@/lib/menu/types";
import { MENU_DESCRIPTION_MAX, MENU_IMAGE_MAX, MENU_NAME_MAX, menuItemFormSchema, type MenuItemForm } from "@/lib/menu/schema";
import { PLACEHOLDER_IMAGE } from "@/lib/menu/image-url";
import { PORTIONS } from "@/lib/portions";
import { Field } from "@/components/ui/field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Panel } from "@/components/ui/panel";
import { api, settle, withoutFieldPrefix } from "@/lib/api-client";

type FormOutput = z.output<typeof menuItemFormSchema>;

function defaultsOf(item: MenuItemView | null, categories: MenuCategory[]): MenuItemForm {
  if (!item) {
    return {
      name: "",
      description: "",
      category: categories[0]?.slug ?? "",
      image: "",
      prices: { small: "", medium: "", large: "" },
      available: true,
    };
  }
  return {
    name: item.name,
    description: item.description,
    category: item.category.slug,
    // The menu shows the placeholder for "no picture"; the form shows that as empty again.
    image: item.image === PLACEHOLDER_IMAGE ? "" : item.image,
    prices: { small: String(item.prices.small), medium: String(item.prices.medium), large: String(item.prices.large) },
    available: item.available,
  };
}

const FORM_FIELDS: FieldPath<MenuItemForm>[] = [
  "name",
  "description",
  "category",
  "image",
  "available",
  "prices.small",
  "prices.medium",
  "prices.large",
];

/** The form field a server 400 names ("price" is the old client's Small price). */
function formFieldOf(field: string | undefined): FieldPath<MenuItemForm> | undefined {
  if (field === "price" || field === "prices") return "prices.small";
  return FORM_FIELDS.find((f) => f === field);
}

const control =
  "w-full rounded-lg border bg-white px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30";

/**
 * Add a menu item, or edit the one given. Validated in the browser with the same zod schema
 * the API uses; anything the server still refuses (400 names the field) shows at that field.
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
  const ids = { description: useId(), category: useId(), available: useId(), heading: useId() };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<MenuItemForm, unknown, FormOutput>({
    resolver: zodResolver(menuItemFormSchema),
    defaultValues: defaultsOf(item, categories),
  });

  useEffect(() => {
    // Opening an item for editing takes the admin straight to its first field.
    if (item) setFocus("name");
  }, [item, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const reply = await settle(item ? api.updateMenuItem(item.id, values) : api.createMenuItem(values));
    if (reply.ok) {
      toast.success(item ? `${values.name} updated` : `${values.name} added to the menu`);
      if (!item) reset(defaultsOf(null, categories));
      onDone();
      router.refresh();
      return;
    }
    const { message } = reply.error;
    const field = formFieldOf(reply.error.field);
    if (field) setError(field, { type: "server", message: withoutFieldPrefix(message) }, { shouldFocus: true });
    else setFormError(message);
    toast.error(message);
  });

  const describe = (id: string, error?: string) => (error ? `${id}-error` : undefined);

  return (
    <Panel aria-labelledby={ids.heading} padding="lg">
      <h2 id={ids.heading} className="text-lg font-bold">
        {item ? `Edit ${item.name}` : "Add a menu item"}
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field
          label="Name"
          required
          maxLength={MENU_NAME_MAX}
          error={errors.name?.message}
          className="sm:col-span-2"
          {...register("name")}
        />

        <div className="flex flex-col gap-1 sm:col-span-2">
          <label htmlFor={ids.description} className="text-sm font-medium text-stone-800">
            Description <span className="font-normal text-stone-500">(optional)</span>
          </label>
          <textarea
            id={ids.description}
            rows={3}
            maxLength={MENU_DESCRIPTION_MAX}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describe(ids.description, errors.description?.message)}
            className={`${control} ${errors.description ? "border-red-600" : "border-stone-300"}`}
            {...register("description")}
          />
          {errors.description?.message && (
            <p id={`${ids.description}-error`} role="alert" className="text-sm text-red-700">
              {errors.description.message}
            </p>
          )}
        </div>

        <div className="flex flex-col gap-1">
          <label htmlFor={ids.category} className="text-sm font-medium text-stone-800">
            Category
          </label>
          <select
            id={ids.category}
            aria-required
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={describe(ids.category, errors.category?.message)}
            className={`${control} ${errors.category ? "border-red-600" : "border-stone-300"}`}
            {...register("category")}
          >
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
          {errors.category?.message && (
            <p id={`${ids.category}-error`} role="alert" className="text-sm text-red-700">
              {errors.category.message}
            </p>
          )}
        </div>

        <Field
          label="Image URL"
          required={false}
          inputMode="url"
          maxLength={MENU_IMAGE_MAX}
          hint="An https:// address or a path on this site such as /images/…; empty shows the placeholder picture."
          error={errors.image?.message}
          {...register("image")}
        />

        <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-3">
          <legend className="mb-1 text-sm font-semibold text-stone-800">Prices (whole rupees)</legend>
          {PORTIONS.map((p) => (
            <Field
              key={p.key}
              label={`${p.label} price`}
              required
              inputMode="numeric"
              maxLength={6}
              error={errors.prices?.[p.key]?.message}
              {...register(`prices.${p.key}`)}
            />
          ))}
        </fieldset>

        <div className="sm:col-span-2">
          <div className="flex items-center gap-2">
            <input
              id={ids.available}
              type="checkbox"
              aria-describedby={`${ids.available}-hint`}
              className="h-5 w-5 accent-brand-700"
              {...register("available")}
            />
            <label htmlFor={ids.available} className="text-sm font-medium text-stone-800">
              Available
            </label>
          </div>
          <p id={`${ids.available}-hint`} className="mt-1 text-xs text-stone-500">
            Unchecked, the menu shows the item as sold out.
          </p>
        </div>

        {formError && (
          <div className="sm:col-span-2">
            <Alert tone="error">{formError}</Alert>
          </div>
        )}

        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" disabled={isSubmitting}>
            {item ? "Save changes" : "Add item"}
          </Button>
          {item && (
            <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
              Cancel edit
            </Button>
          )}
        </div>
      </form>
    </Panel>
  );
}
