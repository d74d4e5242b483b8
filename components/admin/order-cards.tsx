import Link from "next/link";
import type { ApiOrder } from "@/lib/orders/types";
import { orderNumber } from "@/lib/orders/status";
import { formatIndiaDateTime } from "@/lib/time";
import { formatRupees } from "@/lib/money";
import { StatusBadge } from "@/components/orders/status-badge";
import { PaymentCell } from "@/components/admin/payment/payment-cell";
import { itemsOf, OrderChange } from "@/components/admin/orders-table";
import { Panel } from "@/components/ui/panel";

/**
 * The orders table's rows as cards on a phone (below sm): the same facts and controls, no
 * sideways scrolling. Articles in a labelled section rather than list items: React may stream a
 * long list's cards one by one, each in a container of its own until it is put in place, and a
 * list item is only valid HTML inside its list.
 */
export function OrderCards({ orders, caption }: { orders: ApiOrder[]; caption: string }) {
  return (
    <section aria-label={caption} className="space-y-3 sm:hidden">
      {orders.map((order) => {
        const ref = orderNumber(order.id);
        return (
          <Panel as="article" key={order.id} data-order-id={order.id}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-bold">
                <Link href={`/admin/orders/${order.id}`} className="text-brand-800 underline">
                  Order #{ref}
                </Link>
              </h2>
              <StatusBadge status={order.status} />
            </div>
            <p className="mt-1 text-sm font-semibold">
              {order.address.name || "N/A"}
              <span className="block text-xs font-normal break-all text-stone-600">{order.user.email}</span>
            </p>
            <p className="mt-2 text-sm text-stone-800">{itemsOf(order)}</p>
            <p className="mt-2 flex flex-wrap justify-between gap-x-3 text-sm">
              <span className="font-semibold">{formatRupees(order.total)}</span>
              <PaymentCell payment={order.payment} />
              <time dateTime={order.createdAt} className="text-stone-600">
                {formatIndiaDateTime(order.createdAt)}
              </time>
            </p>
            <div className="mt-3 border-t border-stone-100 pt-3">
              <OrderChange order={order} />
            </div>
          </Panel>
        );
      })}
    </section>
  );
}
