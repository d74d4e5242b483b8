import { formatRupees } from "@/lib/money";
import type { Takings } from "@/lib/orders/dashboard/types";
import { Panel } from "@/components/ui/panel";
import { TitledSection } from "@/components/ui/titled-section";

type Figure = { label: string; value: number; testId: string; note: string };

/** "after ₹100 refunded": what was taken off, or how the money came when nothing was. */
function noteOf(refunded: number, otherwise: string): string {
  return refunded > 0 ? `${otherwise}, less ${formatRupees(refunded)} refunded today` : otherwise;
}

function figuresOf(takings: Takings): Figure[] {
  return [
    {
      label: "Online today",
      value: takings.online,
      testId: "takings-online",
      note: noteOf(takings.onlineRefunded, "UPI and cards captured"),
    },
    {
      label: "Cash today",
      value: takings.cash,
      testId: "takings-cash",
      note: noteOf(takings.cashRefunded, "Cash on Delivery orders delivered"),
    },
    { label: "Taken today", value: takings.total, testId: "takings-total", note: "Online and cash together" },
  ];
}

/**
 * Today's money (product.md §10) as cards under their own heading: a description list, so each
 * sum is read with its name. Orders not paid yet count nowhere.
 */
export function TakingsFigures({ takings }: { takings: Takings }) {
  return (
    <TitledSection title="Takings today" className="space-y-2" titleClassName="text-lg font-bold">
      <dl className="grid gap-3 sm:grid-cols-3">
        {figuresOf(takings).map((f) => (
          <Panel as="div" key={f.label}>
            <dt className="text-sm font-medium text-stone-600">{f.label}</dt>
            <dd className="mt-1 text-3xl font-extrabold text-stone-900" data-testid={f.testId}>
              {formatRupees(f.value)}
            </dd>
            <dd className="mt-1 text-xs text-stone-600">{f.note}</dd>
          </Panel>
        ))}
      </dl>
    </TitledSection>
  );
}
