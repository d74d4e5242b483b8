import type { Metadata } from "next";
import Link from "next/link";
import { requirePageAdmin } from "@/lib/auth/session";
import { listOrders } from "@/lib/orders/queries";
import type { ApiOrder } from "@/lib/orders/types";
import { Invalid } from "@/lib/errors";
import { ORDER_STATUSES, isOrderStatus, statusLabel, type OrderStatus } from "@/lib/orders/status";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { OrdersTable } from "@/components/admin/orders-table";
import { OrderCards } from "@/components/admin/order-cards";
import { LiveRefresh } from "@/lib/realtime/live-refresh";
import type { SessionUser } from "@/lib/auth/session";
import { FilterPills } from "@/components/ui/filter-pills";
import { RefundsToRetry } from "@/components/admin/payment/refunds-to-retry";
import { refundsToRetry } from "@/lib/orders/dashboard/refunds-to-retry";
import { firstParam, withQuery } from "@/lib/page-query";

export const metadata: Metadata = { title: "Orders · Admin" };

// One page is what a phone shows in a couple of screens; older ones come a page at a time, from
// the last order shown (keyset: lib/orders/queries.ts). Every order is sent twice (a table row and
// a card, one for each screen size), in the HTML and again in the RSC payload: about 9 kB each
// at three lines, so 25 made a page of 250 kB and 10 still 122 kB (bench scale row, bench/README.md).
const PAGE_SIZE = 6;

function ordersHref(status?: OrderStatus, before?: string): string {
  return withQuery("/admin/orders", { status, before });
}

async function ordersPage(
  admin: SessionUser,
  status: OrderStatus | undefined,
  before: string | undefined,
): Promise<{ orders: ApiOrder[]; before?: string }> {
  try {
    return { orders: await listOrders(admin, { status, limit: PAGE_SIZE, before }), before };
  } catch (error) {
    // A stale or hand-edited "before" shows the newest orders instead of an error page.
    if (error instanceof Invalid) return { orders: await listOrders(admin, { status, limit: PAGE_SIZE }) };
    throw error;
  }
}

export default async function AdminOrdersPage({ searchParams }: PageProps<"/admin/orders">) {
  const params = await searchParams;
  const rawStatus = firstParam(params.status);
  const status = isOrderStatus(rawStatus) ? rawStatus : undefined;
  const rawBefore = firstParam(params.before)?.trim() || undefined;
  const admin = await requirePageAdmin(ordersHref(status, rawBefore));
  const [{ orders, before }, toRetry] = await Promise.all([ordersPage(admin, status, rawBefore), refundsToRetry(admin)]);

  const filters: { label: string; value?: OrderStatus }[] = [
    { label: "All" },
    ...ORDER_STATUSES.map((s) => ({ label: statusLabel(s), value: s })),
  ];
  const what = status ? `${statusLabel(status).toLowerCase()} orders` : "orders";
  const caption = `${before ? "Older" : "Latest"} ${what}, newest first`;

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold sm:text-3xl">Orders</h1>
      {/* A new order or a status change anywhere reads the list again. */}
      <LiveRefresh />
      {/* Failed refunds are found here whatever the filter or page (product.md §10: never lost). */}
      <RefundsToRetry orders={toRetry} />

      <FilterPills
        label="Filter orders by status"
        pills={filters.map((f) => ({ key: f.label, label: f.label, href: ordersHref(f.value), current: f.value === status }))}
      />

      {orders.length === 0 ? (
        // The way on is below: back to the newest, or the "All" filter above.
        <EmptyState message={before ? `No older ${what}.` : `No ${what} yet.`} />
      ) : (
        <>
          <OrdersTable orders={orders} caption={caption} />
          <OrderCards orders={orders} caption={caption} />
        </>
      )}

      <div className="flex flex-wrap items-center justify-center gap-3">
        {before && (
          <Link href={ordersHref(status)} className={buttonClass("secondary")}>
            Back to newest
          </Link>
        )}
        {orders.length === PAGE_SIZE && (
          <Link href={ordersHref(status, orders[orders.length - 1].id)} className={buttonClass("secondary")}>
            Show older orders
          </Link>
        )}
      </div>
    </div>
  );
}
