import { backoffDelay } from "@/lib/realtime/backoff";
import { EVENTS_PATH, LIVE_POLL_INTERVAL_MS, type LiveEvent, type WireEvent } from "@/lib/realtime/events";

// Following live updates in the browser (product.md §7), apart from React so it can be tested
// with stand-ins: the server's event stream (GET /api/events) through EventSource, reconnecting
// with backoff; polling instead where a stream cannot be held (built with
// NEXT_PUBLIC_LIVE_UPDATES=poll, a server that answers 204, a stream that keeps failing);
// nothing at all while the tab is hidden. Whenever events may have been missed (each time a
// stream opens, each poll) the page hears `resync` and reads everything again.

const RECONNECT = { baseMs: 1_000, maxMs: 30_000 };
/** Failed attempts in a row before falling back to polling for a while. */
const FAILURES_BEFORE_POLLING = 3;
/** How long to poll after the stream kept failing before trying it again. */
const POLL_BEFORE_RETRY_MS = 60_000;

type Source = { close: () => void };

/** What the browser provides; tests hand in stand-ins. */
export type LiveEnvironment = {
  /** Opens an event stream that calls `onMessage` with each message's data and `onError` on trouble. */
  openStream: (url: string, onMessage: (data: unknown) => void, onError: () => void) => Source;
  /** Whether the page is hidden now. */
  hidden: () => boolean;
  onVisibilityChange: (fn: () => void) => () => void;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
  now: () => number;
  /** Poll instead of streaming, from the start. */
  pollOnly: boolean;
};

function parse(data: unknown): WireEvent | null {
  if (typeof data !== "string") return null;
  try {
    const value = JSON.parse(data) as WireEvent | null;
    return value && typeof value.type === "string" ? value : null;
  } catch {
    return null;
  }
}

/** Follows live events until the returned function is called. */
export function followLiveEvents(emit: (event: LiveEvent) => void, env: LiveEnvironment): () => void {
  let source: Source | undefined;
  let timer: unknown;
  let failures = 0;
  let polling = env.pollOnly;
  let pollingUntil = 0;
  let disposed = false;

  const stop = () => {
    source?.close();
    source = undefined;
    if (timer !== undefined) env.clearTimeout(timer);
    timer = undefined;
  };

  const poll = () => {
    emit({ type: "resync" });
    timer = env.setTimeout(() => {
      timer = undefined;
      if (!env.pollOnly && env.now() >= pollingUntil) {
        polling = false;
        failures = 0;
        return connect();
      }
      poll();
    }, LIVE_POLL_INTERVAL_MS);
  };

  const connect = () => {
    stop();
    if (disposed || env.hidden()) return;
    if (polling) return poll();
    const onMessage = (data: unknown) => {
      const event = parse(data);
      if (!event) return;
      if (event.type !== "ready") return emit(event);
      // Open: whatever happened while there was no stream went unheard. The first time too:
      // between the page's render and this moment (an order reaching the kitchen display then
      // would otherwise wait for the next event to show).
      failures = 0;
      emit({ type: "resync" });
    };
    const onError = () => {
      // The browser would retry at once and for ever: this retries with backoff instead, and
      // polls for a while when the stream cannot be had (204, a host that cuts it, an outage).
      es.close();
      if (source !== es) return;
      source = undefined;
      failures += 1;
      if (failures >= FAILURES_BEFORE_POLLING) {
        polling = true;
        pollingUntil = env.now() + POLL_BEFORE_RETRY_MS;
        return poll();
      }
      timer = env.setTimeout(
        () => {
          timer = undefined;
          connect();
        },
        backoffDelay(failures - 1, RECONNECT),
      );
    };
    const es = env.openStream(EVENTS_PATH, onMessage, onError);
    source = es;
  };

  // Hidden: no stream, no polling. Back in view: follow again; the new stream's `ready` (or the
  // first poll) tells the page to read again, as nothing was followed meanwhile.
  const unwatch = env.onVisibilityChange(() => {
    if (env.hidden()) return stop();
    if (source === undefined && timer === undefined) connect();
  });

  connect();
  return () => {
    disposed = true;
    unwatch();
    stop();
  };
}
