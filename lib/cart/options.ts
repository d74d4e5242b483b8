import type { CartItemInput, CartLineOption } from "@/lib/cart/types";
import type { MenuItemView, OptionGroup } from "@/lib/menu/types";
import type { PortionKey } from "@/lib/portions";

// The chooser's rules (product.md §8), as pure functions over the item's option groups and the
// set of chosen choice ids. The server checks them again on every order.

/** What the chooser starts with: every group's default choices (a required group always has them). */
export function defaultSelection(groups: OptionGroup[]): Set<string> {
  return new Set(groups.flatMap((g) => g.choices.filter((c) => c.default && c.available).map((c) => c.id)));
}

/** How many of the group's choices are chosen. */
export const chosenIn = (group: OptionGroup, selected: ReadonlySet<string>) => group.choices.filter((c) => selected.has(c.id)).length;

/**
 * The selection after the customer (un)checks a choice: in a group of at most 1 (radios) the
 * choice replaces the group's other one; in a larger group a choice beyond its max is refused
 * (the selection comes back unchanged), and a sold-out choice is never added.
 */
export function toggleChoice(selected: ReadonlySet<string>, group: OptionGroup, choiceId: string, on: boolean): Set<string> {
  const next = new Set(selected);
  const choice = group.choices.find((c) => c.id === choiceId);
  if (!choice) return next;
  if (!on) {
    next.delete(choiceId);
    return next;
  }
  if (!choice.available) return next;
  if (group.max === 1) group.choices.forEach((c) => next.delete(c.id));
  else if (chosenIn(group, selected) >= group.max) return next;
  next.add(choiceId);
  return next;
}

/** The chosen options as the cart line keeps them, in the menu's group and choice order. */
export function chosenOptions(groups: OptionGroup[], selected: ReadonlySet<string>): CartLineOption[] {
  return groups.flatMap((g) =>
    g.choices.filter((c) => selected.has(c.id)).map((c) => ({ id: c.id, group: g.name, name: c.name, price: c.price })),
  );
}

/** The line's unit price: the portion's price plus every chosen choice's, in whole rupees. */
export function unitPriceOf(portionPrice: number, groups: OptionGroup[], selected: ReadonlySet<string>): number {
  return chosenOptions(groups, selected).reduce((sum, o) => sum + o.price, portionPrice);
}

/** The groups whose count is outside their min and max (a required group left empty), by name. */
export function unmetGroups(groups: OptionGroup[], selected: ReadonlySet<string>): string[] {
  return groups.filter((g) => chosenIn(g, selected) < g.min || chosenIn(g, selected) > g.max).map((g) => g.name);
}

/**
 * The cart line the chooser adds. The item's defaults with no note are the plain line that the
 * card's "Add to Cart" adds too (so they merge); anything else carries its choices and note.
 */
export function chosenLine(
  item: Pick<MenuItemView, "id" | "name" | "image" | "prices" | "diet" | "optionGroups">,
  portion: PortionKey,
  selected: ReadonlySet<string>,
  note: string,
): CartItemInput {
  const groups = item.optionGroups;
  const defaults = defaultSelection(groups);
  const text = note.trim();
  const isDefault = text === "" && defaults.size === selected.size && [...selected].every((id) => defaults.has(id));
  return {
    id: item.id,
    name: item.name,
    image: item.image,
    portion,
    diet: item.diet,
    price: unitPriceOf(item.prices[portion], groups, selected),
    options: isDefault ? null : chosenOptions(groups, selected),
    note: isDefault ? "" : text,
  };
}
