import type { Metadata } from "next";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/auth/session";
import { findOrderFor } from "@/lib/orders/queries";
import { isFinalStatus, orderNumber } from "@/lib/orders/status";
import { OrderDetails } from "@/components/orders/order-details";
import { OrderPageHeading } from "@/components/orders/order-page-heading";
import { OrderTracker } from "@/components/orders/order-tracker";
import { OrderPromise } from "@/components/orders/order-promise";
import { LiveRefresh } from "@/lib/realtime/live-refresh";
import { dietsByItem } from "@/lib/menu/diets";
import { PayForOrder } from "@/components/checkout/pay-for-order";
import { paymentOptions } from "@/components/checkout/payment-options";
import { payDeadline } from "@/components/checkout/payment-terms";
import { creditNotesOfOrder } from "@/lib/billing/credit-note-read";
import { CreditNoteLinks } from "@/components/orders/credit-note-links";
import { OrderAgain } from "@/components/orders/order-again";
import { RatingForm } from "@/components/orders/rating-form";
import { RatingView } from "@/components/orders/rating-view";
import { RiderComing } from "@/components/orders/rider-coming";
import { PushUpdates } from "@/components/orders/push-updates";
import { pushOffered } from "@/lib/notifications/subscriptions";

// Per visitor (the session, the address's token or query): rendered for each request, not prerendered.
export const instant = false;

export async function generateMetadata({ params }: PageProps<"/orders/[id]">): Promise<Metadata> {
  const { id } = await params;
  return { title: `Order #${orderNumber(id)}`, robots: { index: false, follow: false } };
}

export default async function OrderPage({ params }: PageProps<"/orders/[id]">) {
  const { id } = await params;
  const user = await requirePageUser(`/orders/${encodeURIComponent(id)}`);
  const order = await findOrderFor(user, id);
  if (!order) notFound();
  const { scriptUrl, paymentWindowMs } = paymentOptions();
  const isOwner = order.user.id === user.id;
  const payable = order.status === "awaiting_payment" && isOwner && scriptUrl;

  return (
    <div className="space-y-6">
      <OrderPageHeading order={order} back={{ href: "/orders", label: "My orders" }}>
        {!isFinalStatus(order.status) && (
          <>
            {" "}
            · <OrderPromise order={order} className="font-semibold" /> (India time)
          </>
        )}
      </OrderPageHeading>
      {/* A live event re-renders the page; the key starts the tracker afresh from the new order. */}
      <LiveRefresh orderId={order.id} />
      {payable && (
        <PayForOrder
          orderId={order.id}
          orderCode={orderNumber(order.id)}
          scriptUrl={scriptUrl}
          deadline={payDeadline(order.createdAt, paymentWindowMs)}
        />
      )}
      <OrderTracker key={order.updatedAt} initial={order} isOwner={isOwner} />
      <RiderComing order={order} />
      {isOwner && !isFinalStatus(order.status) && (await pushOffered()) && <PushUpdates />}
      {isOwner && order.status === "delivered" && !order.rating && <RatingForm orderId={order.id} />}
      {order.rating && <RatingView rating={order.rating} heading={isOwner ? "Your rating" : "The customer's rating"} />}
      <OrderDetails order={order} diets={await dietsByItem()} />
      {order.invoice && <CreditNoteLinks orderId={order.id} notes={await creditNotesOfOrder(user, order.id)} />}
      {isOwner && <OrderAgain orderId={order.id} orderCode={orderNumber(order.id)} />}
      {isOwner && (
        <p>
          <Link href={`/help?order=${encodeURIComponent(order.id)}`} className={buttonClass("secondary")}>
            Report a problem
          </Link>
        </p>
      )}
    </div>
  );
}
