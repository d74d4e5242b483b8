import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/auth/session";
import { listOrders } from "@/lib/orders/queries";
import type { ApiOrder } from "@/lib/orders/types";
import { Invalid } from "@/lib/errors";
import { isFinalStatus, orderNumber } from "@/lib/orders/status";
import { formatIndiaDateTime } from "@/lib/time";
import { formatRupees } from "@/lib/money";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Panel } from "@/components/ui/panel";
import { StatusBadge } from "@/components/orders/status-badge";
import { OrderPromise } from "@/components/orders/order-promise";
import { PaymentLine } from "@/components/orders/payment-line";
import { LiveRefresh } from "@/lib/realtime/live-refresh";
import { OrderAgain } from "@/components/orders/order-again";

// Per visitor (the session, the address's token or query): rendered for each request, not prerendered.
export const instant = false;

export const metadata: Metadata = { title: "My orders", robots: { index: false, follow: false } };

const PAGE_SIZE = 20;

function itemsSummary(order: ApiOrder): string {
  return order.items.map((i) => `${i.quantity} × ${i.name}`).join(", ");
}

async function ordersPage(user: Awaited<ReturnType<typeof requirePageUser>>, before: string | undefined) {
  try {
    return await listOrders(user, { limit: PAGE_SIZE, before }, { ownOnly: true });
  } catch (error) {
    // A stale or hand-edited "before" shows the newest orders instead of an error page.
    if (error instanceof Invalid) return listOrders(user, { limit: PAGE_SIZE }, { ownOnly: true });
    throw error;
  }
}

export default async function OrdersPage({ searchParams }: PageProps<"/orders">) {
  const raw = (await searchParams).before;
  const before = Array.isArray(raw) ? raw[0] : raw;
  const user = await requirePageUser(before ? `/orders?before=${encodeURIComponent(before)}` : "/orders");
  const orders = await ordersPage(user, before);

  return (
    <>
      <h1 className="mb-4 text-2xl font-bold sm:text-3xl">My orders</h1>
      {/* The stream tells a customer of their own orders only: any of them moving reads the list again. */}
      <LiveRefresh />
      {orders.length === 0 ? (
        <EmptyState
          message={before ? "No older orders." : "You have not placed any orders yet."}
          links={[{ href: "/menu", label: "Browse the menu", primary: true }]}
        />
      ) : (
        <ul aria-label="Your orders" className="space-y-3">
          {orders.map((order) => (
            <Panel as="li" key={order.id}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="font-bold">Order #{orderNumber(order.id)}</h2>
                <StatusBadge status={order.status} />
              </div>
              <p className="mt-1 text-sm text-stone-600">
                Placed <time dateTime={order.createdAt}>{formatIndiaDateTime(order.createdAt)}</time>
              </p>
              {!isFinalStatus(order.status) && (
                <p className="mt-1 text-sm font-semibold text-brand-900">
                  <OrderPromise order={order} />
                </p>
              )}
              <p className="mt-2 text-sm text-stone-800">{itemsSummary(order)}</p>
              <PaymentLine order={order} className="mt-1 text-sm text-stone-800" />
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">
                  Total <span data-testid="order-total">{formatRupees(order.total)}</span>
                </p>
                <Link href={`/orders/${order.id}`} className="text-sm font-semibold text-brand-800 underline">
                  View order<span className="sr-only"> #{orderNumber(order.id)}</span>
                </Link>
              </div>
              <div className="mt-3">
                <OrderAgain orderId={order.id} orderCode={orderNumber(order.id)} />
              </div>
            </Panel>
          ))}
        </ul>
      )}
      {orders.length === PAGE_SIZE && (
        <div className="mt-6 text-center">
          <Link href={`/orders?before=${encodeURIComponent(orders[orders.length - 1].id)}`} className={buttonClass("secondary")}>
            Show older orders
          </Link>
        </div>
      )}
    </>
  );
}
