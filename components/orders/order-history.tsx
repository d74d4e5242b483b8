import type { OrderActor, OrderHistoryEntry } from "@/lib/orders/types";
import { statusLabel } from "@/lib/orders/status";
import { formatIndiaDateTime } from "@/lib/time";

const BY: Record<OrderActor, string> = { customer: "the customer", admin: "the kitchen (admin)", system: "the system", rider: "the rider" };

/** Every step an order took, oldest first: the status reached (and the step's note), when (India time) and who moved it. */
export function OrderHistory({ history, label = "Order history" }: { history: OrderHistoryEntry[]; label?: string }) {
  return (
    <ol aria-label={label} className="space-y-2 border-l-2 border-stone-200 pl-4 text-sm">
      {history.map((step, i) => (
        <li key={`${step.status}-${step.at}-${i}`} className="relative">
          <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] h-2.5 w-2.5 rounded-full bg-brand-700" />
          <p className="font-semibold">
            {statusLabel(step.status)}
            {/* A step that says more than the status: "delayed 15 min". */}
            {step.note && <span className="font-normal text-stone-700"> · {step.note}</span>}
          </p>
          <p className="text-stone-600">
            <time dateTime={step.at}>{formatIndiaDateTime(step.at)}</time> · by {BY[step.by]}
          </p>
        </li>
      ))}
    </ol>
  );
}
