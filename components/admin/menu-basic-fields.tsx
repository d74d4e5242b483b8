"use client";

import { useId } from "react";
import { useFormContext } from "react-hook-form";
import type { MenuCategory } from "@/lib/menu/types";
import type { MenuItemForm, MenuItemFormValues } from "@/lib/menu/form-schema";
import { MENU_DESCRIPTION_MAX, MENU_IMAGE_MAX, MENU_NAME_MAX } from "@/lib/menu/schema";
import { PORTIONS } from "@/lib/portions";
import { Field } from "@/components/ui/field";
import { prefilled } from "@/components/ui/prefilled";

const control =
  "w-full rounded-lg border bg-white px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30";

/** The item's name, description, category, picture, three prices and availability. */
export function MenuBasicFields({ categories }: { categories: MenuCategory[] }) {
  const {
    register,
    getValues,
    formState: { errors },
  } = useFormContext<MenuItemFormValues, unknown, MenuItemForm>();
  const { field } = prefilled(register, getValues);
  const ids = { description: useId(), category: useId(), available: useId() };
  const describe = (id: string, error?: string) => (error ? `${id}-error` : undefined);

  return (
    <>
      <Field label="Name" required maxLength={MENU_NAME_MAX} error={errors.name?.message} className="sm:col-span-2" {...field("name")} />

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
          {...field("description")}
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
          {...field("category")}
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
        {...field("image")}
      />

      <fieldset className="grid min-w-0 gap-3 sm:col-span-2 sm:grid-cols-3">
        <legend className="mb-1 text-sm font-semibold text-stone-800">Prices (whole rupees)</legend>
        {PORTIONS.map((p) => (
          <Field
            key={p.key}
            label={`${p.label} price`}
            required
            inputMode="numeric"
            maxLength={6}
            error={errors.prices?.[p.key]?.message}
            {...field(`prices.${p.key}`)}
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
            {...field("available")}
          />
          <label htmlFor={ids.available} className="text-sm font-medium text-stone-800">
            Available
          </label>
        </div>
        <p id={`${ids.available}-hint`} className="mt-1 text-xs text-stone-500">
          Unchecked, the menu shows the item as sold out.
        </p>
      </div>
    </>
  );
}
