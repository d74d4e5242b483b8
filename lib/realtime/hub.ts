import "server-only";
import type { Notice } from "@/lib/realtime/notice";

// The fan-out inside one server instance: the one database listener (listener.ts) publishes,
// every open stream (stream.ts) subscribes. On globalThis, because Next bundles
// instrumentation.ts (which starts the listener) and the route handlers apart: module state is
// not shared between them, the process's global object is.

export type HubMessage = Notice | { type: "resync" } | { type: "shutdown" };
type Subscriber = (message: HubMessage) => void;

const globalForHub = globalThis as unknown as { freshBowlLiveHub?: Set<Subscriber> };

function subscribers(): Set<Subscriber> {
  globalForHub.freshBowlLiveHub ??= new Set();
  return globalForHub.freshBowlLiveHub;
}

/** Calls `fn` with every message published in this process until the returned function is called. */
export function subscribe(fn: Subscriber): () => void {
  subscribers().add(fn);
  return () => void subscribers().delete(fn);
}

export function publish(message: HubMessage): void {
  for (const fn of [...subscribers()]) {
    try {
      fn(message);
    } catch (error) {
      // One broken stream must not keep the others from hearing.
      console.warn(`[live] a stream failed to take an event: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** Open streams in this process (for tests and the log). */
export function subscriberCount(): number {
  return subscribers().size;
}
