import type { ApiOrder, OrderRefund } from "@/lib/orders/types";
import { PAYMENT_METHOD_DISPLAY } from "@/lib/orders/schema";
import { gatewayWords, paymentWords } from "@/lib/payments/words";
import { formatRupees } from "@/lib/money";
import { formatIndiaDateTime } from "@/lib/time";
import { leftToRefund, onlineAccount, paidOnline, refundStatusWords } from "@/components/admin/payment/payment-words";
import { RefundForm } from "@/components/admin/payment/refund-form";
import { RetryRefundButton } from "@/components/admin/payment/retry-refund-button";

function When({ at }: { at: string | null }) {
  return at ? <time dateTime={at}>{formatIndiaDateTime(at)}</time> : <span>Not yet</span>;
}

function RefundItem({ orderId, refund }: { orderId: string; refund: OrderRefund }) {
  const failed = refund.status === "failed";
  const amount = formatRupees(refund.amount);
  return (
    <li
      data-testid="refund"
      data-status={refund.status}
      className={`rounded-lg border p-3 ${failed ? "border-red-300 bg-red-50" : "border-stone-200"}`}
    >
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold">{amount}</span>
        {/* The words carry the state; the colour only repeats it. */}
        <span className={failed ? "font-bold text-red-800" : "text-stone-700"}>
          {failed && <span aria-hidden="true">⚠ </span>}
          {refundStatusWords(refund)}
        </span>
      </p>
      <p className="mt-1 text-sm break-words">{refund.reason}</p>
      <p className="mt-1 text-xs text-stone-600">
        Asked <When at={refund.createdAt} />
        {refund.processedAt && (
          <>
            {" "}
            · done <When at={refund.processedAt} />
          </>
        )}
      </p>
      {failed && (
        <div className="mt-2">
          <RetryRefundButton orderId={orderId} refundId={refund.id} amount={amount} />
        </div>
      )}
    </li>
  );
}

/**
 * The order's money for the kitchen (product.md §10): how it was paid, where that stands, every
 * refund (a failed one marked and offered again), and for a delivered order a way to refund it.
 */
export function OrderPayment({ order }: { order: ApiOrder }) {
  const { payment } = order;
  const online = paidOnline(payment);
  const left = leftToRefund(order);
  return (
    <div className="text-sm">
      <p className="font-semibold" data-testid="payment-line">
        {paymentWords(payment, order.total)}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="font-semibold">Method</dt>
        <dd>{PAYMENT_METHOD_DISPLAY[order.paymentMethod]}</dd>
        {payment.gatewayPaymentId && (
          <>
            <dt className="font-semibold">{gatewayWords(payment.gateway)} payment</dt>
            <dd className="break-all" data-testid="gateway-payment-id">
              {payment.gatewayPaymentId}
            </dd>
          </>
        )}
        <dt className="font-semibold">Paid at</dt>
        <dd>
          <When at={payment.paidAt} />
        </dd>
        <dt className="font-semibold">Refunded</dt>
        <dd data-testid="refunded-amount">{formatRupees(payment.refundedAmount)}</dd>
      </dl>

      <h3 className="mt-4 font-bold">Refunds</h3>
      {payment.refunds.length === 0 ? (
        <p className="text-stone-700">None.</p>
      ) : (
        <ul aria-label="Refunds of this order" className="mt-2 space-y-2">
          {payment.refunds.map((refund) => (
            <RefundItem key={refund.id} orderId={order.id} refund={refund} />
          ))}
        </ul>
      )}

      {order.status === "delivered" &&
        (left > 0 ? (
          <RefundForm
            orderId={order.id}
            left={left}
            online={online ? `to ${onlineAccount(payment)} through ${gatewayWords(payment.gateway)}` : null}
          />
        ) : (
          <p className="mt-4 text-stone-700">The whole order has been refunded.</p>
        ))}
    </div>
  );
}
