import "server-only";
import { looksLikeRowId } from "@/lib/db/schema";
import { namedStatement, rowsIn } from "@/lib/db/named-sql";
import type { Transaction } from "@/lib/db/types";
import { Forbidden, NotFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { ORDER_NOT_FOUND } from "@/lib/orders/rows";
import type { DispatchOrder } from "@/lib/riders/dispatch";

// The order a dispatch step works on, its row locked for the rest of the transaction: two
// handovers (or a handover and an admin's move) on one order take turns, and the second sees what
// the first did.

const LOCK_ORDER = namedStatement(
  "riders-lock-order",
  `SELECT id, user_id AS "userId", status, rider_id AS "riderId", handover_code AS "handoverCode",
          handover_attempts AS "handoverAttempts"
   FROM orders WHERE id = :id FOR UPDATE`,
);

type LockedRow = DispatchOrder & { userId: string };

const NOT_YOUR_DELIVERY = "Only the order's rider or an admin can do that.";

/**
 * The order, locked, when `viewer` is an admin or the rider it is assigned to. Its customer (who
 * may read it) is refused (403); anyone else is told it does not exist (404).
 */
export async function lockOrderForDispatch(tx: Transaction, viewer: SessionUser, id: string): Promise<DispatchOrder> {
  if (!looksLikeRowId(id)) throw new NotFound(ORDER_NOT_FOUND);
  const [row] = await rowsIn<LockedRow>(tx, LOCK_ORDER({ id }));
  if (!row) throw new NotFound(ORDER_NOT_FOUND);
  const carries = viewer.role === "rider" && row.riderId === viewer.id;
  if (viewer.role === "admin" || carries) return row;
  if (row.userId === viewer.id) throw new Forbidden(NOT_YOUR_DELIVERY);
  throw new NotFound(ORDER_NOT_FOUND);
}
