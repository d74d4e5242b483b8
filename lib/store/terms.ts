import "server-only";
import { pool } from "@/lib/db";
import { namedStatement } from "@/lib/db/named-sql";
import { STORE_ROW_SQL, storeOf, type Store, type StoreRow } from "@/lib/store/settings";
import type { DeliveryArea } from "@/lib/store/types";

// What an order is placed under (product.md §9): the shop's settings and pause, and the delivery
// areas, read fresh for every order in one statement on the pool, beside the order's allowance.
// Plain `pg` like the rest of the order path (lib/orders/placement.ts): the shop's busiest read.

const TERMS = namedStatement(
  "store-terms",
  `SELECT ${STORE_ROW_SQL} AS store,
  COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name, 'pins', pins, 'fee', fee, 'minimumOrder', minimum_order,
      'freeDeliveryFrom', free_delivery_from) ORDER BY position, id) FROM delivery_areas), '[]'::json) AS areas`,
);

export type Terms = { store: Store; areas: DeliveryArea[] };

export async function readTerms(now: Date = new Date()): Promise<Terms> {
  const { rows } = await pool().query<{ store: StoreRow | null; areas: DeliveryArea[] }>(TERMS({}));
  return { store: storeOf(rows[0]?.store ?? null, now), areas: rows[0]?.areas ?? [] };
}
