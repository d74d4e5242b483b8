import { Invalid } from "@/lib/errors";
import { lineTotal, sum } from "@/lib/money";
import type { PortionKey } from "@/lib/portions";
import type { OrderItemInput } from "@/lib/orders/schema";
import type { OrderLineOption } from "@/lib/orders/types";
import type { OptionGroup } from "@/lib/menu/types";
import { resolveLineOptions } from "@/lib/orders/line-options";

// Pricing an order from the menu as the database has it now. Pure: placement.ts reads the
// rows inside the order's transaction and hands them here. Client prices are never looked at.

export type MenuRow = {
  id: string;
  name: string;
  priceSmall: number;
  priceMedium: number;
  priceLarge: number;
  available: boolean;
  optionGroups: OptionGroup[];
};

export type PricedLine = {
  menuItemId: string;
  name: string;
  portion: PortionKey;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  position: number;
  options: OrderLineOption[];
  note: string | null;
};

export type Totals = { subtotal: number; discount: number; deliveryFee: number; packagingCharge: number; total: number };

export function unitPriceFor(item: Pick<MenuRow, "priceSmall" | "priceMedium" | "priceLarge">, portion: PortionKey): number {
  switch (portion) {
    case "small":
      return item.priceSmall;
    case "medium":
      return item.priceMedium;
    case "large":
      return item.priceLarge;
  }
}

/** What makes two lines the same bowl: item, portion, the options it gets and the note. */
type LineKey = Pick<PricedLine, "menuItemId" | "portion" | "note"> & { options: Pick<OrderLineOption, "id">[] };

const sameBowl = (line: LineKey) => JSON.stringify([line.menuItemId, line.portion, line.options.map((o) => o.id), line.note]);

/**
 * The same bowl (item, portion, options and note) on two lines is refused rather than merged:
 * the cart never sends that (it merges such lines), so it means a confused client, and merging
 * could silently push a line past the per-line quantity cap. The same item and portion made
 * two ways (other options or another note) are two lines.
 */
export function assertNoDuplicateLines(lines: LineKey[]): void {
  const seen = new Map<string, number>();
  lines.forEach((line, i) => {
    const key = sameBowl(line);
    const first = seen.get(key);
    if (first !== undefined) {
      throw new Invalid(
        `items.${i}: the same item and portion, with the same options and note, is already on line items.${first}; send one line with the total quantity`,
        `items.${i}`,
      );
    }
    seen.set(key, i);
  });
}

/**
 * Prices each requested line: the portion's price plus its options' (line-options.ts), times
 * the quantity; 400 naming the line for unknown or sold-out items and broken option rules.
 */
export function priceLines(items: OrderItemInput[], menu: ReadonlyMap<string, MenuRow>): PricedLine[] {
  const lines = items.map((item, i) => {
    const row = menu.get(item.menuItemId);
    if (!row) throw new Invalid(`items.${i}: this item is not on the menu any more`, `items.${i}`);
    if (!row.available) throw new Invalid(`items.${i}: ${row.name} is sold out`, `items.${i}`);
    const { options, extra } = resolveLineOptions(row.optionGroups, item.options, `items.${i}.options`, row.name);
    const unitPrice = sum([unitPriceFor(row, item.portion), extra]);
    return {
      menuItemId: row.id,
      name: row.name,
      portion: item.portion,
      unitPrice,
      quantity: item.quantity,
      lineTotal: lineTotal(unitPrice, item.quantity),
      position: i,
      options,
      note: item.note ?? null,
    };
  });
  assertNoDuplicateLines(lines);
  return lines;
}

/** What the lines cost together, before delivery. */
export function subtotalOf(lines: Pick<PricedLine, "lineTotal">[]): number {
  return sum(lines.map((l) => l.lineTotal));
}

/**
 * The order's amounts (product.md §4, §13): total = subtotal − discount + delivery fee + packaging,
 * nothing added later. The discount (a coupon's, never more than the subtotal) is decided by the caller.
 */
export function orderTotals(lines: Pick<PricedLine, "lineTotal">[], deliveryFee: number, packagingCharge: number, discount = 0): Totals {
  const subtotal = subtotalOf(lines);
  return { subtotal, discount, deliveryFee, packagingCharge, total: sum([subtotal, deliveryFee, packagingCharge]) - discount };
}
