import { describe, expect, it } from "vitest";
import { followLiveEvents, type LiveEnvironment } from "@/lib/realtime/live-connection";
import type { LiveEvent } from "@/lib/realtime/events";
import type { StreamRefusal } from "@/lib/realtime/fetch-stream";

// The browser's side of live updates with stand-ins for the stream, the page's visibility and
// the clock: it follows the stream, reconnects with backoff, polls when the stream cannot be
// had (more slowly when the server has no room for it) and asks for it again later, and does
// nothing while the tab is hidden.

type FakeSource = {
  url: string;
  closed: boolean;
  onMessage: (data: unknown) => void;
  onError: (refusal?: StreamRefusal) => void;
  close: () => void;
};

function world(options: { pollOnly?: boolean; random?: number } = {}) {
  let clock = 0;
  let hidden = false;
  const timers = new Map<number, { fn: () => void; at: number }>();
  let nextTimer = 1;
  const sources: FakeSource[] = [];
  const visibility = new Set<() => void>();
  const heard: LiveEvent[] = [];
  const env: LiveEnvironment = {
    openStream: (url, onMessage, onError) => {
      const s: FakeSource = { url, closed: false, onMessage, onError, close: () => void (s.closed = true) };
      sources.push(s);
      return s;
    },
    hidden: () => hidden,
    onVisibilityChange: (fn) => {
      visibility.add(fn);
      return () => void visibility.delete(fn);
    },
    setTimeout: (fn, ms) => {
      timers.set(nextTimer, { fn, at: clock + ms });
      return nextTimer++;
    },
    clearTimeout: (t) => void timers.delete(t as number),
    now: () => clock,
    random: () => options.random ?? 0.5,
    pollOnly: options.pollOnly ?? false,
  };
  const stop = followLiveEvents((e) => heard.push(e), env);
  const w = {
    heard,
    sources,
    stop,
    open: () => sources.filter((s) => !s.closed),
    last: () => sources[sources.length - 1],
    send: (event: unknown) => w.last().onMessage(JSON.stringify(event)),
    fail: (refusal?: StreamRefusal) => w.last().onError(refusal),
    pending: () => timers.size,
    /** Moves the clock on by `ms`, running the timers that come due. */
    advance: (ms: number) => {
      const until = clock + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        clock = due[1].at;
        due[1].fn();
      }
      clock = until;
    },
    setHidden: (value: boolean) => {
      hidden = value;
      for (const fn of [...visibility]) fn();
    },
  };
  return w;
}

/** A page the server has just refused its stream (503, Retry-After: `retryAfterMs`), its retries spread by `random`. */
function refused(retryAfterMs: number, random = 0) {
  const w = world({ random });
  w.fail({ kind: "busy", retryAfterMs });
  return w;
}

/** How many streams `w` has asked for by each of the moments `at` (ms from now, in order). */
function streamsBy(w: ReturnType<typeof world>, ...at: number[]): number[] {
  let now = 0;
  return at.map((ms) => {
    w.advance(ms - now);
    now = ms;
    return w.sources.length;
  });
}

describe("followLiveEvents", () => {
  it("opens one stream, resyncs once it is open (the page may have missed something since its render) and passes its events on", () => {
    const w = world();
    expect(w.sources.map((s) => s.url)).toEqual(["/api/events"]);
    expect(w.heard).toEqual([]);
    w.send({ type: "ready" });
    w.send({ type: "order", id: "o1", status: "pending" });
    w.send({ type: "menu" });
    expect(w.heard).toEqual([{ type: "resync" }, { type: "order", id: "o1", status: "pending" }, { type: "menu" }]);
  });

  it("reconnects with backoff after an error, and resyncs once back", () => {
    const w = world();
    w.send({ type: "ready" });
    w.fail();
    expect(w.open()).toHaveLength(0);
    w.advance(400);
    expect(w.sources).toHaveLength(1); // not at once: at least half a second
    w.advance(700);
    expect(w.sources).toHaveLength(2);
    w.send({ type: "ready" });
    expect(w.heard).toEqual([{ type: "resync" }, { type: "resync" }]);
  });

  it("falls back to polling after three failures in a row, and tries the stream again later", () => {
    const w = world();
    w.fail();
    w.advance(1_000);
    w.fail();
    w.advance(2_000);
    w.fail();
    expect(w.sources).toHaveLength(3);
    // Polling: a resync at once and every few seconds, no stream.
    expect(w.heard).toEqual([{ type: "resync" }]);
    w.advance(4_000);
    expect(w.heard).toHaveLength(2);
    expect(w.open()).toHaveLength(0);
    w.advance(60_000);
    expect(w.sources).toHaveLength(4);
  });

  it("a server with no room for the stream (503, Retry-After): polls at once and every 15 s, and asks for the stream again after Retry-After", () => {
    const w = refused(30_000);
    expect(w.open()).toHaveLength(0);
    expect(w.heard).toEqual([{ type: "resync" }]);
    w.advance(14_999);
    expect(w.heard).toHaveLength(1);
    w.advance(1);
    expect(w.heard).toHaveLength(2);
    expect(w.sources).toHaveLength(1);
    // Not a failure: no quick reconnects, the stream again once Retry-After has passed.
    w.advance(15_000);
    expect(w.sources).toHaveLength(2);
    expect(w.heard).toHaveLength(2);
    w.send({ type: "ready" });
    expect(w.heard).toHaveLength(3);
    w.advance(60_000);
    expect(w.heard).toHaveLength(3);
  });

  it("spreads the retries of pages refused together over up to half again the Retry-After", () => {
    // The stream asked for again by 45 s, not by 44 s.
    expect(streamsBy(refused(30_000, 0.99), 44_000, 45_000)).toEqual([1, 2]);
  });

  it("refused while hidden-then-shown: polls nothing while hidden, and polls again (not the stream) when shown before Retry-After", () => {
    const w = refused(120_000);
    w.setHidden(true);
    expect(w.pending()).toBe(0);
    w.advance(60_000);
    expect(w.heard).toHaveLength(1);
    w.setHidden(false);
    expect(w.heard).toHaveLength(2);
    expect(w.sources).toHaveLength(1);
    w.setHidden(true);
    w.advance(120_000);
    w.setHidden(false);
    expect(w.sources).toHaveLength(2);
  });

  it("a stream closed for another tab of the same user: polls instead, and asks for a stream again a minute or more later", () => {
    const w = world({ random: 0 });
    w.send({ type: "ready" });
    w.send({ type: "superseded" });
    expect(w.open()).toHaveLength(0);
    // Ending after its last word is no failure to reconnect from.
    w.fail();
    expect(w.heard).toEqual([{ type: "resync" }, { type: "resync" }]);
    w.advance(15_000);
    expect(w.heard).toHaveLength(3);
    expect(w.sources).toHaveLength(1);
    w.advance(45_000);
    expect(w.sources).toHaveLength(2);
  });

  it("a server that does not stream (204): polls every few seconds at once, without three failures first", () => {
    const w = world();
    w.fail({ kind: "no-stream" });
    expect(w.heard).toEqual([{ type: "resync" }]);
    w.advance(4_000);
    expect(w.heard).toHaveLength(2);
    w.advance(56_000);
    expect(w.sources).toHaveLength(2);
  });

  it("polls only, never streaming, when built for a host that cannot hold a stream", () => {
    const w = world({ pollOnly: true });
    expect(w.sources).toHaveLength(0);
    w.advance(4_000 * 30);
    expect(w.sources).toHaveLength(0);
    expect(w.heard.length).toBe(31);
  });

  it("holds no stream and polls nothing while the tab is hidden; back in view it follows again and resyncs", () => {
    const w = world();
    w.send({ type: "ready" });
    w.setHidden(true);
    expect(w.open()).toHaveLength(0);
    expect(w.pending()).toBe(0);
    w.advance(120_000);
    expect(w.sources).toHaveLength(1);
    w.setHidden(false);
    expect(w.open()).toHaveLength(1);
    w.send({ type: "ready" });
    expect(w.heard).toEqual([{ type: "resync" }, { type: "resync" }]);
  });

  it("when polling, stops while hidden and resyncs at once when shown", () => {
    const w = world({ pollOnly: true });
    w.setHidden(true);
    w.advance(60_000);
    expect(w.heard).toHaveLength(1);
    w.setHidden(false);
    expect(w.heard).toHaveLength(2);
  });

  it("stops everything when the page lets go", () => {
    const w = world();
    w.stop();
    expect(w.open()).toHaveLength(0);
    w.setHidden(false);
    w.advance(120_000);
    expect(w.sources).toHaveLength(1);
    expect(w.pending()).toBe(0);
  });

  it("ignores what it cannot read", () => {
    const w = world();
    w.last().onMessage("not json");
    w.last().onMessage(42);
    w.send(null);
    expect(w.heard).toEqual([]);
  });
});
