import { z } from "zod";
import { printable } from "@/lib/validation";
import { isAllowedImageUrl } from "@/lib/menu/image-url";

// zod schemas for the menu, shared by the API handlers and the admin menu form.

const MENU_PRICE_MIN = 1;
export const MENU_PRICE_MAX = 100_000;
const MENU_SEARCH_MAX = 100;
export const MENU_NAME_MAX = 100;
export const MENU_DESCRIPTION_MAX = 1000;
export const MENU_IMAGE_MAX = 2048;
/** A whole number of rupees; digit strings are accepted because HTML forms and the old client send them. */
const rupeesSchema = (label: string) => {
  const message = `${label} must be a whole number of rupees from ${MENU_PRICE_MIN} to ${MENU_PRICE_MAX}`;
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,9}$/)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number().int(message).min(MENU_PRICE_MIN, message).max(MENU_PRICE_MAX, message));
};

const pricesSchema = z.object(
  {
    small: rupeesSchema("Small price"),
    medium: rupeesSchema("Medium price"),
    large: rupeesSchema("Large price"),
  },
  { error: "Prices must be an object with small, medium and large" },
);

const CONTROL_EXCEPT_NEWLINES = /[\p{Cs}\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;

const descriptionSchema = z
  .string({ error: "Description must be text" })
  .trim()
  .max(MENU_DESCRIPTION_MAX, `Description must be at most ${MENU_DESCRIPTION_MAX} characters`)
  .refine((v) => !CONTROL_EXCEPT_NEWLINES.test(v), "Description contains characters that are not allowed");

/** Empty means "no picture": the placeholder is shown then (rows.ts). */
const imageSchema = z
  .string({ error: "Image must be text" })
  .trim()
  .max(MENU_IMAGE_MAX, `Image URL must be at most ${MENU_IMAGE_MAX} characters`)
  .refine((v) => v === "" || isAllowedImageUrl(v), "Image must be an https:// URL or a path on this site starting with /");

/** A category's name ("Veg Salads") or slug ("veg-salads"); writes.ts checks that it exists. */
const categoryRefSchema = z
  .string({ error: "Category is required" })
  .trim()
  .min(1, "Category is required")
  .max(100, "Category must be at most 100 characters")
  // No category is named so; and a NUL would make PostgreSQL refuse the lookup (a 500).
  .refine((v) => !/[\p{Cc}\p{Cs}]/u.test(v), "Category contains characters that are not allowed");

const menuItemFields = z.object({
  name: printable("Name", MENU_NAME_MAX),
  description: descriptionSchema.optional(),
  category: categoryRefSchema,
  /** The Small price (the old client's single price). */
  price: rupeesSchema("Price").optional(),
  prices: pricesSchema.optional(),
  image: imageSchema.optional(),
  available: z.boolean({ error: "Available must be true or false" }).optional(),
});

/** POST /api/menu. Unknown fields are dropped (zod's default), so extra keys are ignored. */
export const menuItemInputSchema = menuItemFields.refine((v) => v.price !== undefined || v.prices !== undefined, {
  message: "Price is required",
  path: ["price"],
});

/** PUT /api/menu/{id}: the same fields, each optional; only the ones sent change. */
export const menuItemUpdateSchema = menuItemFields.partial();

export type MenuItemInput = z.infer<typeof menuItemInputSchema>;
export type MenuItemUpdate = z.infer<typeof menuItemUpdateSchema>;

/** The admin add/edit form: all three prices and a category slug from a <select>. */
export const menuItemFormSchema = z.object({
  name: printable("Name", MENU_NAME_MAX),
  description: descriptionSchema,
  category: categoryRefSchema,
  image: imageSchema,
  prices: pricesSchema,
  available: z.boolean(),
});

export type MenuItemForm = z.input<typeof menuItemFormSchema>;

/** Search text as the menu uses it: trimmed, at most 100 characters, blank means none. */
export function normalizeSearch(value: string | null | undefined): string | undefined {
  // Control characters and lone surrogates cannot be in a name or description; a NUL would
  // also make PostgreSQL refuse the query (a 500). They count as spaces.
  // Cut by code points, so a cut never leaves half of an emoji's surrogate pair.
  const text = Array.from((value ?? "").replace(/[\p{Cc}\p{Cs}]/gu, " ").trim())
    .slice(0, MENU_SEARCH_MAX)
    .join("")
    .trim();
  return text === "" ? undefined : text;
}
