import { execFile } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import { ADMIN, test, expect } from "./fixtures";

// The shop's and the admin's pages as a browser receives them, checked by the W3C Nu HTML checker
// (npm vnu-jar; it needs Java). Java is slow to start, so every page goes to one run.

const vnuJar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

type Checked = { who: string; path: string; file: string };
type VnuMessage = { type: string; url?: string; lastLine?: number; firstColumn?: number; message: string; extract?: string };

/** Signs a browser context in through the API (its request shares the context's cookies). */
async function signInContext(context: BrowserContext, email: string, password: string) {
  const res = await context.request.post("/api/login", { data: { email, password } });
  expect(res.status()).toBe(200);
}

function runVnu(files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile(
      "java",
      ["-jar", vnuJar, "--errors-only", "--format", "json", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        // vnu exits 1 when it found errors; its report is JSON on stderr either way.
        try {
          resolve((JSON.parse(stderr) as { messages: VnuMessage[] }).messages);
        } catch {
          reject(error ?? new Error(`vnu printed no report: ${stderr}`));
        }
      },
    );
  });
}

test("the shop's and the admin's pages are valid HTML, signed out, as a customer and as an admin", async ({
  browser,
  shopApi,
  adminApi,
  extraHTTPHeaders,
}, testInfo) => {
  test.setTimeout(180_000);
  const customer = await shopApi.customerWithToken("Valid Vidya");
  const { order } = await shopApi.placeOrder<{ id: string }>(customer.token, "Valid Vidya");
  // A delivered order: its page asks for a rating (product.md §13).
  const { order: delivered } = await shopApi.placeOrder<{ id: string }>(customer.token, "Valid Vidya");
  await shopApi.deliver(await adminApi.bearer(), delivered.id);

  const visits: { who: string; signIn?: { email: string; password: string }; paths: string[] }[] = [
    { who: "signed-out", paths: ["/", "/menu", "/menu?category=veg-salads", "/login", "/register", "/policies"] },
    {
      who: "customer",
      signIn: customer,
      paths: [
        "/",
        "/menu",
        "/menu?category=veg-salads",
        "/menu?favourites=1",
        "/cart",
        "/checkout/address",
        "/orders",
        `/orders/${order.id}`,
        `/orders/${delivered.id}`,
        "/help",
        "/account",
        "/account/addresses",
        "/account/favourites",
      ],
    },
    {
      who: "admin",
      signIn: ADMIN,
      paths: [
        "/admin/dashboard",
        "/admin/orders",
        `/admin/orders/${order.id}`,
        "/admin/kitchen",
        "/admin/menu",
        "/admin/users",
        "/admin/complaints",
        "/admin/settings",
        "/admin/reports",
        "/admin/riders",
        // The rider's page, which admins may open too (product.md §12).
        "/rider",
      ],
    },
  ];

  const dir = testInfo.outputPath("html");
  await mkdir(dir, { recursive: true });
  const checked: Checked[] = [];
  for (const { who, signIn, paths } of visits) {
    const context = await browser.newContext({ extraHTTPHeaders });
    try {
      if (signIn) await signInContext(context, signIn.email, signIn.password);
      // The browser's own User-Agent: Next sends bots (htmlLimitedBots) a different document.
      const page = await context.newPage();
      const userAgent = await page.evaluate(() => navigator.userAgent);
      for (const pagePath of paths) {
        const res = await context.request.get(pagePath, {
          headers: { "user-agent": userAgent, accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" },
        });
        expect(res.status(), `${who} ${pagePath}`).toBe(200);
        // Not a redirect to another page (a guard sending the visitor to /login, say).
        expect(new URL(res.url()).pathname, `${who} ${pagePath}`).toBe(pagePath.split("?")[0]);
        const file = path.join(dir, `${who}${pagePath.replace(/[^a-z0-9]+/gi, "_")}.html`);
        await writeFile(file, await res.body());
        checked.push({ who, path: pagePath, file });
      }
    } finally {
      await context.close();
    }
  }

  // vnu names each file by a file: URL (file:/tmp/… or file:///tmp/…).
  const byFile = new Map(checked.map((c) => [c.file, c]));
  const errors = (await runVnu(checked.map((c) => c.file)))
    .filter((m) => m.type === "error" || m.type === "non-document-error")
    .map((m) => {
      const page = m.url ? byFile.get(decodeURIComponent(m.url.replace(/^file:\/*/, "/"))) : undefined;
      const where = page ? `${page.who} ${page.path}` : (m.url ?? "?");
      return `${where}:${m.lastLine ?? "?"}:${m.firstColumn ?? "?"} ${m.message}${m.extract ? ` (${m.extract.trim()})` : ""}`;
    });
  expect(errors).toEqual([]);
});
