// What the service worker (app/sw.ts) may keep for offline use (product.md §14), decided here
// as plain data so a unit test can read the rules without a browser. Client-safe.
//
// Only public things that are the same for every visitor: the menu page (prerendered, its
// signed-in parts are client islands), the menu's JSON, images and the build's own files.
// Everything else (orders, the cart's calls, admin pages, any other API reply, every other page,
// whoever is signed in) goes to the network and is never written to a cache.

export const OFFLINE_PAGE = "/offline";
const MENU_PAGE = "/menu";
const MENU_API = "/api/menu";

/** The caches' names; a new name drops the old cache's entries at the next activation. */
export const CACHE_NAMES = { menuPage: "menu-page-v1", menuApi: "menu-api-v1", images: "images-v1", build: "build-assets-v1" } as const;

export type Keep = "menu-page" | "menu-api" | "image" | "build-asset" | "page" | "never";

/** The parts of a fetch the rules look at (a Request has them all). */
export type Asked = { url: string; method: string; mode: string; destination: string; headers: { get(name: string): string | null } };

/**
 * Which rule a request falls under. `page`: any other navigation, answered by the network or,
 * offline, by the /offline page; `never`: the worker stays out of the way.
 */
export function keepFor(request: Asked, origin: string): Keep {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== origin) return "never";
  const navigation = request.mode === "navigate";
  // Next's client navigations ask for the page's RSC payload with this header: not kept.
  if (request.headers.get("rsc") !== null) return "never";
  if (url.pathname === MENU_PAGE) return navigation ? "menu-page" : "never";
  if (navigation) return "page";
  if (url.pathname === MENU_API) return "menu-api";
  if (url.pathname.startsWith("/api/")) return "never";
  if (url.pathname.startsWith("/_next/static/")) return "build-asset";
  if (request.destination === "image" || url.pathname === "/_next/image") return "image";
  return "never";
}

/**
 * The cache key of the menu page: one entry whatever the query (?category=, ?search=), since the
 * page is one prerender for every query and the browser applies the query itself.
 */
export function menuPageKey(url: string): string {
  const key = new URL(url);
  key.search = "";
  key.hash = "";
  return key.href;
}
