import AxeBuilder from "@axe-core/playwright";
import { expect, rupees, test, ADMIN } from "./fixtures";
import { MenuPage } from "./pages/shop";
import { boxOf, PHONE, PhoneShell } from "./pages/phone";

// The phone-first shell (issue 35, point 5): one header row (logo, search button, cart), the
// other links in a bar along the screen's foot, the menu's `View cart` bar; desktop as before.

test("at 390 px the header is one row, search opens from its button, and the links sit along the screen's foot", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/menu");
  const shell = new PhoneShell(page);
  await expect(shell.searchbox).toBeHidden();
  expect(await shell.oneRowHeight()).toBeLessThanOrEqual(64);
  await shell.expectBottomBar(["Menu", "Login", "Sign Up"]);
  // Installed, the shop draws under the notch and keeps clear of it with the safe-area insets.
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute("content", /viewport-fit=cover/);

  // By keyboard, in the order the screen shows: logo, search, cart, then the bottom bar's links.
  await shell.header.getByRole("link", { name: "Fresh Bowl" }).focus();
  await page.keyboard.press("Tab");
  await expect(shell.searchButton).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(shell.cart).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(shell.mainNav.getByRole("link", { name: "Menu" })).toBeFocused();
  // The button opens the field and puts the cursor in it; Escape closes it again.
  await shell.searchButton.focus();
  await page.keyboard.press("Enter");
  await expect(shell.searchbox).toBeFocused();
  await expect(shell.header.getByRole("button", { name: "Close search" })).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(shell.searchbox).toBeHidden();
  await expect(shell.searchButton).toBeFocused();

  await shell.searchButton.click();
  await shell.searchbox.fill("paneer");
  await shell.searchbox.press("Enter");
  await expect(page).toHaveURL(/\/menu\?search=paneer$/);
});

test("signed in, an admin's links still fit the bottom bar at 320 px and the header stays one row at 390 px", async ({ page }) => {
  await page.request.post("/api/login", { data: ADMIN });
  const shell = new PhoneShell(page);
  for (const width of [320, PHONE.width]) {
    await page.setViewportSize({ width, height: PHONE.height });
    await page.goto("/");
    await shell.expectBottomBar(["Menu", "My orders", "Account", "Admin", "Logout"]);
    expect(await shell.oneRowHeight()).toBeLessThanOrEqual(64);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

test("on /menu a phone shows `View cart · 1 item · ₹…` once a bowl is in the cart, and counts on", async ({ page, shopApi }) => {
  const [first, second] = await shopApi.menu();
  await page.setViewportSize(PHONE);
  const menu = new MenuPage(page);
  await menu.open();
  const shell = new PhoneShell(page);
  await expect(shell.cartBar).toHaveCount(0);

  await menu.add(first.name, "small");
  await expect(shell.cartBar).toHaveText(`View cart · 1 item · ${rupees(first.prices.small)}`);
  await menu.add(second.name, "small");
  await expect(shell.cartBar).toHaveText(`View cart · 2 items · ${rupees(first.prices.small + second.prices.small)}`);
  await expect(shell.cartBar).toHaveAttribute("href", "/cart");
  // It stays in sight above the bottom bar while the cards scroll by.
  await page.mouse.wheel(0, 1500);
  const bar = await boxOf(shell.cartBar);
  expect(bar.y + bar.height).toBeLessThanOrEqual((await boxOf(shell.mainNav)).y);
  await expect(shell.cartBar).toBeInViewport();

  // Once the "added to cart" toasts have gone (mid-fade, their text has no contrast to judge).
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  // Desktop keeps its header: the field itself, the links in the header's row, no cart bar.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(shell.searchbox).toBeVisible();
  await expect(shell.searchButton).toBeHidden();
  await expect(shell.cartBar).toBeHidden();
  const header = await boxOf(shell.header);
  expect((await boxOf(shell.mainNav)).y).toBeLessThan(header.y + header.height);
});
