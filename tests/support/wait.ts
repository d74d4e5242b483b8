// Waiting for something that happens asynchronously (a queued mail, a job row) by polling a
// condition, never by sleeping a fixed time: fast when it is fast, patient when it is slow.

export type WaitOptions = { timeout?: number; interval?: number; what?: string };

/** Resolves with the first truthy value `probe` returns; rejects after `timeout` ms. */
export async function waitFor<T>(
  probe: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  options: WaitOptions = {},
): Promise<T> {
  const { timeout = 10_000, interval = 25, what = "the condition" } = options;
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() >= deadline) throw new Error(`Timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
