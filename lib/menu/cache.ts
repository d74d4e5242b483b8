import "server-only";
import { revalidateTag, unstable_cache } from "next/cache";

// The menu cache: menu reads are kept in Next's data cache under one tag, and the pages built
// from them (/, /menu, /api/menu) in Next's page cache and the production server's shared cache
// (scripts/page-cache.mjs). Every admin change expires all of them at once, in this instance;
// every other instance hears of it from the database (a trigger's NOTIFY, lib/realtime/) and
// expires its own within a moment. CACHE_SECONDS bounds the rest (a listener reconnecting).

const MENU_TAG = "menu";
const CACHE_SECONDS = 60;

// Next's data cache exists only inside a Next.js server. Scripts and the integration tests
// call these functions directly; there the cache is simply skipped. Only Next's own
// "no cache here" invariants are recognised; anything else is rethrown.
function isOutsideNextServer(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.message.startsWith("Invariant: incrementalCache missing") ||
      error.message.startsWith("Invariant: static generation store missing"))
  );
}

/** `fn` read through Next's data cache under the menu tag. */
export function cached<A extends unknown[], R>(key: string, fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  const wrapped = unstable_cache(fn, ["fresh-bowl-menu", key], { tags: [MENU_TAG], revalidate: CACHE_SECONDS });
  return async (...args: A) => {
    try {
      return await wrapped(...args);
    } catch (error) {
      // The invariant is thrown before `fn` runs, so this never runs a query twice.
      if (isOutsideNextServer(error)) return fn(...args);
      throw error;
    }
  };
}

/** Expires every cached menu read and every cached page built from them, in this instance. */
export function invalidateMenu() {
  // The production server's copy of the cached pages (scripts/page-cache.mjs), in this process.
  (globalThis as { freshBowlPageCache?: { clear: () => void } }).freshBowlPageCache?.clear();
  try {
    // { expire: 0 }: the next request must not be served the old menu (contract: changes show
    // without a redeploy); the cached pages carry the tag of the reads they were built from.
    revalidateTag(MENU_TAG, { expire: 0 });
  } catch (error) {
    if (!isOutsideNextServer(error)) throw error;
  }
}
