import type { RiderLedger } from "@/lib/riders/types";
import { orderNumber } from "@/lib/orders/status";

// A rider's cash-up for one India day (product.md §12), from what the database counted: pure, so
// its sums are tested without a database (tests/unit/riders-ledger.test.ts).

/** A delivery the rider made that day: its total, and whether the rider took it in cash. */
export type DeliveredRow = { orderId: string; total: number; cash: boolean };

export type LedgerCounts = {
  deliveries: DeliveredRow[];
  /** Rupees handed in that day. */
  settled: number;
  /** Rupees collected and handed in from the first day to the end of this one. */
  collectedUntil: number;
  settledUntil: number;
};

/** The day's ledger: every delivery (cash 0 for one paid online), the cash taken and handed in, and what is owed at the day's end. */
export function ledgerOf(date: string, counts: LedgerCounts): RiderLedger {
  const deliveries = counts.deliveries.map((d) => ({ orderId: d.orderId, code: orderNumber(d.orderId), cash: d.cash ? d.total : 0 }));
  return {
    date,
    collected: deliveries.reduce((sum, d) => sum + d.cash, 0),
    settled: counts.settled,
    owed: counts.collectedUntil - counts.settledUntil,
    deliveries,
  };
}
