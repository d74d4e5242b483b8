import "server-only";

// How the parts of a server process that hold something open (the mail worker, the live-updates
// listener) end when the process is told to (SIGTERM, SIGINT). The shop's server (server/main.ts)
// waits for them through stopsInProgress() before it exits. They are kept on globalThis because
// the server and Next's bundles each load their own copy of this module.
const globalForStops = globalThis as unknown as { freshBowlStops?: Set<Promise<unknown>> };

function inProgress(): Set<Promise<unknown>> {
  globalForStops.freshBowlStops ??= new Set();
  return globalForStops.freshBowlStops;
}

/**
 * Runs `stop` (after `before`, which must not throw) when the process is told to end. Alone on a
 * signal, a listener would keep the process from ending, so when no one else handles it (the
 * shop's server and next dev do), the signal is raised again once `stop` settles: the process
 * ends as it would have without us.
 */
export function stopOnSignal(stop: () => Promise<unknown>, before?: () => void): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    const onSignal = () => {
      before?.();
      const alone = process.listenerCount(signal) === 1;
      const stopping = stop()
        .catch(() => undefined)
        .finally(() => {
          inProgress().delete(stopping);
          if (!alone) return;
          process.removeListener(signal, onSignal);
          process.kill(process.pid, signal);
        });
      inProgress().add(stopping);
    };
    process.on(signal, onSignal);
  }
}

/** Resolves once every stop begun by a signal has settled. */
export async function stopsInProgress(): Promise<void> {
  await Promise.all([...inProgress()]);
}
