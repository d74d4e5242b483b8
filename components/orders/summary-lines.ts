import type { Diet } from "@/lib/menu/facts";
import type { ApiOrderLine } from "@/lib/orders/types";
import type { SummaryLine } from "@/components/checkout/order-lines";

/**
 * An order's lines as <OrderLines> shows them, for the customer's and the admin's order pages.
 * `diets` (the menu's, by item id: lib/menu/diets.ts) gives each line its diet mark; a line whose
 * item has left the menu has none.
 */
export function summaryLinesOf(items: ApiOrderLine[], diets?: ReadonlyMap<string, Diet>): SummaryLine[] {
  return items.map((line, i) => ({
    key: String(i),
    name: line.name,
    portion: line.portion,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    lineTotal: line.lineTotal,
    options: line.options,
    note: line.note,
    diet: line.menuItemId ? diets?.get(line.menuItemId) : undefined,
  }));
}
