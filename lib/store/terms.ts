import "server-only";
import type { Pool } from "pg";
import { pool } from "@/lib/db";
import { namedStatement } from "@/lib/db/named-sql";
import { STORE_ROW_SQL, storeOf, type Store, type StoreRow } from "@/lib/store/settings";
import type { DeliveryArea } from "@/lib/store/types";

// What an order is placed under (product.md §9, §11): the shop's settings and pause, the delivery
// areas and the packaging charge (0 until the business details are saved). Every write to those
// tables bumps one version in its own transaction (the migration of 20261202080000); an order
// reads that version in a statement it sends anyway (its idempotency key's,
// lib/orders/idempotency.ts) and reads the terms themselves only when the version moved since
// this instance last read them. So a pause or new hours saved on any instance hold from the next
// order on, as when the terms were read for every order.

/** The terms' version now, as a SQL expression (a bigint as text: it only has to compare equal). */
export const TERMS_VERSION_SQL = `(SELECT version::text FROM store_terms_version WHERE id = 1)`;

const TERMS = namedStatement(
  "store-terms",
  `SELECT ${TERMS_VERSION_SQL} AS version, ${STORE_ROW_SQL} AS store,
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

type Read = { version: string | null; store: StoreRow | null; areas: DeliveryArea[]; packagingCharge: number };

// Per pool, so a process that moves to another database (tests) never meets the other one's terms.
const lastRead = new WeakMap<Pool, Read>();

/**
 * The terms at `now`, as of `version` (TERMS_VERSION_SQL read by the caller) when given: those
 * read before at that version, else read now. Without a version they are read now.
 */
export async function readTerms(now: Date = new Date(), version?: string | null): Promise<Terms> {
  const db = pool();
  let read = lastRead.get(db);
  if (version === undefined || version === null || read?.version !== version) {
    const { rows } = await db.query<Read>(TERMS({}));
    read = rows[0];
    // The version and the terms come from one snapshot: what is kept is what that version says.
    lastRead.set(db, read);
  }
  // The pause is judged at `now` every time: one whose time has passed is none.
  return { store: storeOf(read.store, now), areas: read.areas, packagingCharge: read.packagingCharge };
}
