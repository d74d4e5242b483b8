import "server-only";
import { namedStatement, rowsIn } from "@/lib/db/named-sql";
import type { Transaction } from "@/lib/db/types";
import { bigintToNumber } from "@/lib/db/bigint";
import { sqlTimestamp } from "@/lib/db/timestamp";
import type { DeliveredRow, LedgerCounts } from "@/lib/riders/ledger-sums";

// What the database counts of a rider's cash (product.md §12): the cash orders they delivered
// (an order's collected_by_id is its rider, set when a cash order is delivered) and the cash they
// handed in. Sums are bigint, sent as text and read exactly (lib/db/bigint.ts).

const OWED_UNTIL = `
  (SELECT coalesce(sum(total), 0)::text FROM orders
   WHERE rider_id = :riderId AND status = 'delivered' AND collected_by_id = :riderId AND paid_at < :end::timestamp(3)) AS "collectedUntil",
  (SELECT coalesce(sum(amount), 0)::text FROM rider_settlements WHERE rider_id = :riderId AND created_at < :end::timestamp(3)) AS "settledUntil"`;

const OWED = namedStatement("riders-owed", `SELECT ${OWED_UNTIL}`);

const DAY = namedStatement(
  "riders-ledger-day",
  `WITH day AS (
  SELECT o.id, o.total, coalesce(o.collected_by_id = :riderId, false) AS cash, c.created_at
  FROM order_status_changes c JOIN orders o ON o.id = c.order_id
  WHERE c.status = 'delivered' AND c.created_at >= :start::timestamp(3) AND c.created_at < :end::timestamp(3) AND o.rider_id = :riderId
)
SELECT
  (SELECT coalesce(json_agg(json_build_object('orderId', id, 'total', total, 'cash', cash) ORDER BY created_at, id), '[]'::json) FROM day) AS deliveries,
  (SELECT coalesce(sum(amount), 0)::text FROM rider_settlements
   WHERE rider_id = :riderId AND created_at >= :start::timestamp(3) AND created_at < :end::timestamp(3)) AS settled,
  ${OWED_UNTIL}`,
);

type Owed = { collectedUntil: string; settledUntil: string };

/** Rupees the rider owes now, in all. */
export async function owedNow(tx: Transaction, riderId: string): Promise<number> {
  const [row] = await rowsIn<Owed>(tx, OWED({ riderId, end: "infinity" }));
  return bigintToNumber(row.collectedUntil) - bigintToNumber(row.settledUntil);
}

/** What one India day [start, end) holds for the rider. */
export async function dayCounts(tx: Transaction, riderId: string, start: Date, end: Date): Promise<LedgerCounts> {
  const [row] = await rowsIn<Owed & { deliveries: DeliveredRow[]; settled: string }>(
    tx,
    DAY({ riderId, start: sqlTimestamp(start), end: sqlTimestamp(end) }),
  );
  return {
    deliveries: row.deliveries,
    settled: bigintToNumber(row.settled),
    collectedUntil: bigintToNumber(row.collectedUntil),
    settledUntil: bigintToNumber(row.settledUntil),
  };
}
