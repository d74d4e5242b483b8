import "server-only";
import { env } from "@/lib/env";
import { Invalid } from "@/lib/errors";
import { formatRupees } from "@/lib/money";

// What an order paid online may be worth (issue 32, L3). A card or UPI payment is settled before
// anyone at the kitchen sees the order, so a stolen card, or a quantity typed as 500, would be a
// large charge and a larger refund; above the cap the customer pays at the door, or phones.

/** What placing an order paid online checks (lib/flows/place-order.ts), from one place. */
export { holdUnpaidPlace, UNPAID_RACE_CODES } from "@/lib/payments/unpaid-holds";

/**
 * `totals` as they are, or 400 `online_order_too_large` (field `total`) when the order is paid
 * online (`payOnline`) and its total is above ONLINE_ORDER_MAX rupees.
 */
export function withinOnlineCap<T extends { total: number }>(payOnline: boolean, totals: T): T {
  const max = env().ONLINE_ORDER_MAX;
  const { total } = totals;
  if (!payOnline || total <= max) return totals;
  throw new Invalid(
    `Orders paid online can be at most ${formatRupees(max)}; this one is ${formatRupees(total)}. Please remove some items or choose Cash on Delivery.`,
    "total",
    "online_order_too_large",
  );
}
