// @ts-check
// Next.js's cache handler for prerendered pages and route replies (next.config.ts `cacheHandler`),
// kept in this process's memory and expired by tags shared between instances (tag-expiry.mjs).
//
// Each instance renders its pages from the database on their first request: nothing is read
// back from the build (whose database is not the shop's) or from disk.
import { Lru } from "./lru.mjs";
import { expireTags, tagsState } from "./tag-expiry.mjs";

const MAX_BYTES = 64 * 1024 * 1024;
// The tags Next.js gives a cached page or route reply (documented for cache handlers).
const TAGS_HEADER = "x-next-cache-tags";

/** @typedef {{ value: any, lastModified: number, tags: string[] }} Stored */

/** @param {unknown} value */
function sizeOf(value) {
  if (value === null || value === undefined) return 0;
  if (typeof value === "string") return value.length * 2;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Map) return [...value.values()].reduce((sum, v) => sum + sizeOf(v), 0);
  if (typeof value === "object") return Object.values(value).reduce((sum, v) => sum + sizeOf(v), 0);
  return 8;
}

/** @param {any} value @param {string[] | undefined} given */
function tagsOf(value, given) {
  const header = value?.headers?.[TAGS_HEADER];
  const fromHeader = typeof header === "string" && header ? header.split(",") : [];
  return [...new Set([...fromHeader, ...(given ?? [])])];
}

/** @type {Lru<Stored>} */
const store = new Lru(MAX_BYTES);

export default class PageCacheHandler {
  /** @param {string} key @param {{ softTags?: string[] }} [ctx] */
  async get(key, ctx) {
    const stored = store.get(key);
    if (!stored) return null;
    const state = tagsState([...stored.tags, ...(ctx?.softTags ?? [])], stored.lastModified);
    if (state === "expired") {
      store.delete(key);
      return null;
    }
    // Stale: served no more without being made again first.
    return { value: stored.value, lastModified: state === "stale" ? -1 : stored.lastModified };
  }

  /** @param {string} key @param {any} data @param {{ tags?: string[] }} [ctx] */
  async set(key, data, ctx) {
    if (data === null) return store.delete(key);
    store.set(key, { value: data, lastModified: Date.now(), tags: tagsOf(data, ctx?.tags) }, sizeOf(data));
  }

  /** @param {string | string[]} tags @param {{ expire?: number }} [durations] */
  async revalidateTag(tags, durations) {
    await expireTags(Array.isArray(tags) ? tags : [tags], durations?.expire);
  }

  resetRequestCache() {}
}
