import { formatRupees } from "@/lib/money";
import { portionLabel, type PortionKey } from "@/lib/portions";

export type SummaryLine = { key: string; name: string; portion: PortionKey; unitPrice: number; quantity: number; lineTotal: number };

/** The lines of an order or a cart: quantity × name (portion), unit price, line total. */
export function OrderLines({ lines, label = "Items" }: { lines: SummaryLine[]; label?: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-stone-100">
      {lines.map((l) => (
        <li key={l.key} className="flex items-start justify-between gap-3 py-2 text-sm">
          <div className="min-w-0">
            <p className="font-medium">
              {l.quantity} × {l.name}
            </p>
            <p className="text-stone-600">
              {portionLabel(l.portion)} · {formatRupees(l.unitPrice)} each
            </p>
          </div>
          <p className="shrink-0 font-semibold">{formatRupees(l.lineTotal)}</p>
        </li>
      ))}
    </ul>
  );
}
