import { expect, type BrowserContext, type Page } from "@playwright/test";

// The installed shop as a phone keeps it: its service worker and what that worker's caches hold.

/** Waits until the service worker at /sw.js is active and controls `page`; returns its script URL. */
export async function serviceWorkerControlling(page: Page): Promise<string> {
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? "");
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? "")).toBe(script);
  return script;
}

/** Every URL any of the page origin's caches holds (Cache Storage, read in the page). */
export async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname + new URL(request.url).search);
    }
    return urls;
  });
}

/** The paths a cache may hold: the menu, its JSON, the offline page, build files and images. */
export const KEPT_PATHS = [
  /^\/menu$/,
  /^\/api\/menu$/,
  /^\/offline(\?|$)/,
  /^\/_next\/static\//,
  /^\/_next\/image\?/,
  /^\/images\//,
  /^\/icons\//,
];

/**
 * Installs an "old" version of the worker: /sw.js as built plus a line that answers a page's
 * message with "old". The browser's own update checks (registration.update(), a navigation) are
 * not routed by Playwright: they fetch the shop's /sw.js, byte-different, so a new version.
 */
export async function oldWorker(context: BrowserContext) {
  await context.route("**/sw.js", async (route) => {
    const response = await route.fetch();
    const answer = `self.addEventListener("message", (e) => e.source.postMessage("old"));`;
    await route.fulfill({ response, body: `${await response.text()}\n${answer}\n` });
  });
}

/** "old" when the old version controls `page`; "new" when its controller does not answer in 2 s. */
export async function controllingVersion(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        navigator.serviceWorker.addEventListener("message", (e: MessageEvent<string>) => resolve(e.data), { once: true });
        navigator.serviceWorker.controller?.postMessage("version?");
        setTimeout(() => resolve("new"), 2000);
      }),
  );
}
