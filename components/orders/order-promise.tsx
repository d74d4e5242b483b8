import { promiseWords } from "@/lib/store/words";
import type { ApiOrder } from "@/lib/orders/types";

/**
 * The order's promise in India time (product.md §9): "Arriving by 1:45 pm" or "Scheduled for
 * Fri 27 Nov, 12:30–1:00 pm", from the order itself, so a delay the kitchen records shows too.
 */
export function OrderPromise({
  order,
  className,
}: {
  order: Pick<ApiOrder, "scheduled" | "deliverySlot" | "promisedBy">;
  className?: string;
}) {
  return (
    <time dateTime={order.promisedBy} data-testid="promise" className={className}>
      {promiseWords(order)}
    </time>
  );
}
