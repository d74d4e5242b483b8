import { formatRupees } from "@/lib/money";
import type { DayRevenue } from "@/lib/orders/dashboard/types";
import { Cell, RowHeader, Table } from "@/components/ui/table";
import { dayName } from "@/lib/time";

/** The chart's figures day by day, behind a disclosure: for screen readers, and for anyone who wants the exact numbers. */
export function RevenueTable({ days }: { days: readonly DayRevenue[] }) {
  const last = days.length - 1;
  return (
    <details className="mt-4">
      <summary className="cursor-pointer text-sm font-semibold text-brand-800 underline">Show the figures as a table</summary>
      <div className="mt-2">
        <Table
          id="revenue-by-day"
          caption="Revenue per day, newest first (cancelled orders not counted)"
          columns={["Day", "Orders", "Revenue"]}
          minWidth="min-w-[18rem]"
        >
          {days
            .map((day, i) => (
              <tr key={day.date}>
                <RowHeader>
                  <time dateTime={day.date}>{dayName(day.date)}</time>
                  {i === last && " (today)"}
                </RowHeader>
                <Cell>{day.orders}</Cell>
                <Cell>{formatRupees(day.revenue)}</Cell>
              </tr>
            ))
            .reverse()}
        </Table>
      </div>
    </details>
  );
}
