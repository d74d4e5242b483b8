// How `npm start` and `npm run dev` end on SIGINT/SIGTERM, once: stop taking requests, close
// Next, then let the mail worker finish (or release) the mail it is sending, then exit.

/**
 * @param {import("node:http").Server} server
 * @param {{ close: () => Promise<void> }} app Next's app
 * @param {{ dropBusyConnections?: boolean }} [options] dev drops open connections at once (a
 *   browser's hot-reload stream would otherwise hold the exit); production lets requests in
 *   flight finish.
 */
export function stopOnSignals(server, app, options = {}) {
  let stopping = false;
  async function stop() {
    if (stopping) return;
    stopping = true;
    if (options.dropBusyConnections) server.closeAllConnections();
    else server.closeIdleConnections();
    await new Promise((resolve) => server.close(resolve));
    await app.close().catch(() => undefined);
    // A mail being sent right now must finish (or be released) before exit: graphile-worker would
    // otherwise keep its job locked for hours (lib/email/in-server.ts).
    await globalThis.freshBowlMailWorker?.stop().catch(() => undefined);
    process.exit(0);
  }
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
