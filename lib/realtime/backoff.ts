// Reconnect delays for the database listener (listener.ts) and the browser's stream
// (use-live-events.ts): doubling from `baseMs` up to `maxMs`, with "full jitter" (a random
// delay up to that bound) so that many clients cut off at once do not all come back at once.

export type Backoff = { baseMs: number; maxMs: number };

/** The delay before attempt `attempt` (0 for the first retry). */
export function backoffDelay(attempt: number, { baseMs, maxMs }: Backoff, random: () => number = Math.random): number {
  const bound = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  // Never below half the bound: a retry at once would hit the same outage.
  return Math.round(bound / 2 + (random() * bound) / 2);
}
