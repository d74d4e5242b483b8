import type { RiderLedger, RiderSummary } from "@/lib/riders/types";
import { formatRupees } from "@/lib/money";
import { Panel } from "@/components/ui/panel";
import { Cell, RowHeader, Table } from "@/components/ui/table";
import { SettlementForm } from "@/components/riders/settlement-form";

// One rider's cash-up for a day on /admin/riders (product.md §12): the day's figures, the form for
// cash handed in, and the day's deliveries with the cash each brought.

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg bg-stone-50 p-2">
      <dt className="text-sm text-stone-700">{label}</dt>
      <dd className="text-lg font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function RiderCashUp({ rider, ledger, dayName }: { rider: RiderSummary; ledger: RiderLedger; dayName: string }) {
  const headingId = `rider-${rider.id}-heading`;
  return (
    <Panel aria-labelledby={headingId} padding="lg" className="space-y-4" data-testid="rider-cash-up">
      <div>
        <h2 id={headingId} className="text-lg font-bold">
          {rider.name}
        </h2>
        <p className="text-sm text-stone-700">
          {rider.onDuty ? "On duty" : "Off duty"} · {rider.phone ?? "no phone yet"} · {rider.activeOrders} active{" "}
          {rider.activeOrders === 1 ? "order" : "orders"}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure label="Deliveries made" value={String(ledger.deliveries.length)} testId="deliveries" />
        <Figure label="Cash collected" value={formatRupees(ledger.collected)} testId="collected" />
        <Figure label="Cash handed in" value={formatRupees(ledger.settled)} testId="settled" />
        <Figure label="Still owed" value={formatRupees(ledger.owed)} testId="owed" />
      </dl>
      <SettlementForm riderId={rider.id} riderName={rider.name} />
      {ledger.deliveries.length > 0 && (
        <Table
          id={`rider-${rider.id}-deliveries`}
          caption={`${rider.name}'s deliveries, ${dayName}`}
          columns={["Order", "Cash"]}
          minWidth="min-w-0"
        >
          {ledger.deliveries.map((d) => (
            <tr key={d.orderId}>
              <RowHeader>#{d.code}</RowHeader>
              <Cell>{d.cash > 0 ? formatRupees(d.cash) : "Paid online"}</Cell>
            </tr>
          ))}
        </Table>
      )}
    </Panel>
  );
}
