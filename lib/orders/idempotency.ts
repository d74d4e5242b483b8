import "server-only";
import { createHash } from "node:crypto";
import { pool } from "@/lib/db";
import { namedStatement } from "@/lib/db/named-sql";
import { Conflict } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import type { OrderInput } from "@/lib/orders/schema";
import type { ApiOrderWithHistory } from "@/lib/orders/types";
import { findOrderFor } from "@/lib/orders/queries";
import { TERMS_VERSION_SQL } from "@/lib/store/terms";

// The Idempotency-Key of POST /api/orders (product.md §4): a retry with the same key and body
// finds the order the first request placed; the same key with another body is refused.

const KEY_REUSED = "This Idempotency-Key was already used for a different order. Use a new key for a new order.";

/**
 * What makes two requests "the same order": the parsed input, so JSON spacing, key order or the
 * order of a line's choice ids do not matter. A line without options or note hashes as before
 * they existed, so a retry across the upgrade still finds its order.
 */
export function requestHash(input: OrderInput & { buyer?: { gstin: string; legalName: string } | null }): string {
  const canonical = {
    items: input.items.map((i) =>
      i.options === undefined && i.note === undefined
        ? [i.menuItemId, i.portion, i.quantity]
        : [i.menuItemId, i.portion, i.quantity, i.options ? [...i.options].sort() : null, i.note ?? null],
    ),
    address: [input.address.name, input.address.phone, input.address.street, input.address.city, input.address.state, input.address.zip],
    paymentMethod: input.paymentMethod,
    total: input.total ?? null,
    // Left out when absent, as for ASAP below.
    ...(input.buyer && { buyer: [input.buyer.gstin, input.buyer.legalName] }),
    // Left out for ASAP, so a retry across the upgrade still finds its order.
    ...(input.deliverAt !== "asap" && { deliverAt: input.deliverAt.getTime() }),
  };
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

export type Key = { key: string; requestHash: string };

/** The key's row, if any, and the store terms' version, which the order then goes on with (lib/store/terms.ts). */
const EARLIER = namedStatement(
  "order-idempotency-key",
  `SELECT k.request_hash AS "requestHash", k.order_id AS "orderId", ${TERMS_VERSION_SQL} AS "termsVersion"
FROM (SELECT 1) one LEFT JOIN idempotency_keys k ON k.user_id = :userId AND k.key = :key`,
);

export type UnderKey = {
  /** The order an earlier request with this key created. */
  earlier: ApiOrderWithHistory | null;
  /** The store terms' version as the key was looked up (TERMS_VERSION_SQL). */
  termsVersion: string | null;
};

/** The order an earlier request with this key created, and the terms' version, in one statement; 409 when that request's body differed. */
export async function lookUpKey(user: SessionUser, { key, requestHash }: Key): Promise<UnderKey> {
  const { rows } = await pool().query<{ requestHash: string | null; orderId: string | null; termsVersion: string | null }>(
    EARLIER({ userId: user.id, key }),
  );
  const { orderId, termsVersion } = rows[0];
  if (orderId === null) return { earlier: null, termsVersion };
  if (rows[0].requestHash !== requestHash) throw new Conflict(KEY_REUSED, {}, "idempotency_key_reused");
  const earlier = await findOrderFor(user, orderId);
  // The same reply as the first request's, which carried no handover code.
  if (earlier) delete earlier.handoverCode;
  return { earlier, termsVersion };
}

/** The order an earlier request with this key created; 409 when that request's body differed. */
export async function orderUnderKey(user: SessionUser, key: Key): Promise<ApiOrderWithHistory | null> {
  return (await lookUpKey(user, key)).earlier;
}
