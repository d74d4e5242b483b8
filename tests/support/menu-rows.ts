import type { MenuRow } from "@/lib/orders/pricing";

// Menu rows as the order code reads them (lib/orders/pricing.ts), for unit tests of pricing.

/** An item on sale with no option groups unless `more` says otherwise; prices Small, Medium, Large. */
export function menuRow(
  id: string,
  name: string,
  [priceSmall, priceMedium, priceLarge]: [number, number, number],
  more: Partial<MenuRow> = {},
): MenuRow {
  return { id, name, priceSmall, priceMedium, priceLarge, available: true, optionGroups: [], ...more };
}

/** The menu as pricing looks items up: by id. */
export const menuOf = (...rows: MenuRow[]) => new Map(rows.map((row) => [row.id, row]));
