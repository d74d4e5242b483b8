import type { ApiOrder } from "@/lib/orders/types";
import type { Diet } from "@/lib/menu/facts";
import { Totals } from "@/components/cart/totals";
import { OrderLines } from "@/components/checkout/order-lines";
import { summaryLinesOf } from "@/components/orders/summary-lines";

/** An order's lines (each with its diet mark from `diets`) and its totals, as the customer's and the admin's order pages show them. */
export function OrderItems({ order, label, diets }: { order: ApiOrder; label: string; diets?: ReadonlyMap<string, Diet> }) {
  return (
    <>
      <OrderLines label={label} lines={summaryLinesOf(order.items, diets)} />
      <div className="mt-3">
        <Totals
          subtotal={order.subtotal}
          packaging={order.packagingCharge}
          discount={order.coupon && { amount: order.discount, code: order.coupon.code }}
          deliveryFee={order.deliveryFee}
          total={order.total}
        />
      </div>
    </>
  );
}
