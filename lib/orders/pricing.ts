import { Invalid } from "@/lib/errors";
import { lineTotal, sum } from "@/lib/money";
import type { PortionKey } from "@/lib/portions";
import type { OrderItemInput } from "@/lib/orders/schema";
import type { OrderLineOption } from "@/lib/orders/types";

// Pricing an order from the menu as the database has it now. Pure: placement.ts reads the
// rows in the same round trip as the caller's session and hands them here. Client prices are never looked at.

export type MenuRow = {
  id: string;
  name: string;
  priceSmall: number;
  priceMedium: number;
  priceLarge: number;
  available: boolean;
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

export type Totals = { subtotal: number; deliveryFee: number; total: number };

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

/**
 * The same item and portion on two lines is refused rather than merged: the cart never sends
 * that (its cartId is unique), so it means a confused client, and merging could silently push
 * a line past the per-line quantity cap.
 */
export function assertNoDuplicateLines(items: Pick<OrderItemInput, "menuItemId" | "portion">[]): void {
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const key = `${item.menuItemId}-${item.portion}`;
    const first = seen.get(key);
    if (first !== undefined) {
      throw new Invalid(
        `items.${i}: the same item and portion is already on line items.${first}; send one line with the total quantity`,
        `items.${i}`,
      );
    }
    seen.set(key, i);
  });
}

/** Prices each requested line; 400 naming the line for unknown or sold-out items. */
export function priceLines(items: OrderItemInput[], menu: ReadonlyMap<string, MenuRow>): PricedLine[] {
  assertNoDuplicateLines(items);
  return items.map((item, i) => {
    const row = menu.get(item.menuItemId);
    if (!row) throw new Invalid(`items.${i}: this item is not on the menu any more`, `items.${i}`);
    if (!row.available) throw new Invalid(`items.${i}: ${row.name} is sold out`, `items.${i}`);
    const unitPrice = unitPriceFor(row, item.portion);
    return {
      menuItemId: row.id,
      name: row.name,
      portion: item.portion,
      unitPrice,
      quantity: item.quantity,
      lineTotal: lineTotal(unitPrice, item.quantity),
      position: i,
      options: [],
      note: null,
    };
  });
}

export function orderTotals(lines: Pick<PricedLine, "lineTotal">[], deliveryFee: number): Totals {
  const subtotal = sum(lines.map((l) => l.lineTotal));
  return { subtotal, deliveryFee, total: sum([subtotal, deliveryFee]) };
}
