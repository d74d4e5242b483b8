import { Invalid } from "@/lib/errors";
import { cartIdOf, customCartIdOf, mergeLines } from "@/lib/cart/lines";
import { defaultSelection } from "@/lib/cart/options";
import type { CartLine } from "@/lib/cart/types";
import type { MenuItemView } from "@/lib/menu/types";
import type { ApiOrderLine } from "@/lib/orders/types";
import { resolveLineOptions } from "@/lib/orders/line-options";
import type { ReorderReply, SkippedLine } from "@/lib/reorder/types";

// "Order again" (product.md §13), pure: an earlier order's lines against the menu as it is now.
// Each line comes back as the cart line the shop would make of it today (today's name, image and
// prices; the same portion, quantity, choices and note), or is left out with the reason. A line
// is checked with the order API's own option rules, so whatever goes into the cart can be ordered.

type PastLine = Pick<ApiOrderLine, "menuItemId" | "name" | "portion" | "quantity" | "note"> & { options: { id: string }[] };

const sameSet = (a: readonly string[], b: ReadonlySet<string>) => a.length === b.size && a.every((id) => b.has(id));

function lineAgain(line: PastLine, item: MenuItemView | undefined): CartLine | SkippedLine {
  if (!item) return { name: line.name, reason: "removed" };
  if (!item.available) return { name: item.name, reason: "sold_out" };
  const ids = line.options.map((o) => o.id);
  const note = line.note ?? "";
  // The item's usual bowl with no note is the plain line "Add to Cart" makes, so the two merge.
  const plain = note === "" && sameSet(ids, defaultSelection(item.optionGroups));
  let resolved;
  try {
    resolved = resolveLineOptions(item.optionGroups, plain ? undefined : ids, "options", item.name);
  } catch (error) {
    if (error instanceof Invalid) return { name: item.name, reason: "option_unavailable" };
    throw error;
  }
  return {
    cartId: plain ? cartIdOf(item.id, line.portion) : customCartIdOf(item.id, line.portion, ids, note),
    id: item.id,
    name: item.name,
    image: item.image,
    portion: line.portion,
    price: item.prices[line.portion] + resolved.extra,
    quantity: line.quantity,
    options: plain ? [] : resolved.options,
    note: plain ? "" : note,
    diet: item.diet,
  };
}

/** The order's lines as cart lines today, in the order's order, and the lines left out. */
export function reorderLines(lines: readonly PastLine[], menu: ReadonlyMap<string, MenuItemView>): ReorderReply {
  const again: CartLine[] = [];
  const skipped: SkippedLine[] = [];
  for (const line of lines) {
    const result = lineAgain(line, line.menuItemId ? menu.get(line.menuItemId) : undefined);
    if ("cartId" in result) again.push(result);
    else skipped.push(result);
  }
  // Two lines of one order never share a cartId today, but an admin's change of defaults could make them.
  return { lines: mergeLines([], again), skipped };
}
