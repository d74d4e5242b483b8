import type { ApiOrderWithHistory } from "@/lib/orders/types";
import type { Diet } from "@/lib/menu/facts";
import { PAYMENT_METHOD_DISPLAY } from "@/lib/orders/schema";
import { orderNumber } from "@/lib/orders/status";
import { OrderItems } from "@/components/orders/order-items";
import { OrderStatusControl } from "@/components/admin/order-status-control";
import { CancelOpenOrdersButton } from "@/components/admin/cancel-open-orders-button";
import { OrderHistory } from "@/components/orders/order-history";
import { StatusBadge } from "@/components/orders/status-badge";
import { OrderDelayButtons } from "@/components/admin/order-delay-buttons";
import { isDelayable } from "@/lib/orders/delay-rules";
import { promiseWords, slotWords } from "@/lib/store/words";
import { Panel } from "@/components/ui/panel";
import { OrderPayment } from "@/components/admin/payment/order-payment";
import { cancelRefundWords } from "@/components/admin/payment/payment-words";
import { BillLink } from "@/components/orders/bill-link";

function Section({ id, title, children, className = "" }: { id: string; title: string; children: React.ReactNode; className?: string }) {
  return (
    <Panel aria-labelledby={id} className={className}>
      {/* Focusable from script: where focus goes when what had it leaves (a bulk cancel). */}
      <h2 id={id} tabIndex={-1} className="mb-2 text-lg font-bold">
        {title}
      </h2>
      {children}
    </Panel>
  );
}

type Props = {
  order: ApiOrderWithHistory;
  diets?: ReadonlyMap<string, Diet>;
  /** How many open orders the order's customer holds (this one included when it is open). */
  customerOpenOrders: number;
};

/**
 * Everything the kitchen needs about one order (product.md §7), in cards: status, customer (with
 * a way to cancel all of their open orders at once), delivery, lines and money, the payment and
 * its refunds, history.
 */
export function AdminOrderDetails({ order, diets, customerOpenOrders }: Props) {
  const { address } = order;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Section id="order-status" title="Status">
        <p className="mb-3 text-sm">
          Now: <StatusBadge status={order.status} />
        </p>
        {/* Keyed by status so the control offers the new next steps after a change. */}
        <OrderStatusControl
          key={order.status}
          orderId={order.id}
          orderRef={orderNumber(order.id)}
          status={order.status}
          refundOnCancel={cancelRefundWords(order)}
        />
        {/* The promise (product.md §9) and, while it can still be kept, a way to move it. */}
        <p className="mt-3 text-sm" data-testid="order-promise" suppressHydrationWarning>
          <span className="font-semibold">Promise:</span> {promiseWords(order)}
          {order.scheduled && order.promisedBy !== order.deliverySlot.end && (
            <span className="text-stone-600"> (chosen slot {slotWords(order.deliverySlot)})</span>
          )}
        </p>
        {isDelayable(order.status) && (
          <div className="mt-2">
            <OrderDelayButtons orderId={order.id} orderRef={orderNumber(order.id)} />
          </div>
        )}
      </Section>

      <Section id="order-customer" title="Customer">
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="font-semibold">Name</dt>
            <dd data-testid="customer-name">{address.name || "N/A"}</dd>
          </div>
          <div>
            <dt className="font-semibold">E-mail</dt>
            <dd className="break-all">
              <a href={`mailto:${order.user.email}`} className="text-brand-800 underline">
                {order.user.email}
              </a>
              {order.user.name !== address.name && <span className="text-stone-600"> (account: {order.user.name})</span>}
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Phone</dt>
            <dd>
              <a href={`tel:${address.phone}`} className="text-brand-800 underline">
                {address.phone}
              </a>
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Open orders</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <span data-testid="customer-open-orders">{customerOpenOrders}</span>
              <CancelOpenOrdersButton
                userId={order.user.id}
                name={order.user.name}
                count={customerOpenOrders}
                focusAfterId="order-customer"
              />
            </dd>
          </div>
        </dl>
      </Section>

      <Section id="order-lines" title="Items and payment">
        <OrderItems order={order} label="Lines of this order" diets={diets} />
        <p className="mt-3 text-sm">
          <span className="font-semibold">Payment method:</span>{" "}
          <span data-testid="payment-method">{PAYMENT_METHOD_DISPLAY[order.paymentMethod]}</span>
        </p>
        {order.invoice && (
          <p className="mt-1 text-sm">
            <span className="font-semibold">Bill:</span> {order.invoice.number} · <BillLink order={order} />
          </p>
        )}
      </Section>

      <div className="grid h-fit gap-4">
        <Section id="order-payment" title="Payment">
          <OrderPayment order={order} />
        </Section>
        <Section id="order-address" title="Delivery address">
          <address className="text-sm text-stone-800 not-italic">
            {address.name}
            <br />
            {address.street}
            <br />
            {address.city}, {address.state} {address.zip}
          </address>
        </Section>
        <Section id="order-history" title="History">
          <OrderHistory history={order.history} />
        </Section>
      </div>
    </div>
  );
}
