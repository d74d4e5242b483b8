import { z } from "zod";
import { printable } from "@/lib/validation";
import { hasControlCharacter } from "@/lib/text";
import { ALLERGENS, DIETS } from "@/lib/menu/facts";
import { isAllowedImageUrl } from "@/lib/menu/image-url";
import { rowIdSchema } from "@/lib/db/schema";

// zod schemas for the menu, shared by the API handlers and the admin menu form.

const MENU_PRICE_MIN = 1;
export const MENU_PRICE_MAX = 100_000;
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

export const pricesSchema = z.object(
  {
    small: rupeesSchema("Small price"),
    medium: rupeesSchema("Medium price"),
    large: rupeesSchema("Large price"),
  },
  { error: "Prices must be an object with small, medium and large" },
);

export const descriptionSchema = z
  .string({ error: "Description must be text" })
  .trim()
  .max(MENU_DESCRIPTION_MAX, `Description must be at most ${MENU_DESCRIPTION_MAX} characters`)
  .refine((v) => !hasControlCharacter(v, { multiline: true }), "Description contains characters that are not allowed");

/** Empty means "no picture": the placeholder is shown then (rows.ts). */
export const imageSchema = z
  .string({ error: "Image must be text" })
  .trim()
  .max(MENU_IMAGE_MAX, `Image URL must be at most ${MENU_IMAGE_MAX} characters`)
  .refine((v) => v === "" || isAllowedImageUrl(v), "Image must be an https:// URL or a path on this site starting with /");

/** A category's name ("Veg Salads") or slug ("veg-salads"); writes.ts checks that it exists. */
export const categoryRefSchema = z
  .string({ error: "Category is required" })
  .trim()
  .min(1, "Category is required")
  .max(100, "Category must be at most 100 characters")
  // No category is named so; and a NUL would make PostgreSQL refuse the lookup (a 500).
  .refine((v) => !hasControlCharacter(v), "Category contains characters that are not allowed");

const KCAL_MAX = 5000;
const PROTEIN_MAX = 500;
export const OPTION_GROUPS_MAX = 10;
export const OPTION_CHOICES_MAX = 20;
export const OPTION_NAME_MAX = 60;

export const dietSchema = z.enum(DIETS, { error: "Diet must be veg or non-veg" });

const wholeNumber = (label: string, max: number) => {
  const message = `${label} must be a whole number from 0 to ${max}`;
  return z.number({ error: message }).int(message).min(0, message).max(max, message).nullable();
};

const portionNutritionSchema = (label: string) =>
  z.object(
    { kcal: wholeNumber(`${label} kcal`, KCAL_MAX), protein: wholeNumber(`${label} protein`, PROTEIN_MAX) },
    { error: `${label} nutrition must be {kcal, protein}` },
  );

export const nutritionSchema = z.object(
  { small: portionNutritionSchema("Small"), medium: portionNutritionSchema("Medium"), large: portionNutritionSchema("Large") },
  { error: "Nutrition must be an object with small, medium and large" },
);

/** Allergens from the §8 list, each once (repeats are dropped), in the list's order. */
export const allergensSchema = z
  .array(z.enum(ALLERGENS, { error: `must be one of ${ALLERGENS.join(", ")}` }), { error: "Allergens must be a list" })
  .max(ALLERGENS.length * 2, "Allergens has too many entries")
  .transform((list) => ALLERGENS.filter((a) => list.includes(a)));

const optionIdSchema = rowIdSchema("must be an id this item's groups or choices carry").optional();

const choiceSchema = z.object({
  /** An existing choice's id keeps it (carts and past orders refer to it); none makes a new one. */
  id: optionIdSchema,
  name: printable("Choice name", OPTION_NAME_MAX),
  price: z
    .number({ error: `Choice price must be a whole number of rupees from 0 to ${MENU_PRICE_MAX}` })
    .int(`Choice price must be a whole number of rupees from 0 to ${MENU_PRICE_MAX}`)
    .min(0, `Choice price must be a whole number of rupees from 0 to ${MENU_PRICE_MAX}`)
    .max(MENU_PRICE_MAX, `Choice price must be a whole number of rupees from 0 to ${MENU_PRICE_MAX}`),
  available: z.boolean({ error: "Choice available must be true or false" }).default(true),
  default: z.boolean({ error: "Choice default must be true or false" }).default(false),
});

const countSchema = (label: string, min: number) => {
  const message = `${label} must be a whole number from ${min} to ${OPTION_CHOICES_MAX}`;
  return z.number({ error: message }).int(message).min(min, message).max(OPTION_CHOICES_MAX, message);
};

/**
 * An option group and its choices (product.md §8). Its defaults are what an order line that
 * sends no options gets, so they must be free, available and a valid pick on their own: a
 * required group (min above 0) has from min to max of them, an optional one at most max.
 */
const optionGroupSchema = z
  .object({
    id: optionIdSchema,
    name: printable("Group name", OPTION_NAME_MAX),
    min: countSchema("Group min", 0),
    max: countSchema("Group max", 1),
    choices: z
      .array(choiceSchema, { error: "Choices must be a list" })
      .min(1, "A group needs at least one choice")
      .max(OPTION_CHOICES_MAX, `A group has at most ${OPTION_CHOICES_MAX} choices`),
  })
  .superRefine((group, ctx) => {
    if (group.min > group.max) ctx.addIssue({ code: "custom", path: ["min"], message: "Group min must not be above its max" });
    if (group.min > group.choices.length)
      ctx.addIssue({ code: "custom", path: ["min"], message: "Group min must not be above its number of choices" });
    const names = new Set<string>();
    group.choices.forEach((choice, i) => {
      const key = choice.name.toLowerCase();
      if (names.has(key))
        ctx.addIssue({ code: "custom", path: ["choices", i, "name"], message: `Choice names must differ within a group` });
      names.add(key);
      if (choice.default && (choice.price !== 0 || !choice.available)) {
        ctx.addIssue({ code: "custom", path: ["choices", i, "default"], message: "A default choice must be free and available" });
      }
    });
    const defaults = group.choices.filter((c) => c.default).length;
    if (defaults < group.min || defaults > group.max) {
      const message =
        group.min > 0
          ? `A required group needs from ${group.min} to ${group.max} default choices`
          : `A group has at most ${group.max} default choices`;
      ctx.addIssue({ code: "custom", path: ["choices"], message });
    }
  });

export const optionGroupsSchema = z
  .array(optionGroupSchema, { error: "Option groups must be a list" })
  .max(OPTION_GROUPS_MAX, `An item has at most ${OPTION_GROUPS_MAX} option groups`)
  .superRefine((groups, ctx) => {
    const names = new Set<string>();
    groups.forEach((g, i) => {
      if (names.has(g.name.toLowerCase())) ctx.addIssue({ code: "custom", path: [i, "name"], message: "Group names must differ" });
      names.add(g.name.toLowerCase());
    });
  });

export type OptionGroupInput = z.output<typeof optionGroupSchema>;

const menuItemFields = z.object({
  name: printable("Name", MENU_NAME_MAX),
  description: descriptionSchema.optional(),
  category: categoryRefSchema,
  /** The Small price (the old client's single price). */
  price: rupeesSchema("Price").optional(),
  prices: pricesSchema.optional(),
  image: imageSchema.optional(),
  available: z.boolean({ error: "Available must be true or false" }).optional(),
  diet: dietSchema.optional(),
  nutrition: nutritionSchema.optional(),
  allergens: allergensSchema.optional(),
  /** The item's whole set of groups: sent, it replaces them (ids keep existing ones). */
  optionGroups: optionGroupsSchema.optional(),
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
