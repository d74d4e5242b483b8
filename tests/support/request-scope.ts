import "@/tests/support/async-local-storage";
import { workAsyncStorage, type WorkStore } from "next/dist/server/app-render/work-async-storage.external";
import { workUnitAsyncStorage } from "next/dist/server/app-render/work-unit-async-storage.external";
import { createRequestStoreForAPI } from "next/dist/server/async-storage/request-store";

// Route handlers that call next/headers (next-auth's does: cookies(), headers()) need the
// request scope Next's server sets up around a handler; outside it they throw "called outside a
// request scope". This sets up the same two stores, so such a handler can be called directly.

export function inRequestScope<T>(req: Request, route: string, fn: () => Promise<T>): Promise<T> {
  const url = new URL(req.url);
  const workStore = {
    route,
    page: route,
    isStaticGeneration: false,
    forceStatic: false,
    dynamicShouldError: false,
    forceDynamic: true,
    incrementalCache: undefined,
    pendingRevalidatedTags: [],
    pendingRevalidateWrites: [],
    previouslyRevalidatedTags: [],
    refreshTagsByCacheKind: new Map(),
    runInCleanSnapshot: <R>(f: () => R) => f(),
  } as unknown as WorkStore;
  const requestStore = createRequestStoreForAPI(
    { headers: Object.fromEntries(req.headers) } as never,
    { pathname: url.pathname, search: url.search },
    { tags: [], expirationsByCacheKind: new Map() } as never,
    undefined,
    undefined as never,
    undefined,
  );
  return workAsyncStorage.run(workStore, () => workUnitAsyncStorage.run(requestStore, fn));
}
