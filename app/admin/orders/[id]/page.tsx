import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requirePageAdmin } from "@/lib/auth/session";
import { findOrderForAdmin } from "@/lib/orders/admin-order";
import { openOrderCountOf } from "@/lib/orders/open-orders";
import { orderNumber } from "@/lib/orders/status";
import { LiveRefresh } from "@/lib/realtime/live-refresh";
import { AdminOrderDetails } from "@/components/admin/admin-order-details";
import { OrderPageHeading } from "@/components/orders/order-page-heading";
import { dietsByItem } from "@/lib/menu/diets";
import { complaintsOfOrder } from "@/lib/complaints/queries";
import { OrderComplaints } from "@/components/complaints/order-complaints";
import { creditNotesOfOrder } from "@/lib/billing/credit-note-read";
import { CreditNoteLinks } from "@/components/orders/credit-note-links";
import { RatingView } from "@/components/orders/rating-view";
import { listRiders } from "@/lib/riders/queries";
import { isActiveStatus } from "@/lib/orders/kitchen-rules";
import { RiderPicker } from "@/components/riders/rider-picker";
import { Panel } from "@/components/ui/panel";
import { orderMessages } from "@/lib/notifications/queries";
import { OrderMessages } from "@/components/notifications/order-messages";

export async function generateMetadata({ params }: PageProps<"/admin/orders/[id]">): Promise<Metadata> {
  const { id } = await params;
  return { title: `Order #${orderNumber(id)} · Admin` };
}

export default async function AdminOrderPage({ params }: PageProps<"/admin/orders/[id]">) {
  const { id } = await params;
  const admin = await requirePageAdmin(`/admin/orders/${encodeURIComponent(id)}`);
  const order = await findOrderForAdmin(admin, id);
  if (!order) notFound();
  const [diets, customerOpenOrders, complaints, creditNotes, riders, messages] = await Promise.all([
    dietsByItem(),
    openOrderCountOf(admin, order.user.id),
    complaintsOfOrder(admin, order.id),
    order.invoice ? creditNotesOfOrder(admin, order.id) : [],
    isActiveStatus(order.status) ? listRiders(admin) : [],
    orderMessages(admin, order.id),
  ]);

  return (
    <div className="space-y-4">
      <OrderPageHeading order={order} back={{ href: "/admin/orders", label: "All orders" }} />
      {/* A change to this order or to the riders who may take it, made anywhere, reads the page again. */}
      <LiveRefresh orderId={order.id} riders={isActiveStatus(order.status)} />
      <OrderComplaints tickets={complaints} />
      {isActiveStatus(order.status) && (
        <Panel aria-labelledby="dispatch-heading">
          <h2 id="dispatch-heading" className="mb-2 text-lg font-bold">
            Rider
          </h2>
          <RiderPicker order={{ ...order, code: orderNumber(order.id) }} riders={riders} />
        </Panel>
      )}
      {!isActiveStatus(order.status) && order.rider && <p className="text-sm">Rider: {order.rider.name}</p>}
      {order.rating && <RatingView rating={order.rating} heading="The customer's rating" />}
      <AdminOrderDetails order={order} diets={diets} customerOpenOrders={customerOpenOrders} />
      <CreditNoteLinks orderId={order.id} notes={creditNotes} />
      <OrderMessages messages={messages} />
    </div>
  );
}
