import type { ApiOrder } from "@/lib/orders/types";
import type { Diet } from "@/lib/menu/facts";
import { PAYMENT_METHOD_DISPLAY } from "@/lib/orders/schema";
import { OrderItems } from "@/components/orders/order-items";
import { PostalAddress } from "@/components/orders/postal-address";
import { PaymentLine } from "@/components/orders/payment-line";
import { Panel } from "@/components/ui/panel";
import { BillLink } from "@/components/orders/bill-link";

/** What was ordered (with each line's diet mark from `diets`), the totals, how it is paid and where it goes. */
export function OrderDetails({ order, diets }: { order: ApiOrder; diets?: ReadonlyMap<string, Diet> }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Panel aria-labelledby={`items-${order.id}`}>
        <h2 id={`items-${order.id}`} className="mb-2 text-lg font-bold">
          Your items
        </h2>
        <OrderItems order={order} label="Items in this order" diets={diets} />
      </Panel>
      <Panel aria-labelledby={`delivery-${order.id}`} className="h-fit">
        <h2 id={`delivery-${order.id}`} className="mb-2 text-lg font-bold">
          Delivery and payment
        </h2>
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="font-semibold">Payment method</dt>
            <dd data-testid="payment-method">{PAYMENT_METHOD_DISPLAY[order.paymentMethod]}</dd>
          </div>
          <div>
            <dt className="font-semibold">Payment</dt>
            <dd>
              <PaymentLine order={order} />
            </dd>
          </div>
          {order.invoice && (
            <div>
              <dt className="font-semibold">Bill</dt>
              <dd>
                {order.invoice.number} · <BillLink order={order} />
              </dd>
            </div>
          )}
          <div>
            <dt className="font-semibold">Delivering to</dt>
            <dd>
              <PostalAddress address={order.address} />
            </dd>
          </div>
        </dl>
      </Panel>
    </div>
  );
}
