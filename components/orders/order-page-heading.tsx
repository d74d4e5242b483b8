import Link from "next/link";
import type { ReactNode } from "react";
import { orderNumber } from "@/lib/orders/status";
import { formatIndiaDateTime } from "@/lib/time";

/**
 * The top of an order's own page, for its customer and for the kitchen: the way back to the
 * list, the order's number and when it was placed; `children` add to that line.
 */
export function OrderPageHeading({
  order,
  back,
  children,
}: {
  order: { id: string; createdAt: string };
  back: { href: string; label: string };
  children?: ReactNode;
}) {
  return (
    <div>
      <Link href={back.href} className="text-sm font-semibold text-brand-800 underline">
        ← {back.label}
      </Link>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Order #{orderNumber(order.id)}</h1>
      <p className="mt-1 text-stone-700">
        Placed <time dateTime={order.createdAt}>{formatIndiaDateTime(order.createdAt)}</time>
        {children}
      </p>
    </div>
  );
}
