import { formatRupees } from "@/lib/money";

// A line's chosen options and its note for the kitchen (product.md §8), as the cart, checkout,
// order pages, kitchen tickets and admin pages show them. No client code.

type Option = { group: string; name: string; price: number };

/** Options grouped by their group in the order given ("Add-ons: Avocado (+₹50), Feta (+₹40)"). */
function byGroup(options: Option[]): [string, Option[]][] {
  const groups = new Map<string, Option[]>();
  for (const o of options) groups.set(o.group, [...(groups.get(o.group) ?? []), o]);
  return [...groups];
}

const choiceText = (o: Option) => (o.price > 0 ? `${o.name} (+${formatRupees(o.price)})` : o.name);

/** Nothing when the line has neither options nor a note. */
export function LineOptions({ options, note, className = "" }: { options: Option[]; note?: string | null; className?: string }) {
  if (options.length === 0 && !note) return null;
  return (
    <div className={`text-sm text-stone-700 ${className}`} data-testid="line-options">
      {options.length > 0 && (
        <ul className="space-y-0.5">
          {byGroup(options).map(([group, chosen]) => (
            <li key={group}>
              <span className="font-medium">{group}:</span> {chosen.map(choiceText).join(", ")}
            </li>
          ))}
        </ul>
      )}
      {note && (
        <p className="mt-0.5 break-words">
          <span className="font-medium">Note:</span> <q className="italic">{note}</q>
        </p>
      )}
    </div>
  );
}
