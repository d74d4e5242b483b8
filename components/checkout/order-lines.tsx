import type { Diet } from "@/lib/menu/facts";
import { formatRupees } from "@/lib/money";
import { portionLabel, type PortionKey } from "@/lib/portions";
import { DietMark } from "@/components/ui/diet-mark";
import { LineOptions } from "@/components/orders/line-options";

export type SummaryLine = {
  key: string;
  name: string;
  portion: PortionKey;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  /** The chosen options and note (product.md §8); left out for none. */
  options?: { group: string; name: string; price: number }[];
  note?: string | null;
  /** Shown as the diet mark when known. */
  diet?: Diet | null;
};

/** The lines of an order or a cart: quantity × name (portion), options and note, unit price, line total. */
export function OrderLines({ lines, label = "Items" }: { lines: SummaryLine[]; label?: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-stone-100">
      {lines.map((l) => (
        <li key={l.key} className="flex items-start justify-between gap-3 py-2 text-sm">
          <div className="min-w-0">
            <p className="flex items-center gap-1.5 font-medium">
              {l.diet && <DietMark diet={l.diet} />}
              <span>
                {l.quantity} × {l.name}
              </span>
            </p>
            <p className="text-stone-600">
              {portionLabel(l.portion)} · {formatRupees(l.unitPrice)} each
            </p>
            <LineOptions options={l.options ?? []} note={l.note} className="mt-0.5" />
          </div>
          <p className="shrink-0 font-semibold">{formatRupees(l.lineTotal)}</p>
        </li>
      ))}
    </ul>
  );
}
