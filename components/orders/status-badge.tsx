import { statusLabel, type OrderStatus } from "@/lib/orders/status";

const TONES: Record<OrderStatus, string> = {
  awaiting_payment: "bg-orange-100 text-orange-900",
  pending: "bg-amber-100 text-amber-900",
  confirmed: "bg-sky-100 text-sky-900",
  preparing: "bg-indigo-100 text-indigo-900",
  out_for_delivery: "bg-violet-100 text-violet-900",
  delivered: "bg-green-100 text-green-900",
  cancelled: "bg-red-100 text-red-900",
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span data-testid="status-badge" className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${TONES[status]}`}>
      {statusLabel(status)}
    </span>
  );
}
