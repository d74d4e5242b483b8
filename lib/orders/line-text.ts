import { formatRupees } from "@/lib/money";
import type { OrderLineOption } from "@/lib/orders/types";

// How a line's chosen options read in words, for the mails, the admin's order page and the
// kitchen's tickets (client-safe: no I/O). Each choice is named under its group, because a
// choice's name alone can mislead: "Onion" under "Leave out" means no onion.

/**
 * "Dressing: Lemon tahini; Add-ons: Feta (+₹40), Olives (+₹30)" in the order the line keeps
 * them (group then choice); with `prices`, a choice that costs extra shows what it costs.
 */
export function lineOptionsText(options: readonly OrderLineOption[], { prices = false }: { prices?: boolean } = {}): string {
  const groups = new Map<string, string[]>();
  for (const option of options) {
    const name = prices && option.price > 0 ? `${option.name} (+${formatRupees(option.price)})` : option.name;
    groups.set(option.group, [...(groups.get(option.group) ?? []), name]);
  }
  return [...groups].map(([group, names]) => `${group}: ${names.join(", ")}`).join("; ");
}
