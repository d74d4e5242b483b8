import "server-only";
import type { PoolClient } from "pg";
import { namedStatement } from "@/lib/db/named-sql";
import type { MenuRow } from "@/lib/orders/pricing";

// The menu rows an order is priced from, read inside the order's transaction (lib/flows/place-order.ts).

/**
 * Locks the menu rows of `ids` FOR SHARE: a change to an item, or to its groups and choices
 * (whose triggers touch the item's row), then waits for this transaction. Its own statement:
 * a statement that waited for a lock still reads the other tables as they were before it waited.
 */
const LOCK_MENU_ROWS = namedStatement(
  "order-lock-menu-rows",
  `SELECT 1 FROM menu_items WHERE id = ANY(:ids::text[]) ORDER BY id FOR SHARE`,
);

/** Those rows as they are now, with their option groups and choices in the menu's order. */
const MENU_ROWS = namedStatement(
  "order-menu-rows",
  `SELECT m.id, m.name, m.price_small AS "priceSmall", m.price_medium AS "priceMedium", m.price_large AS "priceLarge", m.available,
  COALESCE((SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'min', g.min_choices, 'max', g.max_choices,
      'choices', COALESCE((SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'price', c.price,
        'available', c.available, 'default', c.is_default) ORDER BY c.position, c.id)
        FROM menu_option_choices c WHERE c.group_id = g.id), '[]'::json)) ORDER BY g.position, g.id)
    FROM menu_option_groups g WHERE g.menu_item_id = m.id), '[]'::json) AS "optionGroups"
FROM menu_items m WHERE m.id = ANY(:ids::text[])`,
);

/** The menu rows of `ids`, locked FOR SHARE first: two statements, sent together. */
export async function lockedMenuRows(client: PoolClient, ids: string[]): Promise<MenuRow[]> {
  const [, { rows }] = await Promise.all([client.query(LOCK_MENU_ROWS({ ids })), client.query<MenuRow>(MENU_ROWS({ ids }))]);
  return rows;
}
