// The service worker's precache (issue 35: ≤ 1.5 MB) as a phone holds it: /menu opened in a fresh
// Chromium, the worker installed and in control, then every entry of Serwist's precache read back
// from Cache Storage and its body's bytes summed (as stored, i.e. uncompressed).
import { chromium } from "@playwright/test";
import { CHROME_FLAGS, chromiumPath } from "./config";

export type Precache = { entries: number; bytes: number };

/** The target: 1.5 MB (1 MB = 1,000,000 B, as the first-load row counts kB). */
export const PRECACHE_TARGET_BYTES = 1_500_000;

export async function precacheSize(browserBase: string): Promise<Precache> {
  const args = CHROME_FLAGS.filter((f) => !f.startsWith("--headless") && f !== "--no-sandbox");
  const browser = await chromium.launch({ executablePath: chromiumPath(), args });
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${browserBase}/menu`, { waitUntil: "load" });
    return await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      // Installed means precached: the worker becomes active only after its precache is complete.
      const names = (await caches.keys()).filter((name) => name.includes("precache"));
      let entries = 0;
      let bytes = 0;
      for (const name of names) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const response = await cache.match(request);
          entries += 1;
          bytes += response ? (await response.blob()).size : 0;
        }
      }
      return { entries, bytes };
    });
  } finally {
    await browser.close();
  }
}
