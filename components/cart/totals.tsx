import { formatRupees } from "@/lib/money";

/** Subtotal, delivery fee and total, as a description list (cart, payment step, order pages). */
export function Totals({ subtotal, deliveryFee, total }: { subtotal: number; deliveryFee: number; total: number }) {
  return (
    <dl className="space-y-1.5 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-stone-600">Subtotal</dt>
        <dd data-testid="subtotal">{formatRupees(subtotal)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-stone-600">Delivery fee</dt>
        <dd data-testid="delivery-fee">{formatRupees(deliveryFee)}</dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-stone-200 pt-2 text-base font-bold">
        <dt>Total</dt>
        <dd data-testid="total">{formatRupees(total)}</dd>
      </div>
    </dl>
  );
}
