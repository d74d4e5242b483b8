// The arithmetic of a bar chart, apart from its drawing so it is unit-tested: where the value
// axis ends and its ticks, and where each bar goes. Numbers are SVG user units.

export type Box = { x: number; y: number; width: number; height: number };

/** Tick steps tried at each power of ten: numbers a reader adds up at a glance, close enough together that the top stays near the data. */
const STEPS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

/**
 * The value axis for data up to `max`: the smallest round whole step (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or
 * 8 × 10^k) that reaches `max` in `tickCount` steps, and its ticks from 0 up to the top. All zeros (or nothing)
 * still get an axis (0 to `tickCount`), so the chart keeps its shape on a day without orders.
 */
export function valueAxis(max: number, tickCount = 4): { top: number; ticks: number[] } {
  if (!Number.isInteger(tickCount) || tickCount < 1) throw new RangeError(`tickCount must be a positive integer, got ${tickCount}`);
  const raw = Math.max(max, 0) / tickCount;
  const magnitude = raw <= 1 ? 1 : 10 ** Math.floor(Math.log10(raw));
  const step = STEPS.map((s) => s * magnitude).find((s) => Number.isInteger(s) && s >= raw) ?? 10 * magnitude;
  return { top: step * tickCount, ticks: Array.from({ length: tickCount + 1 }, (_, i) => i * step) };
}

/** Rounded to a tenth of a unit: finer is invisible and only lengthens the markup. */
const tenth = (n: number) => Math.round(n * 10) / 10;

/** The height of `value` on an axis from 0 to `top` drawn `height` units tall, measured up from the bottom. */
function scaled(value: number, top: number, height: number): number {
  return top > 0 ? (Math.min(Math.max(value, 0), top) / top) * height : 0;
}

/** Where the line for `value` crosses the plot (its y), for the ticks' grid lines. */
export function yOf(value: number, top: number, plot: Box): number {
  return tenth(plot.y + plot.height - scaled(value, top, plot.height));
}

/**
 * One bar per value, left to right in equal slots across `plot`, each `1 - gap` of its slot
 * wide and centred in it, standing on the plot's bottom. A value above zero is at least one
 * unit tall, so a small day is not mistaken for an empty one.
 */
export function bars(values: readonly number[], top: number, plot: Box, gap = 0.3): Box[] {
  const slot = values.length > 0 ? plot.width / values.length : 0;
  const width = slot * (1 - gap);
  return values.map((value, i) => {
    const height = value > 0 ? Math.max(scaled(value, top, plot.height), 1) : 0;
    return {
      x: tenth(plot.x + i * slot + (slot - width) / 2),
      y: tenth(plot.y + plot.height - height),
      width: tenth(width),
      height: tenth(height),
    };
  });
}
