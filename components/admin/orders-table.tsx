import Link from "next/link";
import type { ApiOrder } from "@/lib/orders/types";
import { orderNumber } from "@/lib/orders/status";
import { formatIndiaDateTime } from "@/lib/time";
import { formatRupees } from "@/lib/money";
import { PORTIONS } from "@/lib/portions";
import { StatusBadge } from "@/components/orders/status-badge";
import { OrderStatusControl } from "@/components/admin/order-status-control";
import { PaymentCell } from "@/components/admin/payment/payment-cell";
import { cancelRefundWords } from "@/components/admin/payment/payment-words";
import { Cell, RowHeader, Table } from "@/components/ui/table";

const PORTION_NAMES = Object.fromEntries(PORTIONS.map((p) => [p.key, p.label]));

/** "2 × Grilled Chicken Caesar (Medium 350g), …": an order's lines in one line of text. */
export function itemsOf(order: ApiOrder): string {
  return order.items.map((i) => `${i.quantity} × ${i.name} (${PORTION_NAMES[i.portion]})`).join(", ");
}

/** The order's status control, for a row and a card; keyed by status so it starts from the new choices after a change. */
export function OrderChange({ order }: { order: ApiOrder }) {
  return (
    <OrderStatusControl
      key={`${order.id}-${order.status}`}
      orderId={order.id}
      orderRef={orderNumber(order.id)}
      status={order.status}
      refundOnCancel={cancelRefundWords(order)}
    />
  );
}

/**
 * Every order in a table, from sm up (below it the same orders are cards: OrderCards, so a phone
 * never scrolls sideways); the table still scrolls inside its own box between sm and its width.
 */
export function OrdersTable({ orders, caption }: { orders: ApiOrder[]; caption: string }) {
  return (
    <div className="hidden sm:block">
      <Table
        id="orders"
        caption={caption}
        columns={["Order", "Customer", "Items", "Total", "Payment", "Status", "Date", "Change"]}
        minWidth="min-w-[60rem]"
      >
        {orders.map((order) => {
          const ref = orderNumber(order.id);
          return (
            <tr key={order.id} data-order-id={order.id}>
              <Cell>
                {/* Named in full for a list of links; a hidden word before the number would split the link's box. */}
                <Link href={`/admin/orders/${order.id}`} aria-label={`Order #${ref}`} className="font-semibold text-brand-800 underline">
                  #{ref}
                </Link>
              </Cell>
              <RowHeader>
                {order.address.name || "N/A"}
                <span className="block text-xs font-normal text-stone-600">{order.user.email}</span>
              </RowHeader>
              <Cell className="max-w-xs min-w-56">{itemsOf(order)}</Cell>
              <Cell className="font-semibold whitespace-nowrap">{formatRupees(order.total)}</Cell>
              <Cell>
                <PaymentCell payment={order.payment} />
              </Cell>
              <Cell>
                <StatusBadge status={order.status} />
              </Cell>
              <Cell className="whitespace-nowrap">
                <time dateTime={order.createdAt}>{formatIndiaDateTime(order.createdAt)}</time>
              </Cell>
              <Cell>
                <OrderChange order={order} />
              </Cell>
            </tr>
          );
        })}
      </Table>
    </div>
  );
}
