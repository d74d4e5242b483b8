import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageAdmin } from "@/lib/auth/session";
import { findOrderForAdmin } from "@/lib/orders/admin-order";
import { formatKolkataDateTime, orderNumber } from "@/lib/orders/status";
import { LiveRefresh } from "@/lib/realtime/live-refresh";
import { AdminOrderDetails } from "@/components/admin/admin-order-details";

export async function generateMetadata({ params }: PageProps<"/admin/orders/[id]">): Promise<Metadata> {
  const { id } = await params;
  return { title: `Order #${orderNumber(id)} · Admin` };
}

export default async function AdminOrderPage({ params }: PageProps<"/admin/orders/[id]">) {
  const { id } = await params;
  const admin = await requirePageAdmin(`/admin/orders/${encodeURIComponent(id)}`);
  const order = await findOrderForAdmin(admin, id);
  if (!order) notFound();

  return (
    <div className="space-y-4">
      <div>
        <Link href="/admin/orders" className="text-sm font-semibold text-brand-800 underline">
          ← All orders
        </Link>
        <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Order #{orderNumber(order.id)}</h1>
        <p className="mt-1 text-stone-700">
          Placed <time dateTime={order.createdAt}>{formatKolkataDateTime(order.createdAt)}</time>
        </p>
      </div>
      {/* A change to this order, made here or anywhere else, reads the page again. */}
      <LiveRefresh orderId={order.id} />
      <AdminOrderDetails order={order} />
    </div>
  );
}
