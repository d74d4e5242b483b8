import type { Metadata } from "next";
import Link from "next/link";
import { requirePageAdmin } from "@/lib/auth/session";
import { dashboardStats } from "@/lib/orders/dashboard";
import { listOrders } from "@/lib/orders/queries";
import { formatKolkataDateTime, orderNumber } from "@/lib/orders/status";
import { formatRupees } from "@/lib/money";
import { StatusBadge } from "@/components/orders/status-badge";
import { Panel } from "@/components/ui/panel";

export const metadata: Metadata = { title: "Admin dashboard" };

const LATEST = 5;

export default async function AdminDashboardPage() {
  const admin = await requirePageAdmin("/admin/dashboard");
  const [stats, latest] = await Promise.all([dashboardStats(admin), listOrders(admin, { limit: LATEST })]);

  const figures = [
    { label: "Orders today", value: String(stats.todayOrders), testId: "stat-today-orders" },
    { label: "Revenue today", value: formatRupees(stats.todayRevenue), testId: "stat-today-revenue", note: "Cancelled orders not counted" },
    { label: "Pending orders", value: String(stats.pendingOrders), testId: "stat-pending-orders", note: "Waiting to be confirmed" },
  ];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Welcome, {admin.name}</h1>
        <p className="mt-1 text-stone-700">Today in the kitchen (India time).</p>
      </div>

      <dl className="grid gap-3 sm:grid-cols-3">
        {figures.map((f) => (
          <Panel as="div" key={f.label}>
            <dt className="text-sm font-medium text-stone-600">{f.label}</dt>
            <dd className="mt-1 text-3xl font-extrabold text-stone-900" data-testid={f.testId}>
              {f.value}
            </dd>
            {f.note && <dd className="mt-1 text-xs text-stone-600">{f.note}</dd>}
          </Panel>
        ))}
      </dl>

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
                  <Link href={`/orders/${order.id}`} className="font-semibold text-brand-800 underline">
                    #{orderNumber(order.id)}
                  </Link>{" "}
                  <span className="break-words">{order.address.name || "N/A"}</span>
                  <p className="text-xs text-stone-600">
                    <time dateTime={order.createdAt}>{formatKolkataDateTime(order.createdAt)}</time>
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
