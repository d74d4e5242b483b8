import "server-only";
import { publish, subscriberCount } from "@/lib/realtime/hub";
import { startListener, type Listener } from "@/lib/realtime/listener";
import { streamsEnabled } from "@/lib/realtime/mode";
import { stopOnSignal } from "@/lib/stop-on-signal";
import { env } from "@/lib/env";

// Live updates inside a server instance: started from instrumentation.ts when the server starts
// (and, should that not have happened, by the first stream, app/api/events). One listener per
// process (on globalThis: dev reloads this module, and the route handlers are bundled apart),
// whose notices reach every open stream. (The cached menu expires through Next's cache
// handlers: cache-handlers/tag-expiry.mjs.)

const globalForLive = globalThis as unknown as { freshBowlLiveListener?: Listener };

export function startLiveUpdatesInServer(): Listener | undefined {
  if (globalForLive.freshBowlLiveListener) return globalForLive.freshBowlLiveListener;
  // `next build` may load instrumentation while prerendering; it has no database to listen to.
  if (env().isBuildPhase || !streamsEnabled()) return undefined;
  const connectionString = env().DATABASE_URL;
  if (!connectionString) return undefined;

  const listener = startListener({
    connectionString,
    onNotice: publish,
    // Whatever happened while the connection was down went unheard.
    onReconnect: () => publish({ type: "resync" }),
  });
  globalForLive.freshBowlLiveListener = listener;

  // Open streams would hold a graceful stop (server/main.ts waits for requests in flight):
  // end them, and the listening connection, on the signals that stop the server.
  stopOnSignal(
    () => listener.stop(),
    () => {
      const open = subscriberCount();
      publish({ type: "shutdown" });
      if (open > 0) console.info(`[live] stopping: ended ${open} open stream${open === 1 ? "" : "s"}`);
    },
  );
  return listener;
}

/**
 * Resolves once this process listens: normally at once (it has since the server started);
 * otherwise it starts the listener and waits for its first LISTEN, a few seconds at most, so a
 * stream opened now misses nothing its page did not read anyway.
 */
export async function listeningInThisServer(timeoutMs = 5_000): Promise<void> {
  const listener = startLiveUpdatesInServer();
  if (!listener) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([listener.ready, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
}

/** Stops this process's listener (tests). */
export async function stopLiveUpdatesInServer(): Promise<void> {
  const listener = globalForLive.freshBowlLiveListener;
  globalForLive.freshBowlLiveListener = undefined;
  await listener?.stop();
}
