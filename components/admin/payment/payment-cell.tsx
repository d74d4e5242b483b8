import type { OrderPayment } from "@/lib/orders/types";
import { hasFailedRefund, paymentCellWords } from "@/components/admin/payment/payment-words";

/**
 * An order's payment in the orders list: "UPI · Paid", and a "Refund failed" badge when a refund
 * waits for an admin to retry it (in words, so it is found by reading or searching the page).
 */
export function PaymentCell({ payment }: { payment: OrderPayment }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1" data-testid="payment-cell">
      <span className="whitespace-nowrap">{paymentCellWords(payment)}</span>
      {hasFailedRefund(payment) && (
        <span data-testid="refund-failed" className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold whitespace-nowrap text-red-900">
          <span aria-hidden="true">⚠ </span>Refund failed
        </span>
      )}
    </span>
  );
}
