import { Invalid } from "@/lib/errors";
import { sum } from "@/lib/money";
import type { OptionGroup } from "@/lib/menu/types";
import type { OrderLineOption } from "@/lib/orders/types";

// The option rules of one order line (product.md §8), pure: the item's groups as the menu has
// them now and the choice ids the line sent. placement.ts runs them on the rows the order
// statement then checks by version, so a line is priced from exactly the groups it was checked
// against. Every refusal is a 400 naming the field (`items.0.options.1`, `items.0.options`).

export type ResolvedOptions = {
  /** The snapshot order_lines.options keeps, in group then choice order. */
  options: OrderLineOption[];
  /** What the options add to the portion's price, in rupees. */
  extra: number;
};

const choose = (group: OptionGroup) =>
  group.min === group.max
    ? `choose exactly ${group.min} from ${group.name}`
    : group.min > 0
      ? `choose ${group.min} to ${group.max} from ${group.name}`
      : `choose at most ${group.max} from ${group.name}`;

/** The defaults a line without an `options` field gets: each group's default choices that are not sold out. */
function defaultIds(groups: readonly OptionGroup[], field: string, itemName: string): Set<string> {
  const ids = new Set<string>();
  for (const group of groups) {
    const defaults = group.choices.filter((c) => c.default && c.available);
    if (defaults.length < group.min) {
      // Only when an admin sold out a required group's default: the old client cannot choose.
      throw new Invalid(`${field}: ${itemName}'s usual ${group.name} is sold out; ${choose(group)}`, field);
    }
    for (const choice of defaults.slice(0, group.max)) ids.add(choice.id);
  }
  return ids;
}

/** Each sent id must be an available choice of this item (400 naming `field.i` otherwise). */
function checkSent(groups: readonly OptionGroup[], sent: readonly string[], field: string, itemName: string): Set<string> {
  const choices = new Map(groups.flatMap((g) => g.choices.map((c) => [c.id, c] as const)));
  sent.forEach((id, i) => {
    const choice = choices.get(id);
    if (!choice) throw new Invalid(`${field}.${i}: not a choice of ${itemName}`, `${field}.${i}`);
    if (!choice.available) throw new Invalid(`${field}.${i}: ${choice.name} is sold out`, `${field}.${i}`);
  });
  return new Set(sent);
}

/**
 * The options a line gets and what they cost. `sent` undefined (no `options` field): the
 * defaults, so old clients keep working. Sent: exactly those choices, which must satisfy every
 * group's min and max. `field` is the line's options field, e.g. `items.0.options`.
 */
export function resolveLineOptions(
  groups: readonly OptionGroup[],
  sent: readonly string[] | undefined,
  field: string,
  itemName: string,
): ResolvedOptions {
  const chosen = sent === undefined ? defaultIds(groups, field, itemName) : checkSent(groups, sent, field, itemName);
  const options: OrderLineOption[] = [];
  for (const group of groups) {
    const picked = group.choices.filter((c) => chosen.has(c.id));
    if (picked.length < group.min || picked.length > group.max) throw new Invalid(`${field}: ${choose(group)}`, field);
    for (const c of picked) options.push({ id: c.id, group: group.name, name: c.name, price: c.price });
  }
  return { options, extra: sum(options.map((o) => o.price)) };
}
