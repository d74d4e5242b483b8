import { z } from "zod";
import { printable } from "@/lib/validation";
import {
  MENU_NAME_MAX,
  allergensSchema,
  categoryRefSchema,
  descriptionSchema,
  dietSchema,
  imageSchema,
  nutritionSchema,
  optionGroupsSchema,
  pricesSchema,
} from "@/lib/menu/schema";
import type { Allergen, Diet } from "@/lib/menu/facts";

// The admin add/edit form's schema. The form holds what its inputs hold (text in number boxes,
// "" for a diet not yet chosen); each part is turned into the API's shape and then checked by
// the API's own field schema, so the browser and POST/PUT /api/menu apply the same rules and
// say the same messages, at the same paths (nutrition.small.kcal, optionGroups.0.min, ...).

/** A number box's text: blank is null (unknown), digits a number; anything else goes on as it is, for the API's rule to refuse. */
function numberFromText(text: string): number | null | string {
  const t = text.trim();
  if (t === "") return null;
  return /^\d{1,9}$/.test(t) ? Number(t) : t;
}

const numberText = z.custom<string>().transform(numberFromText);

const portionText = z.object({ kcal: numberText, protein: numberText });

const choiceText = z.object({
  id: z.string().optional(),
  name: z.string(),
  price: numberText,
  // Optional only for zod's types (the API's choice has defaults); the form always holds both.
  available: z.boolean().optional(),
  default: z.boolean().optional(),
});

const groupText = z.object({
  id: z.string().optional(),
  name: z.string(),
  min: numberText,
  max: numberText,
  choices: z.array(choiceText),
});

export const menuItemFormSchema = z.object({
  name: printable("Name", MENU_NAME_MAX),
  description: descriptionSchema,
  category: categoryRefSchema,
  image: imageSchema,
  prices: pricesSchema,
  available: z.boolean(),
  diet: z.custom<Diet | "">().pipe(dietSchema),
  nutrition: z.object({ small: portionText, medium: portionText, large: portionText }).pipe(nutritionSchema),
  allergens: z.custom<Allergen[]>().pipe(allergensSchema),
  optionGroups: z.array(groupText).pipe(optionGroupsSchema),
});

/** What the form's inputs hold. */
export type MenuItemFormValues = z.input<typeof menuItemFormSchema>;

/** What the form sends to POST/PUT /api/menu: the API's shape, already checked by its rules. */
export type MenuItemForm = z.output<typeof menuItemFormSchema>;

export type GroupFormValues = MenuItemFormValues["optionGroups"][number];
export type ChoiceFormValues = GroupFormValues["choices"][number];
