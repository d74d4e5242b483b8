import { formatRupees } from "@/lib/money";

type Props = {
  subtotal: number;
  /** null while the delivery area is not known yet (no address): the fee depends on the PIN code. */
  deliveryFee: number | null;
  total: number;
  /** Where the fee comes from ("Koramangala"), shown beside it. */
  area?: string | null;
};

/** Subtotal, delivery fee and total, as a description list (cart, payment step, order pages). */
export function Totals({ subtotal, deliveryFee, total, area }: Props) {
  return (
    <dl className="space-y-1.5 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-stone-600">Subtotal</dt>
        <dd data-testid="subtotal">{formatRupees(subtotal)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-stone-600">Delivery fee{area ? <span className="text-stone-500"> ({area})</span> : null}</dt>
        <dd data-testid="delivery-fee" className="text-right">
          {deliveryFee === null ? "By your PIN code" : formatRupees(deliveryFee)}
        </dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-stone-200 pt-2 text-base font-bold">
        <dt>{deliveryFee === null ? "Total before delivery" : "Total"}</dt>
        <dd data-testid="total">{formatRupees(total)}</dd>
      </div>
    </dl>
  );
}
