import Link from "next/link";
import type { ApiOrder } from "@/lib/orders/types";

/** "View bill", once the order is invoiced (product.md §11: the invoice is issued on delivery); nothing before. */
export function BillLink({ order, className = "" }: { order: Pick<ApiOrder, "id" | "invoice">; className?: string }) {
  if (!order.invoice) return null;
  return (
    <Link href={`/orders/${encodeURIComponent(order.id)}/invoice`} className={`font-semibold text-brand-800 underline ${className}`}>
      View bill
    </Link>
  );
}
