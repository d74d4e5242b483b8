import type { MenuItemView, PortionNutrition } from "@/lib/menu/types";
import { PORTIONS } from "@/lib/portions";
import { allergenName } from "@/lib/menu/allergen-names";

// A card's details view (product.md §8): diet, energy and protein of every portion, allergens.
// A <details> disclosure: it opens with the keyboard and without any JavaScript.

const DIET_TEXT = { veg: "Vegetarian", "non-veg": "Non-vegetarian (contains meat, fish or egg)" } as const;

/** "Medium 350g: 462 kcal, 34 g protein"; a figure not known says so. */
function portionText(label: string, { kcal, protein }: PortionNutrition) {
  return `${label}: ${kcal === null ? "kcal not known" : `${kcal} kcal`}, ${protein === null ? "protein not known" : `${protein} g protein`}`;
}

const known = (n: PortionNutrition) => n.kcal !== null || n.protein !== null;

type Props = { item: Pick<MenuItemView, "name" | "diet" | "nutrition" | "allergens"> };

/**
 * Plain sentences, not a table: 18 cards' worth of table cells doubled the page's elements,
 * and every element costs twice (the HTML and the page's hydration data), which showed in
 * /menu's main-thread time on a phone.
 */
export function BowlDetails({ item }: Props) {
  const hasNutrition = PORTIONS.some((p) => known(item.nutrition[p.key]));
  return (
    <details className="text-sm text-stone-700">
      <summary className="cursor-pointer rounded font-semibold text-brand-800 underline underline-offset-2">
        Nutrition and allergens<span className="sr-only"> of {item.name}</span>
      </summary>
      <p className="mt-2">
        <b>Diet:</b> {DIET_TEXT[item.diet]}
      </p>
      {hasNutrition ? (
        <ul className="mt-1" aria-label={`Energy and protein of ${item.name}`}>
          {PORTIONS.map((p) => (
            <li key={p.key}>{portionText(`${p.label} ${p.grams}g`, item.nutrition[p.key])}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-1">Energy and protein are not known yet.</p>
      )}
      <p className="mt-1">
        <b>Allergens:</b> {item.allergens.length > 0 ? item.allergens.map(allergenName).join(", ") : "none of the 11 we list"}
      </p>
    </details>
  );
}
