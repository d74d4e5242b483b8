import "server-only";

/**
 * Runs `stop` (after `before`, which must not throw) when the process is told to end (SIGTERM,
 * SIGINT). Alone on a signal, a listener would keep the process from ending, so when no one else
 * handles it (scripts/serve.mjs, next dev do), the signal is raised again once `stop` settles:
 * the process ends as it would have without us.
 */
export function stopOnSignal(stop: () => Promise<unknown>, before?: () => void): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    const onSignal = () => {
      before?.();
      const alone = process.listenerCount(signal) === 1;
      void stop().finally(() => {
        if (!alone) return;
        process.removeListener(signal, onSignal);
        process.kill(process.pid, signal);
      });
    };
    process.on(signal, onSignal);
  }
}
