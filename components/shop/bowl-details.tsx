import type { Allergen } from "@/lib/menu/schema";
import type { MenuItemView, PortionNutrition } from "@/lib/menu/types";
import { PORTIONS } from "@/lib/portions";
import { ALLERGEN_NAMES } from "@/lib/menu/allergen-names";

// A card's details view (product.md §8): diet, energy and protein of every portion, allergens.
// A <details> disclosure: it opens with the keyboard and without any JavaScript.

/** An allergen as a sentence reads it ("tree nuts"). */
export const allergenName = (a: Allergen) => ALLERGEN_NAMES[a].toLowerCase();

const DIET_TEXT = { veg: "Vegetarian", "non-veg": "Non-vegetarian (contains meat, fish or egg)" } as const;

const figure = (value: number | null, unit: string) => (value === null ? "Not known" : `${value}${unit}`);

const known = (n: PortionNutrition) => n.kcal !== null || n.protein !== null;

type Props = { item: Pick<MenuItemView, "name" | "diet" | "nutrition" | "allergens"> };

export function BowlDetails({ item }: Props) {
  const hasNutrition = PORTIONS.some((p) => known(item.nutrition[p.key]));
  return (
    <details className="group text-sm text-stone-700">
      <summary className="cursor-pointer rounded font-semibold text-brand-800 underline underline-offset-2">
        Nutrition and allergens<span className="sr-only"> of {item.name}</span>
      </summary>
      <div className="mt-2 space-y-2">
        <p>
          <span className="font-semibold">Diet:</span> {DIET_TEXT[item.diet]}
        </p>
        {hasNutrition ? (
          <table className="w-full text-left">
            <caption className="sr-only">Energy and protein of each portion of {item.name}</caption>
            <thead>
              <tr className="border-b border-stone-200">
                <th scope="col" className="py-1 font-semibold">
                  Portion
                </th>
                <th scope="col" className="py-1 font-semibold">
                  Energy
                </th>
                <th scope="col" className="py-1 font-semibold">
                  Protein
                </th>
              </tr>
            </thead>
            <tbody>
              {PORTIONS.map((p) => (
                <tr key={p.key}>
                  <th scope="row" className="py-0.5 font-normal">
                    {p.label} {p.grams}g
                  </th>
                  <td className="py-0.5">{figure(item.nutrition[p.key].kcal, " kcal")}</td>
                  <td className="py-0.5">{figure(item.nutrition[p.key].protein, " g")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>Energy and protein are not known yet.</p>
        )}
        <p>
          <span className="font-semibold">Allergens:</span>{" "}
          {item.allergens.length > 0 ? item.allergens.map(allergenName).join(", ") : "none of the 11 we list"}
        </p>
      </div>
    </details>
  );
}
