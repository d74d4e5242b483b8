import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/auth/session";
import { findOrderFor } from "@/lib/orders/queries";
import { orderNumber } from "@/lib/orders/status";
import type { ApiOrder } from "@/lib/orders/types";
import { formatIndiaDateTime } from "@/lib/time";
import { buttonClass } from "@/components/ui/button";
import { OrderDetails } from "@/components/orders/order-details";
import { OrderMissing } from "@/components/orders/order-missing";
import { StatusBadge } from "@/components/orders/status-badge";
import { OrderPromise } from "@/components/orders/order-promise";
import { dietsByItem } from "@/lib/menu/diets";
import { PayForOrder } from "@/components/checkout/pay-for-order";
import { paymentOptions } from "@/components/checkout/payment-options";
import { payDeadline } from "@/components/checkout/payment-terms";

// Per visitor (the session, the address's token or query): rendered for each request, not prerendered.
export const instant = false;

export const metadata: Metadata = { title: "Thank you for your order", robots: { index: false, follow: false } };

/** "Order #AB12CD34, placed (or started) at its India date and time. Status: its badge". */
function OrderFacts({ order, when }: { order: Pick<ApiOrder, "id" | "createdAt" | "status">; when: "started" | "placed" }) {
  return (
    <p className="mt-2 text-stone-800">
      Order <strong>#{orderNumber(order.id)}</strong>
      {`, ${when} `}
      {formatIndiaDateTime(order.createdAt)}.{" "}
      <span className="whitespace-nowrap">
        Status: <StatusBadge status={order.status} />
      </span>
    </p>
  );
}

export default async function OrderSuccessPage({ searchParams }: PageProps<"/order-success">) {
  const raw = (await searchParams).id;
  const id = Array.isArray(raw) ? raw[0] : raw;
  const user = await requirePageUser(id ? `/order-success?id=${encodeURIComponent(id)}` : "/order-success");
  // Read from the server, so a reload (or a link from elsewhere) shows the same order.
  const order = id ? await findOrderFor(user, id) : null;

  if (!order) {
    return <OrderMissing title="Order" message="No order details found." />;
  }
  if (order.status === "awaiting_payment") {
    // Not for the kitchen yet: nothing here says the order is placed or confirmed until it is paid.
    const { scriptUrl, paymentWindowMs } = paymentOptions();
    return (
      <div className="space-y-6">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Your order is waiting for payment</h1>
          <OrderFacts order={order} when="started" />
        </div>
        {scriptUrl && order.user.id === user.id && (
          <PayForOrder
            orderId={order.id}
            orderCode={orderNumber(order.id)}
            scriptUrl={scriptUrl}
            deadline={payDeadline(order.createdAt, paymentWindowMs)}
          />
        )}
        <OrderDetails order={order} diets={await dietsByItem()} />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div className="rounded-2xl border border-brand-100 bg-brand-50 p-5 sm:p-6">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">
          {order.status === "cancelled" ? "This order was cancelled" : "Thank you for your order!"}
        </h1>
        <OrderFacts order={order} when="placed" />
        {order.status !== "cancelled" && (
          <p className="mt-2 text-lg text-stone-900">
            <strong>
              <OrderPromise order={order} />
            </strong>{" "}
            (India time){order.deliveryArea ? ` to ${order.deliveryArea}` : ""}.
          </p>
        )}
        <div className="mt-4 flex flex-wrap gap-3">
          <Link href={`/orders/${order.id}`} className={buttonClass("primary")}>
            Track your order
          </Link>
          <Link href="/menu" className={buttonClass("secondary")}>
            Continue shopping
          </Link>
        </div>
      </div>
      <OrderDetails order={order} diets={await dietsByItem()} />
    </div>
  );
}
