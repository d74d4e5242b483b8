/// <reference lib="webworker" />
// The service worker's source (product.md §14), bundled into public/sw.js by the build
// (scripts/service-worker.ts) with the precache list of that build written into it. The rules of
// what is kept are lib/offline/keep.ts. Order updates' notifications are app/sw-push.ts, beside
// Serwist's listeners.
import {
  CacheableResponsePlugin,
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  Serwist,
  StaleWhileRevalidate,
  type PrecacheEntry,
  type RuntimeCaching,
  type SerwistGlobalConfig,
} from "serwist";
import { registerPushHandlers } from "@/app/sw-push";
import { CACHE_NAMES, keepFor, menuPageKey, OFFLINE_PAGE, type Keep } from "@/lib/offline/keep";

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

const DAY = 24 * 60 * 60;
const okOnly = () => new CacheableResponsePlugin({ statuses: [200] });
const when =
  (keep: Keep): RuntimeCaching["matcher"] =>
  ({ request }) =>
    keepFor(request, self.location.origin) === keep;

const runtimeCaching: RuntimeCaching[] = [
  {
    // The last menu seen, for offline; online the network always answers (fresh prices).
    matcher: when("menu-page"),
    handler: new NetworkFirst({
      cacheName: CACHE_NAMES.menuPage,
      networkTimeoutSeconds: 4,
      plugins: [okOnly(), { cacheKeyWillBeUsed: async ({ request }) => menuPageKey(request.url) }],
    }),
  },
  {
    matcher: when("menu-api"),
    handler: new StaleWhileRevalidate({ cacheName: CACHE_NAMES.menuApi, plugins: [okOnly()] }),
  },
  {
    matcher: when("image"),
    handler: new StaleWhileRevalidate({
      cacheName: CACHE_NAMES.images,
      plugins: [okOnly(), new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true })],
    }),
  },
  {
    // Files whose names carry their content's hash: never change, so the cache answers first.
    matcher: when("build-asset"),
    handler: new CacheFirst({
      cacheName: CACHE_NAMES.build,
      plugins: [okOnly(), new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true })],
    }),
  },
  // Every other page from the network only; offline, the fallback below.
  { matcher: when("page"), handler: new NetworkOnly() },
];

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  // A new version waits until no page of the old one is open (the next visit), so an open page
  // never finds its scripts swapped under it; once active it takes the pages that open next.
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: false,
  disableDevLogs: true,
  runtimeCaching,
  fallbacks: { entries: [{ url: OFFLINE_PAGE, matcher: ({ request }) => request.mode === "navigate" }] },
});

serwist.addEventListeners();
registerPushHandlers(self);
