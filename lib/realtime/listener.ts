import "server-only";
import { Client } from "pg";
import { backoffDelay } from "@/lib/realtime/backoff";
import { LIVE_CHANNEL, parseNotice, type Notice } from "@/lib/realtime/notice";

// ONE listening connection per server instance: a dedicated pg Client, never one of the pool's
// (LISTEN belongs to a session; a pooled connection would be handed to a query and lose it).
// When the database goes away (a restart, a failover, a dropped socket) the client is thrown
// away and a new one connects, with backoff; notifications sent meanwhile are lost, so every
// reconnection after the first is reported (`onReconnect`) for the pages to read again.

const BACKOFF = { baseMs: 500, maxMs: 15_000 };
// A connection can die without a word (a machine gone, a network cut): a query every so often
// finds out, within HEALTH_TIMEOUT_MS at worst.
const HEALTH_EVERY_MS = 20_000;
const HEALTH_TIMEOUT_MS = 10_000;

export type ListenerOptions = {
  connectionString: string;
  onNotice: (notice: Notice) => void;
  /** After a reconnection (not the first connection): notifications may have been missed. */
  onReconnect: () => void;
  log?: Pick<Console, "info" | "warn">;
};

export type Listener = {
  /** Resolves once the first LISTEN is in place (tests wait for it); never rejects. */
  ready: Promise<void>;
  stop: () => Promise<void>;
};

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function startListener({ connectionString, onNotice, onReconnect, log = console }: ListenerOptions): Listener {
  let stopped = false;
  let client: Client | undefined;
  let wake: (() => void) | undefined;
  /** Gives up on the current connection at once. */
  let abandon: (() => void) | undefined;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  /** Connects and listens; `lost` resolves, with the reason, when this connection is gone. */
  const listenOnce = async (): Promise<{ lost: Promise<string>; health: NodeJS.Timeout }> => {
    const c = new Client({
      connectionString,
      keepAlive: true,
      connectionTimeoutMillis: HEALTH_TIMEOUT_MS,
      query_timeout: HEALTH_TIMEOUT_MS,
      application_name: "fresh-bowl-live",
    });
    client = c;
    let fail: (why: string) => void = () => undefined;
    const lost = new Promise<string>((resolve) => {
      fail = resolve;
      c.on("error", (error) => resolve(message(error)));
      c.on("end", () => resolve("connection ended"));
    });
    abandon = () => fail("stopped");
    c.on("notification", (n) => {
      if (n.channel !== LIVE_CHANNEL) return;
      const notice = parseNotice(n.payload);
      if (notice) onNotice(notice);
    });
    await c.connect();
    await c.query(`LISTEN ${LIVE_CHANNEL}`);
    const health = setInterval(() => {
      // Given up on at once: ending a connection whose peer is gone can itself wait for ever.
      c.query("SELECT 1").catch((error: unknown) => fail(`it stopped answering: ${message(error)}`));
    }, HEALTH_EVERY_MS);
    health.unref();
    return { lost, health };
  };

  const run = async () => {
    let connectedBefore = false;
    for (let attempt = 0; !stopped;) {
      let health: NodeJS.Timeout | undefined;
      try {
        const listening = await listenOnce();
        health = listening.health;
        if (stopped) break;
        if (connectedBefore) {
          log.info("[live] listening again for changes");
          onReconnect();
        }
        connectedBefore = true;
        attempt = 0;
        markReady();
        const why = await listening.lost;
        if (!stopped) log.warn(`[live] lost the listening connection (${why}); reconnecting`);
      } catch (error) {
        if (!stopped) log.warn(`[live] could not listen for changes (${message(error)}); retrying`);
      } finally {
        if (health) clearInterval(health);
        const old = client;
        client = undefined;
        void old?.end().catch(() => undefined);
      }
      if (stopped) break;
      await pause(backoffDelay(attempt++, BACKOFF));
    }
  };
  const running = run();

  return {
    ready,
    stop: async () => {
      stopped = true;
      wake?.();
      abandon?.();
      await running;
    },
  };
}
