import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/auth/session";
import { findOrderWithHistoryFor } from "@/lib/orders/queries";
import { expectedReadyAt, formatKolkataDateTime, formatKolkataTime, isFinalStatus, orderNumber } from "@/lib/orders/status";
import { OrderDetails } from "@/components/orders/order-details";
import { OrderTracker } from "@/components/orders/order-tracker";
import { LiveRefresh } from "@/lib/realtime/live-refresh";

export async function generateMetadata({ params }: PageProps<"/orders/[id]">): Promise<Metadata> {
  const { id } = await params;
  return { title: `Order #${orderNumber(id)}`, robots: { index: false, follow: false } };
}

export default async function OrderPage({ params }: PageProps<"/orders/[id]">) {
  const { id } = await params;
  const user = await requirePageUser(`/orders/${encodeURIComponent(id)}`);
  const order = await findOrderWithHistoryFor(user, id);
  if (!order) notFound();
  const readyAt = expectedReadyAt(order.createdAt);

  return (
    <div className="space-y-6">
      <div>
        <Link href="/orders" className="text-sm font-semibold text-brand-800 underline">
          ← My orders
        </Link>
        <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Order #{orderNumber(order.id)}</h1>
        <p className="mt-1 text-stone-700">
          Placed <time dateTime={order.createdAt}>{formatKolkataDateTime(order.createdAt)}</time>
          {!isFinalStatus(order.status) && (
            <>
              {" "}
              · ready in about 30 minutes, expected by <time dateTime={readyAt.toISOString()}>{formatKolkataTime(readyAt)}</time> (IST)
            </>
          )}
        </p>
      </div>
      {/* A live event re-renders the page; the key starts the tracker afresh from the new order. */}
      <LiveRefresh orderId={order.id} />
      <OrderTracker key={order.updatedAt} initial={order} isOwner={order.user.id === user.id} />
      <OrderDetails order={order} />
    </div>
  );
}
