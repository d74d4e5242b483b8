import Link from "next/link";
import type { ApiOrder } from "@/lib/orders/types";
import { formatKolkataDateTime, orderNumber } from "@/lib/orders/status";
import { formatRupees } from "@/lib/money";
import { PORTIONS } from "@/lib/portions";
import { StatusBadge } from "@/components/orders/status-badge";
import { OrderStatusControl } from "@/components/admin/order-status-control";

const PORTION_NAMES = Object.fromEntries(PORTIONS.map((p) => [p.key, p.label]));

function itemsOf(order: ApiOrder): string {
  return order.items.map((i) => `${i.quantity} × ${i.name} (${PORTION_NAMES[i.portion]})`).join(", ");
}

const th = "px-3 py-2 text-left text-xs font-bold uppercase tracking-wide text-stone-600";
const td = "px-3 py-3 align-top text-sm";

/** Every order in a table that scrolls sideways inside its own box on narrow screens. */
export function OrdersTable({ orders, caption }: { orders: ApiOrder[]; caption: string }) {
  return (
    <div
      role="region"
      aria-labelledby="orders-caption"
      tabIndex={0}
      className="relative overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm"
    >
      <table className="w-full min-w-[60rem] border-collapse">
        <caption id="orders-caption" className="px-3 py-2 text-left text-sm text-stone-700">
          {caption}
        </caption>
        <thead className="border-b border-stone-200 bg-stone-50">
          <tr>
            <th scope="col" className={th}>
              Order
            </th>
            <th scope="col" className={th}>
              Customer
            </th>
            <th scope="col" className={th}>
              Items
            </th>
            <th scope="col" className={th}>
              Total
            </th>
            <th scope="col" className={th}>
              Payment method
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Date
            </th>
            <th scope="col" className={th}>
              Change
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {orders.map((order) => {
            const ref = orderNumber(order.id);
            return (
              <tr key={order.id} data-order-id={order.id}>
                <td className={td}>
                  <Link href={`/orders/${order.id}`} className="font-semibold text-brand-800 underline">
                    #{ref}
                  </Link>
                </td>
                <th scope="row" className={`${td} text-left font-semibold`}>
                  {order.address.name || "N/A"}
                  <span className="block text-xs font-normal text-stone-600">{order.user.email}</span>
                </th>
                <td className={`${td} max-w-xs min-w-56`}>{itemsOf(order)}</td>
                <td className={`${td} font-semibold whitespace-nowrap`}>{formatRupees(order.total)}</td>
                <td className={td}>{order.paymentMethod}</td>
                <td className={td}>
                  <StatusBadge status={order.status} />
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  <time dateTime={order.createdAt}>{formatKolkataDateTime(order.createdAt)}</time>
                </td>
                <td className={td}>
                  {/* Keyed by status so the control starts from the new choices after a change. */}
                  <OrderStatusControl key={`${order.id}-${order.status}`} orderId={order.id} orderRef={ref} status={order.status} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
