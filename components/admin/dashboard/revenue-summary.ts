import { formatRupees } from "@/lib/money";
import type { DayRevenue } from "@/lib/orders/dashboard/types";
import { dayName, dayShort } from "@/lib/time";

/**
 * The revenue chart said in words, for its text alternative: the span, the total, the best day
 * and today. Days arrive oldest first with today last, as revenueByDay returns them.
 */
export function revenueSummary(days: readonly DayRevenue[]): string {
  if (days.length === 0) return "No days to show.";
  const first = days[0];
  const today = days[days.length - 1];
  const span = `From ${dayName(first.date)} to ${dayName(today.date)}`;
  const total = days.reduce((sum, d) => sum + d.revenue, 0);
  if (total === 0) return `${span}: no revenue.`;
  const orders = days.reduce((sum, d) => sum + d.orders, 0);
  // The first of the best days when several tie: the chart's tallest bar furthest left.
  const best = days.reduce((top, d) => (d.revenue > top.revenue ? d : top));
  return (
    `${span}: ${formatRupees(total)} from ${orders} ${orders === 1 ? "order" : "orders"}. ` +
    `Best day ${dayShort(best.date)} with ${formatRupees(best.revenue)}. Today so far ${formatRupees(today.revenue)}.`
  );
}
