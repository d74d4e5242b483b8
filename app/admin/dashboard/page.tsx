import type { Metadata } from "next";
import Link from "next/link";
import { requirePageAdmin } from "@/lib/auth/session";
import { dashboardFigures } from "@/lib/orders/dashboard/figures";
import { listOrders } from "@/lib/orders/queries";
import { orderNumber } from "@/lib/orders/status";
import { formatIndiaDateTime } from "@/lib/time";
import { formatRupees } from "@/lib/money";
import { LiveRefresh } from "@/lib/realtime/live-refresh";
import { StatusBadge } from "@/components/orders/status-badge";
import { Panel } from "@/components/ui/panel";
import { TodayFigures } from "@/components/admin/dashboard/today-figures";
import { TakingsFigures } from "@/components/admin/dashboard/takings-figures";
import { RefundsToRetry } from "@/components/admin/payment/refunds-to-retry";
import { RevenueChart } from "@/components/admin/dashboard/revenue-chart";
import { RevenueTable } from "@/components/admin/dashboard/revenue-table";
import { BestSellersTable } from "@/components/admin/dashboard/best-sellers-table";
import { RatingsPanel } from "@/components/admin/dashboard/ratings-panel";

// The kitchen's figures (product.md §7), read and drawn on the server; LiveRefresh reads the page
// again whenever an order is placed or moved anywhere, so the figures follow without a reload.

export const metadata: Metadata = { title: "Admin dashboard" };

const LATEST = 5;

export default async function AdminDashboardPage() {
  const admin = await requirePageAdmin("/admin/dashboard");
  const [figures, latest] = await Promise.all([dashboardFigures(admin), listOrders(admin, { limit: LATEST })]);

  return (
    <div className="space-y-6">
      <LiveRefresh />
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Welcome, {admin.name}</h1>
        <p className="mt-1 text-stone-700">Today in the kitchen (India time).</p>
      </div>

      <RefundsToRetry orders={figures.refundsToRetry} />
      <TodayFigures today={figures.today} />
      <TakingsFigures takings={figures.takings} />

      <div className="grid gap-6 lg:grid-cols-5">
        <Panel aria-labelledby="revenue-heading" className="min-w-0 lg:col-span-3">
          <h2 id="revenue-heading" className="text-lg font-bold">
            Revenue, last 14 days
          </h2>
          <p className="text-sm text-stone-600">Cancelled orders not counted; today is the darker bar.</p>
          <RevenueChart id="revenue-chart" title="Revenue per day over the last 14 days" days={figures.revenueByDay} />
          <RevenueTable days={figures.revenueByDay} />
        </Panel>

        <section aria-labelledby="best-sellers-heading" className="min-w-0 space-y-2 lg:col-span-2">
          <h2 id="best-sellers-heading" className="text-lg font-bold">
            Best sellers, last 7 days
          </h2>
          <BestSellersTable sellers={figures.bestSellers} />
        </section>
      </div>

      <RatingsPanel ratings={figures.ratings} />

      <Panel aria-labelledby="latest-orders">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="latest-orders" className="text-lg font-bold">
            Latest orders
          </h2>
          <Link href="/admin/orders" className="text-sm font-semibold text-brand-800 underline">
            View all orders
          </Link>
        </div>
        {latest.length === 0 ? (
          <p className="mt-3 text-stone-700">No orders yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-stone-100">
            {latest.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                <div className="min-w-0">
                  <Link href={`/admin/orders/${order.id}`} className="font-semibold text-brand-800 underline">
                    #{orderNumber(order.id)}
                  </Link>{" "}
                  <span className="break-words">{order.address.name || "N/A"}</span>
                  <p className="text-xs text-stone-600">
                    <time dateTime={order.createdAt}>{formatIndiaDateTime(order.createdAt)}</time>
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <span className="font-semibold">{formatRupees(order.total)}</span>
                  <StatusBadge status={order.status} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
