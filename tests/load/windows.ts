// Outage windows: from a fault (an instance killed, PostgreSQL stopped) until the first
// successful request on that instance afterwards. A 503 with Retry-After is the contract's answer
// inside one (plus a grace for replies already on their way); any other 5xx, or any 5xx
// outside, is a failure.
import type { Outcome } from "./requests";

export type Window = { instance: number; cause: string; start: number; end: number };

/** The steps of the fault drill, in the order run.ts takes them. */
type FaultStep = "killAt" | "restartedAt" | "readyAt" | "pgStopAt" | "pgStoppedAt" | "pgStartAt" | "pgStartedAt";

/** Which instance the drill killed, and when (Date.now()) each step happened. */
export type Faults = { killed: number } & Record<FaultStep, number>;

const ok = (o: Outcome) => o.status !== null && o.status >= 200 && o.status < 300;

/** The first successful request on `instance` sent at or after `after` (its reply time), or Infinity. */
export function firstSuccess(outcomes: Outcome[], instance: number, after: number): number {
  let best = Infinity;
  for (const o of outcomes) if (o.instance === instance && o.start >= after && ok(o) && o.end < best) best = o.end;
  return best;
}

export function outageWindows(outcomes: Outcome[], faults: Faults, instances: number): Window[] {
  const windows: Window[] = [
    {
      instance: faults.killed,
      cause: "SIGKILL + restart",
      start: faults.killAt,
      end: firstSuccess(outcomes, faults.killed, faults.killAt),
    },
  ];
  for (let i = 0; i < instances; i++)
    windows.push({ instance: i, cause: "PostgreSQL restart", start: faults.pgStopAt, end: firstSuccess(outcomes, i, faults.pgStartedAt) });
  return windows;
}

export type FiveXx = { inside: number; outside: number; disallowed: Outcome[]; outsideList: Outcome[]; noReplyOutside: number };

export function classify(outcomes: Outcome[], windows: Window[], graceMs: number): FiveXx {
  const result: FiveXx = { inside: 0, outside: 0, disallowed: [], outsideList: [], noReplyOutside: 0 };
  const within = (o: Outcome) => windows.some((w) => w.instance === o.instance && o.end >= w.start && o.start <= w.end + graceMs);
  for (const o of outcomes) {
    if (o.status === null) {
      if (!within(o)) result.noReplyOutside++;
      continue;
    }
    if (o.status < 500) continue;
    if (within(o)) result.inside++;
    else {
      result.outside++;
      result.outsideList.push(o);
    }
    // Inside or out, only a 503 that says when to come back is the contract's answer.
    if (o.status !== 503 || o.retryAfter === null) result.disallowed.push(o);
  }
  return result;
}
