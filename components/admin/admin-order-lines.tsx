import type { ApiOrderLine } from "@/lib/orders/types";
import { formatRupees } from "@/lib/money";
import { portionLabel } from "@/lib/portions";
import { lineOptionsText } from "@/lib/orders/line-text";

/** A line as the admin reads it; chosen options and a note come with bowls made your way (§8) when a line carries them. */
type AdminLine = ApiOrderLine;

/** What goes in the bag: quantity × name, portion, options and note, unit price and line total. */
export function AdminOrderLines({ lines }: { lines: AdminLine[] }) {
  return (
    <ul aria-label="Lines of this order" className="divide-y divide-stone-100">
      {lines.map((line, i) => (
        <li key={i} className="flex items-start justify-between gap-3 py-2 text-sm">
          <div className="min-w-0">
            <p className="font-semibold">
              {line.quantity} × {line.name}
            </p>
            <p className="text-stone-600">
              {portionLabel(line.portion)} · {formatRupees(line.unitPrice)} each
            </p>
            {line.options.length > 0 && <p className="text-stone-800">{lineOptionsText(line.options, { prices: true })}</p>}
            {line.note && <p className="text-stone-900 italic">Note: {line.note}</p>}
          </div>
          <p className="shrink-0 font-semibold">{formatRupees(line.lineTotal)}</p>
        </li>
      ))}
    </ul>
  );
}
