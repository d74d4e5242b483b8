import "server-only";
import { admit, watchSessionEnds, type EndReason } from "@/lib/realtime/hub";
import { eventFor, type Announcement, type Viewer } from "@/lib/realtime/notice";
import type { WireEvent } from "@/lib/realtime/events";
import { ServiceUnavailable, Unauthorized } from "@/lib/errors";
import { env } from "@/lib/env";

// One server-sent-events stream: what this instance's listener hears for the viewer (the hub
// passes on only what concerns them; notice.ts's eventFor filters again), and a heartbeat
// comment so proxies and the browser know the stream is alive. The stream ends when the
// viewer's session ends or their role changes (a notice from the database, on every instance),
// when a sixth stream of theirs opens, or when the server stops.

const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting on its own; use-live-events.ts adds its backoff. */
const RETRY_MS = 3_000;
/** How long a browser refused for want of room polls before asking for a stream again. */
const FULL_RETRY_AFTER_SECONDS = 30;

export type StreamOptions = {
  /** The viewer as the session says now; null when it has ended. */
  recheck: () => Promise<Viewer | null>;
  /** The request's signal: the browser went away. */
  signal: AbortSignal;
};

const encoder = new TextEncoder();
const frame = (event: WireEvent) => encoder.encode(`data: ${JSON.stringify(event)}\n\n`);

/**
 * The stream for whoever `authenticate` says the caller is: 401 when signed out (or when that
 * session ended while it was being checked), 503 with Retry-After when this instance holds as
 * many streams as it may (EVENTS_MAX_STREAMS).
 */
export async function openEventStream(authenticate: () => Promise<Viewer>, options: StreamOptions): Promise<Response> {
  const watch = watchSessionEnds();
  let viewer: Viewer;
  try {
    viewer = await authenticate();
  } finally {
    watch.stop();
  }
  if (watch.ended(viewer.id)) throw new Unauthorized();
  return eventStream(viewer, options);
}

function eventStream(viewer: Viewer, { recheck, signal }: StreamOptions): Response {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let closed = false;
  let leave: (() => void) | null = null;
  const send = (bytes: Uint8Array) => {
    if (closed) return;
    try {
      controller?.enqueue(bytes);
    } catch {
      // The other side is gone: a heartbeat must not throw from its timer.
      close();
    }
  };

  const close = (lastWord?: WireEvent) => {
    if (closed) return;
    if (lastWord) send(frame(lastWord));
    closed = true;
    leave?.();
    clearInterval(heartbeat);
    signal.removeEventListener("abort", onAbort);
    try {
      controller?.close();
    } catch {
      // Already closed by the other side.
    }
  };
  const onAbort = () => close();

  const take = (message: Announcement) => {
    const event = eventFor(viewer, message);
    if (event) send(frame(event));
    // A resync follows the listener's reconnection: the end of this session may have been
    // announced while it was away, so the session is checked again, once.
    if (message.type !== "resync") return;
    recheck().then(
      (now) => {
        if (!now || now.id !== viewer.id || now.role !== viewer.role) close();
      },
      // The database away for a moment is no reason to drop the stream.
      () => undefined,
    );
  };
  const end = (why: EndReason) => close(why === "superseded" ? { type: "superseded" } : undefined);

  leave = admit({ viewer, take, end }, env().EVENTS_MAX_STREAMS);
  if (!leave)
    throw new ServiceUnavailable(
      FULL_RETRY_AFTER_SECONDS,
      "This server holds all the live updates it can; the page checks for changes now and then instead.",
    );

  // start() runs within the constructor, before any notice can arrive.
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      send(encoder.encode(`retry: ${RETRY_MS}\n`));
      send(frame({ type: "ready" }));
      heartbeat = setInterval(() => send(encoder.encode(": ping\n\n")), HEARTBEAT_MS);
    },
    cancel() {
      close();
    },
  });
  signal.addEventListener("abort", onAbort);
  if (signal.aborted) close();
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: compression (Next's own) and proxies must pass each event on at once.
      "Cache-Control": "no-cache, no-store, no-transform",
      // nginx buffers proxied replies unless told not to.
      "X-Accel-Buffering": "no",
      // Once a stream ends (a stop, a session that ended) its connection goes too: left open for
      // keep-alive, it would hold a graceful stop (server/main.ts) for the idle timeout.
      Connection: "close",
    },
  });
}
