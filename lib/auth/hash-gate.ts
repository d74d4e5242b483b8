import "server-only";
import { ServiceUnavailable } from "@/lib/errors";

// The bound on password hashing (product.md §5), shared fairly: `slots` hashes at once, a queue
// of `queue` beyond that, then 503 with Retry-After. Each hash names the network it is done for
// (lib/client-ip.ts networkOf: an IPv6 /48 or one IPv4 address). While the queue is full, no
// network holds more than a fair share of its places: a newcomer from a network under its share
// takes the place of the newest waiter of the network holding the most, which is refused as if
// it had come last. So one network's flood, however many addresses it has, keeps the queue full
// for itself only, and everyone else still gets in. Requests come and go in a fraction of a
// second, so the share is counted over what waits now, not over time.

type Waiter = { network: string; start: () => void; refuse: (error: ServiceUnavailable) => void };

export type HashGate = {
  /** Runs `work` when a slot is free; throws ServiceUnavailable when it may not wait. */
  run<T>(network: string, work: () => Promise<T>): Promise<T>;
};

export function createHashGate({ slots, queue, retryAfterSeconds }: { slots: number; queue: number; retryAfterSeconds: number }): HashGate {
  let running = 0;
  const waiting: Waiter[] = [];

  /** Which waiter makes way for a newcomer from `network` while the queue is full, if any. */
  function makingWay(network: string): number {
    const held = new Map<string, number>();
    for (const w of waiting) held.set(w.network, (held.get(w.network) ?? 0) + 1);
    const networks = held.size + (held.has(network) ? 0 : 1);
    const share = Math.max(1, Math.floor(queue / networks));
    if ((held.get(network) ?? 0) >= share) return -1;
    let most = share;
    let widest: string | undefined;
    for (const [n, count] of held) {
      if (count > most) [most, widest] = [count, n];
    }
    if (widest === undefined) return -1;
    for (let i = waiting.length - 1; i >= 0; i--) if (waiting[i].network === widest) return i;
    return -1;
  }

  function wait(network: string): Promise<void> {
    if (waiting.length >= queue) {
      const out = makingWay(network);
      if (out === -1) throw new ServiceUnavailable(retryAfterSeconds);
      waiting.splice(out, 1)[0].refuse(new ServiceUnavailable(retryAfterSeconds));
    }
    return new Promise<void>((start, refuse) => waiting.push({ network, start, refuse }));
  }

  return {
    async run(network, work) {
      if (running < slots) running++;
      else await wait(network);
      try {
        return await work();
      } finally {
        // Hand the slot straight to the next in line (running stays the same), else free it.
        const next = waiting.shift();
        if (next) next.start();
        else running--;
      }
    },
  };
}
