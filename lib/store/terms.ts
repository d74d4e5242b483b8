import "server-only";
import { pool } from "@/lib/db";
import { namedStatement } from "@/lib/db/named-sql";
import { STORE_ROW_SQL, storeOf, type Store, type StoreRow } from "@/lib/store/settings";
import type { DeliveryArea } from "@/lib/store/types";

// What an order is placed under (product.md §9, §11): the shop's settings and pause, the delivery
// areas and the packaging charge (0 until the business details are saved), read fresh for every
// order in one statement on the pool, beside the order's allowance.
// Plain `pg` like the rest of the order path (lib/orders/placement.ts): the shop's busiest read.

const TERMS = namedStatement(
  "store-terms",
  `SELECT ${STORE_ROW_SQL} AS store,
  COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name, 'pins', pins, 'fee', fee, 'minimumOrder', minimum_order,
      'freeDeliveryFrom', free_delivery_from) ORDER BY position, id) FROM delivery_areas), '[]'::json) AS areas,
  COALESCE((SELECT packaging_charge FROM business_details WHERE id = 1), 0) AS "packagingCharge"`,
);

export type Terms = {
  store: Store;
  areas: DeliveryArea[];
  /** Whole rupees added to every order for its packaging. */
  packagingCharge: number;
};

export async function readTerms(now: Date = new Date()): Promise<Terms> {
  const { rows } = await pool().query<{ store: StoreRow | null; areas: DeliveryArea[]; packagingCharge: number }>(TERMS({}));
  return { store: storeOf(rows[0]?.store ?? null, now), areas: rows[0]?.areas ?? [], packagingCharge: rows[0]?.packagingCharge ?? 0 };
}
