import type { ApiOrder } from "@/lib/orders/types";
import { paymentWords, refundWords } from "@/lib/payments/words";

/**
 * How the order is paid, in the shop's words (lib/payments/words.ts): "Paid by UPI", "Pay ₹279 on
 * delivery", "Refund of ₹279 started", and each refund on its own line once there are several.
 */
export function PaymentLine({ order, className = "" }: { order: Pick<ApiOrder, "payment" | "total" | "status">; className?: string }) {
  const main = paymentWords(order.payment, order.total, order.status);
  const refunds = order.payment.refunds.map((r) => ({ id: r.id, words: refundWords(r) }));
  // Each refund on its own line when the one line does not already say it.
  const listed = refunds.some((r) => r.words !== main);
  return (
    <div className={className}>
      <p data-testid="payment-line">{main}</p>
      {listed && (
        <ul aria-label="Refunds" className="mt-1 list-disc pl-5" data-testid="refunds">
          {refunds.map((r) => (
            <li key={r.id}>{r.words}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
