import type { Page } from "@playwright/test";
import { expect, test, ADMIN, layoutShifts, orderCode, type ShopApi } from "./fixtures";
import { menuCard } from "./pages/shop";

// / and /menu are prerendered whole, the same page for everyone: what differs per person (the
// header's account links, which the browser asks for; the cart badge; the orders) must still be
// each person's own, and an admin's menu change must show on the very next request.

type MenuItem = { id: string; name: string; available: boolean; category: string };

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const badge = (page: Page) => page.getByTestId("cart-badge").filter({ visible: true });

/** Places an order through the API and returns its heading on /orders ("Order #" + the code customers see). */
async function placeOrderFor(shopApi: ShopApi, token: string, item: MenuItem, addressName: string): Promise<string> {
  const order = await shopApi.order<{ id: string }>(token, { items: [{ id: item.id, portion: "small", quantity: 1 }], name: addressName });
  return `Order #${orderCode(order.id)}`;
}

/** Visits a page and says whether Next served it whole from its prerender, rendering nothing for this request. */
async function visit(page: Page, path: string): Promise<boolean> {
  const res = await page.goto(path);
  expect(res?.status()).toBe(200);
  const headers = res?.headers() ?? {};
  return headers["x-nextjs-prerender"] === "1" && headers["x-nextjs-postponed"] === undefined;
}

async function addToCart(page: Page, name: string, times: number) {
  const card = menuCard(page, name);
  for (let i = 0; i < times; i++) await card.getByRole("button", { name: /Add to Cart/ }).click();
}

test("two customers and a visitor each see their own header, cart and orders on the cached pages", async ({
  signIn,
  shopApi,
  newBrowserPage,
}) => {
  const [asha, ravi] = [await shopApi.customerWithToken("Asha Rao"), await shopApi.customerWithToken("Ravi Kumar")];
  const [first, second] = await shopApi.menu<MenuItem>();
  const ashaOrder = await placeOrderFor(shopApi, asha.token, first, "Asha Rao");
  const raviOrder = await placeOrderFor(shopApi, ravi.token, second, "Ravi Kumar");

  const ashaPage = await newBrowserPage();
  const raviPage = await newBrowserPage();
  const visitor = await newBrowserPage();
  await signIn(ashaPage, asha.email, asha.password);
  await signIn(raviPage, ravi.email, ravi.password);

  // The first visits render and keep the pages; every later visit below is served from them.
  await visit(visitor, "/");
  await visit(visitor, "/menu");

  await visit(ashaPage, "/menu");
  await addToCart(ashaPage, first.name, 1);
  await visit(raviPage, "/menu");
  await addToCart(raviPage, second.name, 3);

  for (const path of ["/", "/menu"]) {
    for (const page of [ashaPage, raviPage, visitor]) expect(await visit(page, path)).toBe(true);

    for (const page of [ashaPage, raviPage]) {
      await expect(mainNav(page).getByRole("link", { name: "My orders" })).toBeVisible();
      await expect(mainNav(page).getByRole("button", { name: "Logout" })).toBeVisible();
      await expect(mainNav(page).getByRole("link", { name: "Login" })).toHaveCount(0);
      await expect(mainNav(page).getByRole("link", { name: "Admin" })).toHaveCount(0);
    }
    await expect(badge(ashaPage)).toHaveText("1");
    await expect(badge(raviPage)).toHaveText("3");

    await expect(mainNav(visitor).getByRole("link", { name: "Login" })).toBeVisible();
    await expect(mainNav(visitor).getByRole("link", { name: "Sign Up" })).toBeVisible();
    await expect(mainNav(visitor).getByRole("link", { name: "My orders" })).toHaveCount(0);
    await expect(badge(visitor)).toHaveCount(0);
  }

  await visit(ashaPage, "/orders");
  await expect(ashaPage.getByRole("heading", { name: ashaOrder })).toBeVisible();
  await expect(ashaPage.getByRole("heading", { name: raviOrder })).toHaveCount(0);
  await visit(raviPage, "/orders");
  await expect(raviPage.getByRole("heading", { name: raviOrder })).toBeVisible();
  await expect(raviPage.getByRole("heading", { name: ashaOrder })).toHaveCount(0);
  // Logging out empties the cart this browser kept: the next person here starts with none (issue 32, L11).
  await mainNav(raviPage).getByRole("button", { name: "Logout" }).click();
  await expect(badge(raviPage)).toHaveCount(0);
});

for (const width of [320, 412, 1280]) {
  test(`at ${width} px nothing on the page moves when an admin's links replace the signed-out ones`, async ({ signIn, newBrowserPage }) => {
    const page = await newBrowserPage();
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, ADMIN.email, ADMIN.password);
    for (const path of ["/", "/cart"]) {
      await page.goto(path);
      // The widest set of links (an admin's), arriving after the page's first paint.
      await expect(mainNav(page).getByRole("button", { name: "Logout" })).toBeVisible();
      await expect(mainNav(page).getByRole("link", { name: "Admin" })).toBeVisible();
      expect(await layoutShifts(page)).toEqual([]);
    }
  });
}

test("an admin sees the Admin link, and a menu change shows on the next request", async ({ page, request, signIn, shopApi, adminApi }) => {
  const [item] = await shopApi.menu<MenuItem>();
  const renamed = `${item.name} (today's special ${Date.now() % 10_000})`;

  await visit(page, "/menu");
  expect(await visit(page, "/menu")).toBe(true);
  await expect(page.getByRole("heading", { name: renamed })).toHaveCount(0);

  await adminApi.send("PUT", `/api/menu/${item.id}`, { name: renamed });
  try {
    await visit(page, "/menu");
    await expect(page.getByRole("heading", { name: renamed })).toBeVisible();
    await page.getByRole("navigation", { name: "Menu categories" }).getByRole("link", { name: item.category }).click();
    await expect(page).toHaveURL(/\/menu\?category=/);
    await expect(page.getByRole("heading", { name: renamed })).toBeVisible();
    const api = (await (await request.get("/api/menu")).json()) as MenuItem[];
    expect(api.find((i) => i.id === item.id)?.name).toBe(renamed);

    await signIn(page, ADMIN.email, ADMIN.password);
    await visit(page, "/menu");
    await expect(mainNav(page).getByRole("link", { name: "Admin" })).toBeVisible();
  } finally {
    await adminApi.send("PUT", `/api/menu/${item.id}`, { name: item.name });
  }
});

test("/api/menu answers a repeat with 304 and lets shared caches help", async ({ request }) => {
  const first = await request.get("/api/menu");
  expect(first.status()).toBe(200);
  const etag = first.headers()["etag"];
  expect(etag).toBeTruthy();
  expect(first.headers()["cache-control"]).toMatch(/s-maxage=\d+/);
  expect(first.headers()["cache-control"]).toMatch(/stale-while-revalidate=\d+/);
  const again = await request.get("/api/menu", { headers: { "if-none-match": etag } });
  expect(again.status()).toBe(304);
});
