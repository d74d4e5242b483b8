// Latency in a phase, of real customers' orders or the kitchen's steps: every such request sent
// in it (retries too) that got a reply, leaving out those that overlap an outage window on any
// instance (a restart or a database away slows both instances, which share the machine) or the
// moments after one while the stack settles (`settleMs`: a restarted instance loads its code and
// both fill their connection pools again, as they did at the quiet phase's start, which is left
// out likewise): what abuse costs, apart from what the faults cost.
import type { Outcome } from "./requests";
import type { Window } from "./windows";

export type Latency = { samples: number; p50: number; p99: number };

/** The nearest-rank percentile `q` (0–1) of `sorted` (ascending). */
function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

export function latency(outcomes: Outcome[], kind: Outcome["kind"], from: number, to: number, windows: Window[], graceMs: number): Latency {
  const overlaps = (o: Outcome) => windows.some((w) => o.end >= w.start && o.start <= w.end + graceMs);
  const times = outcomes
    .filter((o) => o.kind === kind && o.status !== null && o.start >= from && o.start < to && !overlaps(o))
    .map((o) => o.end - o.start)
    .sort((a, b) => a - b);
  return { samples: times.length, p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}
