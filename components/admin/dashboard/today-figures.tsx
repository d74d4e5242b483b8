import type { ReactNode } from "react";
import { formatRupees } from "@/lib/money";
import type { TodayFigures as Figures } from "@/lib/orders/dashboard/types";
import { Panel } from "@/components/ui/panel";

type Figure = { label: string; value: ReactNode; testId: string; note: string };

/** A figure that has nothing to measure yet: a dash to the eye, words to a screen reader. */
const NOTHING_YET = (
  <>
    <span aria-hidden="true">–</span>
    <span className="sr-only">none yet</span>
  </>
);

/** "80%": whole percents; a kitchen does not steer by the decimals. */
const percent = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;

function figuresOf(today: Figures): Figure[] {
  const delivered = today.deliveredOrders;
  const noneYet = "None of today's orders delivered yet";
  return [
    { label: "Orders today", value: String(today.todayOrders), testId: "stat-today-orders", note: "Placed since midnight" },
    { label: "Revenue today", value: formatRupees(today.todayRevenue), testId: "stat-today-revenue", note: "Cancelled orders not counted" },
    { label: "Pending orders", value: String(today.pendingOrders), testId: "stat-pending-orders", note: "Waiting to be confirmed" },
    {
      label: "Average time to deliver",
      value: today.averageDeliveryMinutes === null ? NOTHING_YET : `${Math.round(today.averageDeliveryMinutes)} min`,
      testId: "stat-average-delivery",
      note: delivered === 0 ? noneYet : `From placed to delivered, over ${delivered} ${delivered === 1 ? "order" : "orders"}`,
    },
    {
      label: "Delivered on time",
      value: delivered === 0 ? NOTHING_YET : percent(today.deliveredOnTime, delivered),
      testId: "stat-on-time",
      note: delivered === 0 ? noneYet : `${today.deliveredOnTime} of the ${delivered} delivered so far arrived by the time promised`,
    },
  ];
}

/** Today's figures as cards: a description list, so each value is read with its name. */
export function TodayFigures({ today }: { today: Figures }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-3 xl:grid-cols-5">
      {figuresOf(today).map((f) => (
        <Panel as="div" key={f.label}>
          <dt className="text-sm font-medium text-stone-600">{f.label}</dt>
          <dd className="mt-1 text-3xl font-extrabold text-stone-900" data-testid={f.testId}>
            {f.value}
          </dd>
          <dd className="mt-1 text-xs text-stone-600">{f.note}</dd>
        </Panel>
      ))}
    </dl>
  );
}
