import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { menuCard as card } from "./pages/shop";

// The public catalogue, signed out: landing page, menu, search, filters, cart badge, SEO files.

type ApiItem = { id: string; name: string; category: string; available: boolean; prices: { small: number; medium: number; large: number } };

async function apiMenu(request: APIRequestContext): Promise<ApiItem[]> {
  const res = await request.get("/api/menu");
  expect(res.status()).toBe(200);
  return (await res.json()) as ApiItem[];
}

test("the landing page says when the shop delivers, promises no fixed time, and links to the menu", async ({ page, baseURL }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/Fresh Bowl/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("delivered to your door");
  // The shop's state now, from the server (a fresh install is open round the clock).
  await expect(page.getByTestId("store-state")).toHaveText(/^Open · delivering by \d{1,2}:\d{2} [ap]m( tomorrow)?$/);
  await expect(page.getByRole("main").getByText(/30 minutes/)).toHaveCount(0);
  // The illustration is drawn in the page (no request of its own), named for screen readers.
  const art = page.getByRole("img", { name: "Three fresh salad bowls, a delivery scooter and a clock" });
  await expect(art).toBeVisible();
  expect((await art.boundingBox())?.width).toBeGreaterThan(200);

  for (const [name, slug] of [
    ["Chicken Salads", "chicken-salads"],
    ["Veg Salads", "veg-salads"],
    ["Egg Salads", "egg-salads"],
  ]) {
    await expect(page.getByRole("link", { name: new RegExp(name) })).toHaveAttribute("href", `/menu?category=${slug}`);
  }
  const popular = page.getByRole("region", { name: "Popular bowls" });
  await expect(popular.getByRole("article")).toHaveCount(3);
  await expect(popular.getByRole("button", { name: /^Add to Cart · ₹\d+$/ })).toHaveCount(3);
  await expect(page.getByRole("link", { name: "See the full menu" })).toHaveAttribute("href", "/menu");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`^${baseURL}/?$`));

  await page.getByRole("link", { name: /Veg Salads/ }).click();
  await expect(page).toHaveURL(/\/menu\?category=veg-salads$/);
});

test("/menu shows every salad in its category section", async ({ page, request }) => {
  const items = await apiMenu(request);
  await page.goto("/menu");
  await expect(page.getByRole("heading", { level: 1, name: "Our Menu" })).toBeVisible();
  const sections = page.locator("main section");
  await expect(sections).toHaveCount(3);
  const expected = { "Chicken Salads": 8, "Veg Salads": 6, "Egg Salads": 4 };
  for (const [index, [category, seeded]] of Object.entries(expected).entries()) {
    const section = sections.nth(index);
    await expect(section.getByRole("heading", { level: 2 })).toHaveText(category);
    // The seeded counts, plus anything an earlier spec added through the admin API.
    const inDb = items.filter((i) => i.category === category).length;
    expect(inDb).toBeGreaterThanOrEqual(seeded);
    await expect(section.getByRole("article")).toHaveCount(inDb);
  }
  await expect(page.getByRole("article")).toHaveCount(items.length);
  await expect(page.getByRole("link", { name: "All", exact: true })).toHaveAttribute("aria-current", "page");

  const caesar = card(page, "Grilled Chicken Caesar");
  await expect(caesar.getByRole("img", { name: "Grilled Chicken Caesar" })).toBeVisible();
  await expect(caesar.getByText(/Char-grilled chicken over crisp romaine/).filter({ visible: true })).toBeVisible();
});

test("the portion selector changes the button's price", async ({ page }) => {
  await page.goto("/menu");
  const caesar = card(page, "Grilled Chicken Caesar");
  const portion = caesar.getByLabel("Portion");
  await expect(portion).toHaveValue("small");
  await expect(portion.locator("option")).toHaveText(["Small 250g", "Medium 350g", "Large 400g"]);
  await expect(caesar.getByRole("button", { name: "Add to Cart · ₹179" })).toBeVisible();
  await portion.selectOption("medium");
  await expect(caesar.getByRole("button", { name: "Add to Cart · ₹219" })).toBeVisible();
  await portion.selectOption({ label: "Large 400g" });
  await expect(caesar.getByRole("button", { name: "Add to Cart · ₹259" })).toBeVisible();
});

test("Add to Cart works signed out, updates the badge and survives a reload", async ({ page }) => {
  await page.goto("/menu");
  await expect(page.getByTestId("cart-badge").filter({ visible: true })).toHaveCount(0);

  const caesar = card(page, "Grilled Chicken Caesar");
  await caesar.getByRole("button", { name: /Add to Cart/ }).click();
  await expect(page.getByText("Grilled Chicken Caesar added to cart").filter({ visible: true })).toBeVisible();
  await expect(page.getByTestId("cart-badge").filter({ visible: true })).toHaveText("1");

  await caesar.getByLabel("Portion").selectOption("large");
  await caesar.getByRole("button", { name: "Add to Cart · ₹259" }).click();
  const egg = card(page, "Masala Egg Salad");
  await egg.getByRole("button", { name: /Add to Cart/ }).click();
  await egg.getByRole("button", { name: /Add to Cart/ }).click();
  await expect(page.getByTestId("cart-badge").filter({ visible: true })).toHaveText("4");

  await page.reload();
  await expect(page.getByTestId("cart-badge").filter({ visible: true })).toHaveText("4");
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("fresh-bowl-cart") ?? "{}"));
  expect(
    saved.state.lines.map((l: { cartId: string; quantity: number; price: number }) => [l.cartId.split("-").pop(), l.quantity, l.price]),
  ).toEqual([
    ["small", 1, 179],
    ["large", 1, 259],
    ["small", 2, 129],
  ]);
});

test("the header search filters the menu; blank search goes nowhere", async ({ page }) => {
  await page.goto("/");
  const search = page.getByRole("searchbox", { name: "Search salads" });

  await search.fill("   ");
  await search.press("Enter");
  await search.fill("caesar");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/menu\?search=caesar$/);
  await expect(page.getByText("Results for “caesar”").filter({ visible: true })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(2);
  await expect(card(page, "Grilled Chicken Caesar")).toBeVisible();
  await expect(card(page, "Egg Caesar Salad")).toBeVisible();

  // Had the blank search navigated, going back would land on that page instead of "/".
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/menu?search=caesar");
  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByText(/Results for/).filter({ visible: true })).toHaveCount(0);

  await page.goto("/menu?search=pineapple%20pizza");
  await expect(page.getByText("No salads match “pineapple pizza”.").filter({ visible: true })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);
});

test("?category=veg-salads shows only the veg salads", async ({ page, request }) => {
  const veg = (await apiMenu(request)).filter((i) => i.category === "Veg Salads");
  expect(veg.length).toBeGreaterThanOrEqual(6);
  await page.goto("/menu?category=veg-salads");
  await expect(page.locator("main section").filter({ visible: true })).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 2, name: "Veg Salads" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(veg.length);
  await expect(card(page, "Paneer Tikka Salad")).toBeVisible();
  await expect(card(page, "Grilled Chicken Caesar")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Veg Salads" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "All", exact: true })).not.toHaveAttribute("aria-current", "page");
});

test("a sold-out item shows a badge and cannot be added", async ({ page, request, adminApi }) => {
  const item = (await apiMenu(request)).find((i) => i.name === "Egg Cobb Salad")!;
  expect(item.available).toBe(true);

  await adminApi.send("PUT", `/api/menu/${item.id}`, { available: false });
  try {
    // No redeploy, no wait: the admin change expires the cached menu.
    await page.goto("/menu?category=egg-salads");
    const soldOut = card(page, "Egg Cobb Salad");
    await expect(soldOut.getByText("Sold out", { exact: true }).filter({ visible: true }).first()).toBeVisible();
    await expect(soldOut.getByRole("button", { name: "Sold out" })).toBeDisabled();
    await expect(soldOut.getByRole("button", { name: /Add to Cart/ })).toHaveCount(0);
    await expect(card(page, "Egg Caesar Salad").getByRole("button", { name: /Add to Cart/ })).toBeEnabled();
  } finally {
    await adminApi.send("PUT", `/api/menu/${item.id}`, { available: true });
  }
  await page.reload();
  await expect(card(page, "Egg Cobb Salad").getByRole("button", { name: "Add to Cart · ₹159" })).toBeEnabled();
});

test("JSON-LD describes the restaurant and its menu", async ({ page, request }) => {
  const items = await apiMenu(request);
  for (const path of ["/menu", "/"]) {
    await page.goto(path);
    const scripts = page.locator('script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(1);
    const data = JSON.parse((await scripts.textContent()) ?? "");
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Restaurant",
      name: "Fresh Bowl",
      servesCuisine: "Salads",
      priceRange: "₹₹",
    });
    expect(data.address.streetAddress).toBe("12 Residency Road");
    const sections = data.hasMenu.hasMenuSection as {
      name: string;
      hasMenuItem: { name: string; offers: { price: number; priceCurrency: string } }[];
    }[];
    expect(sections.map((s) => s.name)).toEqual(["Chicken Salads", "Veg Salads", "Egg Salads"]);
    const offered = sections.flatMap((s) => s.hasMenuItem);
    expect(offered).toHaveLength(items.length);
    expect(offered.find((i) => i.name === "Grilled Chicken Caesar")?.offers).toMatchObject({ price: 179, priceCurrency: "INR" });
  }
  await page.goto("/menu");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/menu$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Our Menu/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /salads/i);
});

test("sitemap.xml and robots.txt are served", async ({ request, baseURL }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  for (const path of ["/", "/menu", "/menu?category=chicken-salads", "/menu?category=veg-salads", "/menu?category=egg-salads"]) {
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  }

  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain("Allow: /");
  for (const path of ["/admin", "/api", "/checkout", "/orders", "/order-success"]) {
    expect(text).toContain(`Disallow: ${path}\n`);
  }
  // /cart is left to the sign-in redirect: disallowing it failed Lighthouse's SEO check there.
  expect(text).not.toContain("Disallow: /cart");
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("no horizontal scrolling at 320 px", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  for (const path of ["/menu", "/"]) {
    await page.goto(path);
    await expect(page.getByRole("article").first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

for (const path of ["/", "/menu"]) {
  test(`axe finds no serious or critical problems on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("article").first()).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}
