import Link from "next/link";
import type { RefundToRetry } from "@/lib/orders/dashboard/types";
import { orderNumber } from "@/lib/orders/status";
import { formatRupees } from "@/lib/money";

/**
 * The orders whose refund the gateway turned down, each a link to its page where it is retried
 * (product.md §10: never lost). Nothing at all while there are none.
 */
export function RefundsToRetry({ orders }: { orders: RefundToRetry[] }) {
  if (orders.length === 0) return null;
  return (
    <section aria-labelledby="refunds-to-retry" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      <h2 id="refunds-to-retry" className="font-bold">
        <span aria-hidden="true">⚠ </span>Refunds failed: retry them
      </h2>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {orders.map((o) => (
          <li key={o.orderId}>
            <Link href={`/admin/orders/${o.orderId}`} className="font-semibold underline">
              Order #{orderNumber(o.orderId)}
            </Link>{" "}
            ({formatRupees(o.amount)}
            {o.refunds > 1 ? `, ${o.refunds} refunds` : ""})
          </li>
        ))}
      </ul>
    </section>
  );
}
