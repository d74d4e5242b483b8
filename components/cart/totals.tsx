import { formatPaise, formatRupees, toPaise } from "@/lib/money";
import { BILL_LABELS, INCL_GST } from "@/lib/billing/words";
import { gstSplit } from "@/lib/billing/tax";

/** The GST inside a total the customer pays, worked out as the bill will: "₹47.57" of ₹999. */
function gstIn(totalRupees: number): string {
  const { cgst, sgst } = gstSplit(toPaise(totalRupees));
  return formatPaise(cgst + sgst);
}

type Props = {
  subtotal: number;
  /** null while the delivery area is not known yet (no address): the fee depends on the PIN code. */
  deliveryFee: number | null;
  /** The packaging charge (product.md §11), rupees; a row only when above 0. */
  packaging?: number;
  /** Rupees off from a coupon, and its code (product.md §13); a row only when above 0. */
  discount?: { amount: number; code: string } | null;
  total: number;
  /** Where the fee comes from ("Koramangala"), shown beside it. */
  area?: string | null;
  /** "incl. GST" beside the total: under the regular regime menu prices include the tax. */
  inclGst?: boolean;
};

/** Subtotal, any discount, packaging, delivery fee and total, as a description list (cart, payment step, order pages). */
export function Totals({ subtotal, deliveryFee, packaging = 0, discount = null, total, area, inclGst = false }: Props) {
  return (
    <dl className="space-y-1.5 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-stone-600">{BILL_LABELS.subtotal}</dt>
        <dd data-testid="subtotal">{formatRupees(subtotal)}</dd>
      </div>
      {discount && discount.amount > 0 ? (
        <div className="flex justify-between gap-4 text-brand-800">
          <dt>
            {BILL_LABELS.discount} <span className="font-mono">({discount.code})</span>
          </dt>
          <dd data-testid="discount">
            <span aria-hidden="true">−</span>
            <span className="sr-only">minus </span>
            {formatRupees(discount.amount)}
          </dd>
        </div>
      ) : null}
      {packaging > 0 && (
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">{BILL_LABELS.packaging}</dt>
          <dd data-testid="packaging">{formatRupees(packaging)}</dd>
        </div>
      )}
      <div className="flex justify-between gap-4">
        <dt className="text-stone-600">
          {BILL_LABELS.delivery}
          {area ? <span className="text-stone-500"> ({area})</span> : null}
        </dt>
        <dd data-testid="delivery-fee" className="text-right">
          {deliveryFee === null ? "By your PIN code" : formatRupees(deliveryFee)}
        </dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-stone-200 pt-2 text-base font-bold">
        <dt>{deliveryFee === null ? "Total before delivery" : BILL_LABELS.total}</dt>
        <dd className="text-right">
          <span data-testid="total">{formatRupees(total)}</span>
          {inclGst && (
            <span data-testid="incl-gst" className="ml-1.5 text-xs font-normal text-stone-600">
              {INCL_GST} {gstIn(total)}
            </span>
          )}
        </dd>
      </div>
    </dl>
  );
}
