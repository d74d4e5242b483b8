import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { MenuPage, menuCard } from "./pages/shop";
import { cachedUrls, controllingVersion, KEPT_PATHS, newVersionActivated, oldWorker, serviceWorkerControlling } from "./pages/offline";

// The installable shop (product.md §14): its manifest and icons, the service worker that keeps
// the menu for offline use, the /offline page for everything else, and nothing personal in its
// caches. The other specs run with service workers blocked (playwright.config.ts); this one lets
// the shop's worker in.

test.use({ serviceWorkers: "allow" });

type Manifest = {
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

/** A PNG's width and height, from its IHDR chunk. */
async function pngSize(request: APIRequestContext, src: string): Promise<string> {
  const res = await request.get(src);
  expect(res.status(), src).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/png");
  const png = await res.body();
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

test("the manifest names the shop, opens it standalone at /, and its icons are real PNGs of their sizes", async ({ page, request }) => {
  const res = await request.get("/manifest.webmanifest");
  expect(res.status()).toBe(200);
  const manifest = (await res.json()) as Manifest;
  expect(manifest).toMatchObject({ short_name: "Fresh Bowl", start_url: "/", display: "standalone" });
  expect(manifest.name).toContain("Fresh Bowl");
  expect(manifest.description.length).toBeGreaterThan(20);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  for (const icon of manifest.icons) expect(await pngSize(request, icon.src), icon.src).toBe(icon.sizes);
  const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? "any"}`);
  expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));

  for (const path of ["/", "/menu", "/login", "/offline"]) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]'), path).toHaveAttribute("href", "/manifest.webmanifest");
  }
});

test("the service worker takes the page; offline, /menu shows the last menu with a banner and other pages /offline", async ({
  page,
  context,
  shopApi,
}) => {
  const [first] = await shopApi.menu();
  await page.goto("/menu");
  expect(await serviceWorkerControlling(page)).toMatch(/\/sw\.js$/);
  const registration = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(registration).pathname).toBe("/");
  // Seen once through the worker (a customer's second look at the menu), it is kept.
  await page.reload();
  await expect(menuCard(page, first.name)).toBeVisible();
  await expect(page.getByText("You're offline. Ordering needs a connection.")).toHaveCount(0);

  await context.setOffline(true);
  // The banner follows the connection on the open page too.
  await expect(page.getByText("You're offline. Ordering needs a connection.")).toBeVisible();
  await page.goto("/menu?category=veg-salads");
  await expect(page.getByRole("heading", { level: 1, name: "Our Menu" })).toBeVisible();
  await expect(page.getByText("You're offline. Ordering needs a connection.")).toBeVisible();
  await page.goto("/menu");
  await expect(menuCard(page, first.name)).toBeVisible();
  // Its picture came from the worker's cache.
  const image = menuCard(page, first.name).getByRole("img").first();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  for (const path of ["/orders", "/cart", "/admin/dashboard", "/"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" }), path).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse the menu" })).toBeVisible();
    // At the address asked for, so "Try again" asks for that page again.
    expect(new URL(page.url()).pathname).toBe(path);
  }

  await context.setOffline(false);
  await page.goto("/menu");
  await expect(page.getByText("You're offline. Ordering needs a connection.")).toHaveCount(0);
});

test("a new version of the worker waits while a page of the old one is open, and takes over at the next visit", async ({
  context,
  shopApi,
}) => {
  await oldWorker(context);
  const [first] = await shopApi.menu();
  const open = await context.newPage();
  await open.goto("/menu");
  await serviceWorkerControlling(open);
  expect(await controllingVersion(open)).toBe("old");

  await open.evaluate(async () => (await navigator.serviceWorker.ready).update());
  await expect.poll(() => open.evaluate(async () => Boolean((await navigator.serviceWorker.ready).waiting))).toBe(true);
  // The open page keeps the worker it started with, and keeps working.
  expect(await controllingVersion(open)).toBe("old");
  await new MenuPage(open).add(first.name);

  await open.close();
  await newVersionActivated(context);
  const next = await context.newPage();
  await next.goto("/menu");
  await serviceWorkerControlling(next);
  expect(await controllingVersion(next)).toBe("new");
  expect(await next.evaluate(async () => Boolean((await navigator.serviceWorker.ready).waiting))).toBe(false);
});

test("a signed-in customer's orders, cart, account and API replies never land in the worker's caches", async ({
  page,
  shopper,
  shopApi,
  signInAsAdmin,
}) => {
  const { order } = await shopApi.placeOrder<{ id: string }>(shopper.token, "Asha Rao");
  await page.goto("/menu");
  await serviceWorkerControlling(page);
  const menu = new MenuPage(page);
  const [first] = await shopApi.menu();
  await menu.add(first.name);
  for (const path of ["/menu", "/cart", "/checkout/address", "/orders", `/orders/${order.id}`, `/orders/${order.id}/invoice`, "/account"]) {
    await page.goto(path);
    await expect(page.locator("main")).toBeVisible();
  }
  await page.evaluate(async () => {
    for (const path of ["/api/me", "/api/orders", "/api/addresses", "/api/favourites", "/api/menu"]) await fetch(path);
  });
  await signInAsAdmin(page);
  await page.goto("/admin/orders");

  const urls = await cachedUrls(page);
  expect(urls).toContain("/menu");
  expect(urls.filter((url) => !KEPT_PATHS.some((kept) => kept.test(url)))).toEqual([]);
  // Nothing of the order, however it is named.
  expect(urls.filter((url) => url.includes(order.id))).toEqual([]);
});
