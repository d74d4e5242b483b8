import { formatRupees } from "@/lib/money";
import type { DayRevenue } from "@/lib/orders/dashboard/types";
import { bars, valueAxis, yOf, type Box } from "@/components/admin/dashboard/chart-scale";
import { compactRupees } from "@/components/admin/dashboard/compact-rupees";
import { dayName, dayOfMonth, monthOf } from "@/lib/time";
import { revenueSummary } from "@/components/admin/dashboard/revenue-summary";

// Revenue per day as bars, drawn on the server: plain SVG, no chart library, no script. The
// drawing stretches to the card's width (preserveAspectRatio="none"), so its labels are HTML
// beside and below it: they keep their size on a phone, where text inside a shrunken SVG would
// not. Screen readers get the SVG's title as its name and the summary as its description
// (role="img"), and the table after it; the labels, which only repeat that, are hidden from them.

const WIDTH = 140;
const HEIGHT = 100;
const PLOT: Box = { x: 0, y: 0, width: WIDTH, height: HEIGHT };

type Props = {
  /** Names the title and description (`<id>-title`, `<id>-desc`). */
  id: string;
  title: string;
  /** Oldest first, today last. */
  days: readonly DayRevenue[];
};

export function RevenueChart({ id, title, days }: Props) {
  const axis = valueAxis(Math.max(0, ...days.map((d) => d.revenue)));
  const boxes = bars(
    days.map((d) => d.revenue),
    axis.top,
    PLOT,
  );
  const last = days.length - 1;

  return (
    <div className="flex gap-2 pt-2">
      <div aria-hidden="true" className="relative h-48 w-12 shrink-0 text-right text-xs text-stone-600">
        {axis.ticks.map((tick) => (
          <span key={tick} className="absolute right-0 -translate-y-1/2" style={{ top: `${(yOf(tick, axis.top, PLOT) / HEIGHT) * 100}%` }}>
            {compactRupees(tick)}
          </span>
        ))}
      </div>
      <div className="min-w-0 flex-1">
        <svg
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="block h-48 w-full overflow-visible"
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{revenueSummary(days)}</desc>
          {axis.ticks.map((tick) => {
            const y = yOf(tick, axis.top, PLOT);
            return (
              <line
                key={tick}
                x1={0}
                x2={WIDTH}
                y1={y}
                y2={y}
                vectorEffect="non-scaling-stroke"
                className={tick === 0 ? "stroke-stone-400" : "stroke-stone-200"}
              />
            );
          })}
          {boxes.map((box, i) => (
            <rect key={days[i].date} {...box} className={i === last ? "fill-brand-800" : "fill-brand-600"}>
              <title>{`${dayName(days[i].date)}: ${formatRupees(days[i].revenue)}`}</title>
            </rect>
          ))}
        </svg>
        {/* Boxes, not a list: hidden from screen readers anyway, and React may stream a long run of
            them one by one in containers of their own, where a list item is not valid HTML. */}
        <div
          aria-hidden="true"
          className="mt-1 grid text-center text-xs text-stone-600"
          style={{ gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` }}
        >
          {days.map((day, i) => (
            // On a phone every other day is named, counting back from today, so the numbers do not touch;
            // a month's name stays (visibility can be turned back on inside a hidden box).
            <div key={day.date} className={i === last ? "font-bold text-stone-900" : (last - i) % 2 === 1 ? "max-sm:invisible" : undefined}>
              {dayOfMonth(day.date)}
              {(i === 0 || dayOfMonth(day.date) === "1") && <span className="visible block">{monthOf(day.date)}</span>}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
