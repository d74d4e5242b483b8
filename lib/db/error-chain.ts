// The errors a failed query arrives wrapped in: pg's own, Prisma's (the driver adapter's error
// in `meta.driverAdapterError` or `cause`), and anything that wraps those in `cause` or an
// AggregateError. lib/db/errors.ts and lib/db/unavailable.ts both search the whole chain.

export type LooseError = Record<string, unknown>;

/** The first value `read` finds in `error` or anything it wraps, else undefined. */
export function findInErrorChain<T>(error: unknown, read: (e: LooseError) => T | undefined): T | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  // Bounded: a chain of wrappers is short; a cycle or a huge AggregateError must not hang a reply.
  while (queue.length > 0 && seen.size < 32) {
    const e = queue.shift();
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    const loose = e as LooseError;
    const found = read(loose);
    if (found !== undefined) return found;
    queue.push(loose.cause);
    const meta = loose.meta as LooseError | undefined;
    if (meta && typeof meta === "object") queue.push(meta.driverAdapterError);
    if (Array.isArray(loose.errors)) queue.push(...loose.errors.slice(0, 8));
  }
  return undefined;
}
