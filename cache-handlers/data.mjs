// @ts-check
// Next.js's cache handler for 'use cache' (next.config.ts `cacheHandlers.default`): entries in
// this process's memory, expired by tags shared between instances (tag-expiry.mjs).
import { Lru } from "./lru.mjs";
import { expireTags, latestExpiry, tagsState } from "./tag-expiry.mjs";

const MAX_BYTES = 32 * 1024 * 1024;

/** @typedef {{ value: Uint8Array, tags: string[], stale: number, timestamp: number, expire: number, revalidate: number }} Stored */

/** @type {Lru<Stored>} */
const store = new Lru(MAX_BYTES);
/** @type {Map<string, Promise<void>>} */
const pending = new Map();

/** @param {Uint8Array} bytes */
function streamOf(bytes) {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** @type {import("next/cache").CacheHandler} */
const handler = {
  async get(cacheKey) {
    await pending.get(cacheKey);
    const entry = store.get(cacheKey);
    if (!entry) return undefined;
    const state = tagsState(entry.tags, entry.timestamp);
    if (state === "expired") {
      store.delete(cacheKey);
      return undefined;
    }
    return { ...entry, revalidate: state === "stale" ? -1 : entry.revalidate, value: streamOf(entry.value) };
  },

  async set(cacheKey, pendingEntry) {
    /** @type {() => void} */
    let done = () => {};
    pending.set(cacheKey, new Promise((resolve) => (done = () => resolve(undefined))));
    try {
      const entry = await pendingEntry;
      const value = new Uint8Array(await new Response(entry.value).arrayBuffer());
      store.set(cacheKey, { ...entry, value }, value.byteLength);
    } catch {
      // A value that failed while it was made is not kept.
    } finally {
      pending.delete(cacheKey);
      done();
    }
  },

  // The listener keeps the tags current (tag-expiry.mjs): nothing to fetch per request.
  async refreshTags() {},

  async getExpiration(tags) {
    return latestExpiry(tags);
  },

  async updateTags(tags, durations) {
    await expireTags(tags, durations?.expire);
  },
};

export default handler;
