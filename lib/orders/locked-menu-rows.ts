import "server-only";
import type { PoolClient } from "pg";
import { namedStatement } from "@/lib/db/named-sql";
import { sqlTimestamp } from "@/lib/db/timestamp";
import type { MenuRow } from "@/lib/orders/pricing";
import type { SlotSpan } from "@/lib/store/rules";

// What an order reads inside its transaction (lib/flows/place-order.ts), in one statement: the
// menu rows it is priced from, locked FOR SHARE first (a change to an item, or to its groups and
// choices, whose triggers touch the item's row, then waits until the order has committed), and
// which of the slots it may take has room. The SQL function order_menu_and_slot (the migration
// of 20261202080000) reads the rows after the lock in a statement of its own, so after a wait it
// sees what it waited for.

const MENU_AND_SLOT = namedStatement(
  "order-menu-and-slot",
  `SELECT menu AS "menu", slot AS "slot" FROM order_menu_and_slot(:ids::text[], :starts::timestamp(3)[], :capacity::int)`,
);

export type MenuAndSlot = {
  /** The rows of the ids asked for, with their option groups and choices in the menu's order. */
  menu: MenuRow[];
  /** The first of the slots asked about that holds fewer than `capacity` orders (not taken yet), or null. */
  slot: SlotSpan | null;
};

/** The menu rows of `ids`, locked FOR SHARE, and the first of `slots` (in order) with room for one more of `capacity` orders. */
export async function lockedMenuRowsAndSlot(client: PoolClient, ids: string[], slots: SlotSpan[], capacity: number): Promise<MenuAndSlot> {
  const { rows } = await client.query<{ menu: MenuRow[]; slot: number | null }>(
    MENU_AND_SLOT({ ids, starts: slots.map((s) => sqlTimestamp(s.start)), capacity }),
  );
  const { menu, slot } = rows[0];
  return { menu, slot: slot === null ? null : slots[slot - 1] };
}
