import "server-only";
import { subscribe, type HubMessage } from "@/lib/realtime/hub";
import { eventFor, type Viewer } from "@/lib/realtime/notice";
import type { WireEvent } from "@/lib/realtime/events";

// One server-sent-events stream: what this instance's listener hears, filtered for the viewer
// (notice.ts's eventFor), a heartbeat comment so proxies and the browser know the stream is
// alive, and the viewer's session checked again now and then, so a stream does not outlive a
// logout or a change of role (the browser reconnects and is authorised afresh).

const HEARTBEAT_MS = 15_000;
/** The session is checked again every this many heartbeats (once a minute). */
const RECHECK_EVERY = 4;
/** How long a browser waits before reconnecting on its own; use-live-events.ts adds its backoff. */
const RETRY_MS = 3_000;

export type StreamOptions = {
  /** The viewer as the session says now; null when it has ended. */
  recheck: () => Promise<Viewer | null>;
  /** The request's signal: the browser went away. */
  signal: AbortSignal;
};

const encoder = new TextEncoder();
const frame = (event: WireEvent) => encoder.encode(`data: ${JSON.stringify(event)}\n\n`);

export function eventStream(viewer: Viewer, { recheck, signal }: StreamOptions): Response {
  let close: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      let beats = 0;
      const send = (bytes: Uint8Array) => {
        if (!closed) controller.enqueue(bytes);
      };
      const onMessage = (message: HubMessage) => {
        if (message.type === "shutdown") return close();
        const event = eventFor(viewer, message);
        if (event) send(frame(event));
      };
      const unsubscribe = subscribe(onMessage);
      const heartbeat = setInterval(() => {
        send(encoder.encode(": ping\n\n"));
        if (++beats % RECHECK_EVERY !== 0) return;
        recheck().then(
          (now) => {
            if (!now || now.id !== viewer.id || now.role !== viewer.role) close();
          },
          // The database away for a moment is no reason to drop the stream.
          () => undefined,
        );
      }, HEARTBEAT_MS);
      close = () => {
        if (closed) return;
        closed = true;
        unsubscribe();
        clearInterval(heartbeat);
        signal.removeEventListener("abort", close);
        try {
          controller.close();
        } catch {
          // Already closed by the other side.
        }
      };
      signal.addEventListener("abort", close);
      send(encoder.encode(`retry: ${RETRY_MS}\n`));
      send(frame({ type: "ready" }));
      if (signal.aborted) close();
    },
    cancel() {
      close();
    },
  });
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
