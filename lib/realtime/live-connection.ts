import { backoffDelay } from "@/lib/realtime/backoff";
import { EVENTS_PATH, LIVE_POLL_INTERVAL_MS, type LiveEvent, type WireEvent } from "@/lib/realtime/events";
import type { StreamRefusal } from "@/lib/realtime/fetch-stream";

// Following live updates in the browser (product.md §7), apart from React so it can be tested
// with stand-ins: the server's event stream (GET /api/events), reconnecting with backoff;
// polling instead where a stream cannot be held (built with NEXT_PUBLIC_LIVE_UPDATES=poll, a
// server that answers 204, a stream that keeps failing) and, more slowly, where the server has
// no room for it (503 with Retry-After) or another tab of the same user took its place; each
// of those asks for the stream again later. Nothing at all while the tab is hidden. Whenever
// events may have been missed (each time a stream opens, each poll) the page hears `resync` and
// reads everything again.

const RECONNECT = { baseMs: 1_000, maxMs: 30_000 };
/** Failed attempts in a row before falling back to polling for a while. */
const FAILURES_BEFORE_POLLING = 3;
/** How long to poll, when the stream could not be had, before trying it again. */
const POLL_BEFORE_RETRY_MS = 60_000;
/** Polling while the server has no room for this page's stream: slower, as it is shedding load. */
const BUSY_POLL_INTERVAL_MS = 15_000;

type Source = { close: () => void };

/** What the browser provides; tests hand in stand-ins. */
export type LiveEnvironment = {
  /**
   * Opens an event stream that calls `onMessage` with each message's data and `onError` once on
   * trouble (with the server's refusal, when it refused).
   */
  openStream: (url: string, onMessage: (data: unknown) => void, onError: (refusal?: StreamRefusal) => void) => Source;
  /** Whether the page is hidden now. */
  hidden: () => boolean;
  onVisibilityChange: (fn: () => void) => () => void;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
  now: () => number;
  /** In [0, 1): spreads out the retries of pages refused at the same moment. */
  random: () => number;
  /** Poll instead of streaming, from the start. */
  pollOnly: boolean;
};

type Polling = { until: number; every: number };

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
  let polling: Polling | undefined = env.pollOnly ? { until: Infinity, every: LIVE_POLL_INTERVAL_MS } : undefined;
  let disposed = false;

  const stop = () => {
    source?.close();
    source = undefined;
    if (timer !== undefined) env.clearTimeout(timer);
    timer = undefined;
  };

  const later = (fn: () => void, ms: number) => {
    timer = env.setTimeout(() => {
      timer = undefined;
      fn();
    }, ms);
  };

  /** One poll, and the next (or the stream again once `until` has come). */
  const poll = ({ until, every }: Polling) => {
    emit({ type: "resync" });
    later(() => connect(), Math.min(every, until - env.now()));
  };

  const pollFor = (ms: number, every: number) => {
    polling = { until: env.now() + ms, every };
    poll(polling);
  };
  /** At least `ms`, and up to half again: pages refused together do not all come back together. */
  const spread = (ms: number) => ms + Math.floor((env.random() * ms) / 2);

  const connect = () => {
    stop();
    if (disposed || env.hidden()) return;
    if (polling && env.now() < polling.until) return poll(polling);
    if (polling) failures = 0;
    polling = undefined;
    const onMessage = (data: unknown) => {
      const event = parse(data);
      if (!event || source !== es) return;
      if (event.type === "superseded") {
        // Another tab of this user opened a stream in this one's place (at most 5 each).
        stop();
        return pollFor(spread(POLL_BEFORE_RETRY_MS), BUSY_POLL_INTERVAL_MS);
      }
      if (event.type !== "ready") return emit(event);
      // Open: whatever happened while there was no stream went unheard. The first time too:
      // between the page's render and this moment (an order reaching the kitchen display then
      // would otherwise wait for the next event to show).
      failures = 0;
      emit({ type: "resync" });
    };
    const onError = (refusal?: StreamRefusal) => {
      // Retries with backoff, never at once and for ever; polls for a while when the stream
      // cannot be had (204, a full server, a host that cuts it, an outage).
      es.close();
      if (source !== es) return;
      source = undefined;
      if (refusal?.kind === "busy") return pollFor(spread(refusal.retryAfterMs), BUSY_POLL_INTERVAL_MS);
      if (refusal?.kind === "no-stream") return pollFor(POLL_BEFORE_RETRY_MS, LIVE_POLL_INTERVAL_MS);
      failures += 1;
      if (failures >= FAILURES_BEFORE_POLLING) return pollFor(POLL_BEFORE_RETRY_MS, LIVE_POLL_INTERVAL_MS);
      later(() => connect(), backoffDelay(failures - 1, RECONNECT, env.random));
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
