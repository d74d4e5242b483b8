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

/**
 * Waits until the registration has no waiting worker and its active one is activated: what the
 * browser does on its own once the last page of the old version has gone, a moment after the tab
 * closes rather than at once, so a visit made in that moment may still meet the old one.
 */
export async function newVersionActivated(context: BrowserContext) {
  await expect
    .poll(async () => {
      const states = await Promise.all(
        context.serviceWorkers().map((worker) =>
          worker
            .evaluate(() => {
              const { registration } = globalThis as unknown as { registration: ServiceWorkerRegistration };
              return registration.waiting === null && registration.active?.state === "activated";
            })
            // A worker the browser has just stopped cannot be asked; another one answers.
            .catch(() => false),
        ),
      );
      return states.includes(true);
    })
    .toBe(true);
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
