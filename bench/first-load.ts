// First-load JavaScript as a browser receives it: each page in a fresh Chromium context (empty
// cache), every script response summed by its encoded body size, i.e. the gzip bytes that
// crossed the wire (Playwright's request.sizes(), from CDP's encodedDataLength minus headers).
// 1 kB = 1000 B, as `next build` counts.
import { chromium, type Request } from "@playwright/test";
import { CHROME_FLAGS, SIGNED_IN_PAGES, chromiumPath } from "./config";
import type { Session } from "./orders";

export type FirstLoad = {
  page: string;
  /** Every script until the network went idle after the load event. */
  kB: number;
  /** Only the scripts requested before the load event (what the HTML itself pulls in). */
  beforeLoadKB: number;
  scripts: number;
  /** Each script: path, gzip bytes, and whether it was requested before the load event. */
  files: Array<{ path: string; bytes: number; beforeLoad: boolean }>;
  /** Scripts that came back without gzip/br: their size here would be misleading. */
  uncompressed: string[];
};

const isScript = async (req: Request) =>
  req.resourceType() === "script" || /javascript/.test((await req.response())?.headers()["content-type"] ?? "");

/**
 * With `live`, the pages hold the live stream open, so the network never goes idle: each is
 * counted once its stream has opened (the page has hydrated) and a second more has passed.
 */
export async function firstLoadJs(
  browserBase: string,
  pages: readonly string[],
  session: Session,
  { live = false } = {},
): Promise<FirstLoad[]> {
  // Playwright adds its own headless and sandbox flags.
  const args = CHROME_FLAGS.filter((f) => !f.startsWith("--headless") && f !== "--no-sandbox");
  const browser = await chromium.launch({ executablePath: chromiumPath(), args });
  const results: FirstLoad[] = [];
  try {
    for (const pathname of pages) {
      const context = await browser.newContext();
      if (SIGNED_IN_PAGES.has(pathname)) {
        await context.addCookies([{ name: session.cookieName, value: session.token, url: browserBase, httpOnly: true, sameSite: "Lax" }]);
      }
      const page = await context.newPage();
      let loaded = false;
      const startedBeforeLoad = new Set<Request>();
      const finished: Request[] = [];
      page.on("load", () => (loaded = true));
      page.on("request", (req) => void (loaded || startedBeforeLoad.add(req)));
      page.on("requestfinished", (req) => void finished.push(req));
      const stream = live ? page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events", { timeout: 30_000 }) : null;
      const response = await page.goto(browserBase + pathname, { waitUntil: "load" });
      if (!response?.ok()) throw new Error(`${pathname} answered ${response?.status()} in Chromium`);
      if (stream) await stream.then(() => page.waitForTimeout(1_000));
      else await page.waitForLoadState("networkidle");

      let total = 0;
      let beforeLoad = 0;
      let scripts = 0;
      const uncompressed: string[] = [];
      const files: FirstLoad["files"] = [];
      for (const req of finished) {
        if (!(await isScript(req))) continue;
        const { responseBodySize } = await req.sizes();
        const encoding = (await req.response())?.headers()["content-encoding"];
        if (!encoding && responseBodySize > 1000) uncompressed.push(new URL(req.url()).pathname);
        scripts += 1;
        total += responseBodySize;
        if (startedBeforeLoad.has(req)) beforeLoad += responseBodySize;
        files.push({ path: new URL(req.url()).pathname, bytes: responseBodySize, beforeLoad: startedBeforeLoad.has(req) });
      }
      results.push({ page: pathname, kB: total / 1000, beforeLoadKB: beforeLoad / 1000, scripts, files, uncompressed });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
