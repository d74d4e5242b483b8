import type { Page } from "@playwright/test";
import { expect, test, orderCode as orderRef, tag, type ShopApi, ADDRESS, rupees } from "./fixtures";
import { AdminNav, axeFindings, sidewaysOverflow } from "./pages/admin";

// The admin's order page, the admin area's own frame on a phone, and a customer's order page
// following the kitchen live, each side in its own browser context (its own cookies).

type PlacedOrder = { id: string; total: number; subtotal: number; deliveryFee: number };

/** "7:45 pm", India time as the pages write it. */
const CLOCK = /\d{1,2}:\d{2}\s?[ap]m/i;

/** A customer and one order of theirs (2 × a bowl, medium; 1 × another, small; cash on delivery), placed through the API. */
async function customerWithOrder(shopApi: ShopApi, addressName: string) {
  const customer = await shopApi.customerWithToken("Watching Customer");
  const { order, items } = await shopApi.placeOrder<PlacedOrder>(customer.token, addressName);
  return { customer, order, items };
}

async function expectAxeClean(page: Page, where: string) {
  // After a client-side navigation (the redirect that follows signing in) Next commits the page
  // before its <title> (~140 ms apart on a production build here): axe judges the page once its
  // title is there.
  await expect(page).toHaveTitle(/\S/);
  // A toast fading in or out (sign-in's welcome) is half transparent, and axe would judge its
  // colours mid-fade: judge the page once none is on screen.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  expect(await axeFindings(page, { serious: true, where: `${where}:` })).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  expect(await sidewaysOverflow(page), `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

test("a customer's order page follows the kitchen: the new status and the time it was reached appear without a reload", async ({
  page,
  signIn,
  signInAsAdmin,
  shopApi,
  adminApi,
  newBrowserPage,
}) => {
  const name = `Live Watcher ${tag()}`;
  const { customer, order } = await customerWithOrder(shopApi, name);
  await signIn(page, customer.email, customer.password);
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByTestId("current-status").filter({ visible: true })).toHaveText("Pending");
  await expect(page.getByTestId("step-time-pending").filter({ visible: true })).toHaveText(CLOCK);
  await expect(page.getByTestId("step-time-confirmed").filter({ visible: true })).toHaveCount(0);
  // Survives only if the page is never loaded again.
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

  const kitchen = await newBrowserPage();
  await signInAsAdmin(kitchen);
  await kitchen.goto(`/admin/orders/${order.id}`);
  const status = kitchen.getByRole("region", { name: "Status" });
  await status.getByLabel("Change status").selectOption({ label: "Confirmed" });
  await status.getByRole("button", { name: /^Update order/ }).click();
  await expect(kitchen.getByText("Order updated").filter({ visible: true })).toBeVisible();
  const history = kitchen.getByRole("list", { name: "Order history" });
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expect(history.getByRole("listitem").last()).toContainText("Confirmed");
  await expect(history.getByRole("listitem").last()).toContainText("by the kitchen (admin)");

  // Live means within 5 seconds (product.md §7); a loaded machine gets a little more.
  await expect(page.getByTestId("current-status").filter({ visible: true })).toHaveText("Confirmed", { timeout: 8_000 });
  const progress = page.getByRole("list", { name: "Order progress" });
  await expect(progress.locator('[aria-current="step"]')).toContainText("Confirmed");
  await expect(page.getByTestId("step-time-confirmed").filter({ visible: true })).toHaveText(CLOCK);
  await expect(page.getByTestId("step-time-pending").filter({ visible: true })).toHaveText(CLOCK);
  expect(await page.evaluate(() => "stillTheSamePage" in window)).toBe(true);

  // The other way round: the customer's /orders list and the admin's page both follow a move made elsewhere.
  await page.goto("/orders");
  const mine = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Order #${orderRef(order.id)}` }) });
  await expect(mine.getByTestId("status-badge").filter({ visible: true })).toHaveText("Confirmed");
  const adminToken = await adminApi.bearer();
  await shopApi.moveOrder(adminToken, order.id, "preparing");
  await expect(mine.getByTestId("status-badge").filter({ visible: true })).toHaveText("Preparing", { timeout: 8_000 });
  await expect(status.getByTestId("status-badge").filter({ visible: true })).toHaveText("Preparing", { timeout: 8_000 });
  await expect(history.getByRole("listitem")).toHaveCount(3);

  // And the admin's list of orders (with the customer's list still open in the other context).
  await kitchen.goto("/admin/orders");
  const row = kitchen.getByRole("row").filter({ has: kitchen.getByRole("rowheader", { name }) });
  await expect(row.getByTestId("status-badge").filter({ visible: true })).toHaveText("Preparing");
  await shopApi.moveOrder(adminToken, order.id, "out_for_delivery");
  await expect(row.getByTestId("status-badge").filter({ visible: true })).toHaveText("Out for delivery", { timeout: 8_000 });
  await expect(mine.getByTestId("status-badge").filter({ visible: true })).toHaveText("Out for delivery", { timeout: 8_000 });
});

test("the admin's order page shows everything about one order, and an unknown order is not found", async ({
  page,
  signInAsAdmin,
  shopApi,
}) => {
  const name = `Meera Iyer ${tag()}`;
  const { customer, order, items } = await customerWithOrder(shopApi, name);
  await signInAsAdmin(page);
  await page.goto("/admin/orders");
  await page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name }) })
    .getByRole("link", { name: `Order #${orderRef(order.id)}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order #${orderRef(order.id)}`);
  await expect(
    page
      .getByRole("main")
      .getByText(/^Placed /)
      .filter({ visible: true }),
  ).toContainText(CLOCK);
  await expect(new AdminNav(page).link("Orders")).toHaveAttribute("aria-current", "page");

  const who = page.getByRole("region", { name: "Customer", exact: true });
  await expect(who.getByTestId("customer-name").filter({ visible: true })).toHaveText(name);
  await expect(who.getByRole("link", { name: customer.email })).toHaveAttribute("href", `mailto:${customer.email}`);
  await expect(who.getByRole("link", { name: ADDRESS.phone })).toHaveAttribute("href", `tel:${ADDRESS.phone}`);

  const where = page.getByRole("region", { name: "Delivery address" });
  for (const part of [name, ADDRESS.street, ADDRESS.city, ADDRESS.state, ADDRESS.zip]) await expect(where).toContainText(part);

  const money = page.getByRole("region", { name: "Items and payment" });
  // Its own items only: a line's chosen options (the defaults here) are a list inside it.
  const lines = money.getByRole("list", { name: "Lines of this order" }).locator(":scope > li");
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText(`2 × ${items[0].name}`);
  await expect(lines.nth(0)).toContainText("Medium");
  await expect(lines.nth(1)).toContainText(`1 × ${items[1].name}`);
  await expect(lines.nth(1)).toContainText("Small");
  // Each line carries its bowl's diet mark, read from the menu (§8).
  for (const line of [lines.nth(0), lines.nth(1)])
    await expect(line.getByRole("img", { name: /^(Vegetarian|Non-vegetarian)$/ })).toBeVisible();
  await expect(money.getByTestId("subtotal").filter({ visible: true })).toHaveText(rupees(order.subtotal));
  await expect(money.getByTestId("delivery-fee").filter({ visible: true })).toHaveText(rupees(order.deliveryFee));
  await expect(money.getByTestId("total").filter({ visible: true })).toHaveText(rupees(order.total));
  await expect(money.getByTestId("payment-method").filter({ visible: true })).toHaveText("Cash on Delivery");

  // The status with only the steps the lifecycle allows next.
  const status = page.getByRole("region", { name: "Status" });
  await expect(status.getByTestId("status-badge").filter({ visible: true })).toHaveText("Pending");
  await expect(status.getByLabel("Change status").locator("option")).toHaveText(["Confirmed", "Cancelled"]);

  const history = page.getByRole("list", { name: "Order history" }).getByRole("listitem");
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText("Pending");
  await expect(history.first()).toContainText("by the customer");
  await expect(history.first()).toContainText(CLOCK);

  for (const width of [1280, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await expectAxeClean(page, `order page @${width}`);
    await expectNoSidewaysScroll(page, `order page @${width}`);
  }

  // An id no order has, and one that cannot be an id at all.
  for (const id of ["c000000000000000000000000", "bad~id"]) {
    const res = await page.goto(`/admin/orders/${id}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Order not found" })).toBeVisible();
    await page.getByRole("link", { name: "All orders" }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
  }
});

test("only admins reach an order's admin page", async ({ page, signIn, shopApi }) => {
  const { customer, order } = await customerWithOrder(shopApi, `Not Admin ${tag()}`);
  const path = `/admin/orders/${order.id}`;
  await page.goto(path);
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("next") === path);
  await signIn(page, customer.email, customer.password);
  await page.goto(path);
  await expect(page).toHaveURL((url) => url.pathname === "/");
});

test("the admin area on a 320 px phone: its own frame without the shop's cart, and a compact menu used from the keyboard", async ({
  page,
  signInAsAdmin,
  shopApi,
}) => {
  // At least one order for the cards below.
  await customerWithOrder(shopApi, `Phone Card ${tag()}`);
  await page.setViewportSize({ width: 320, height: 640 });
  await signInAsAdmin(page);

  // The shop's header (with its cart and search) is not part of the admin area; Logout is.
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Cart/ })).toHaveCount(0);
  await expect(page.getByTestId("cart-badge").filter({ visible: true })).toHaveCount(0);
  await expect(page.getByRole("search")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

  const nav = page.getByRole("navigation", { name: "Admin" });
  const toggle = nav.getByRole("button", { name: /^Admin menu/ });
  await expect(toggle).toHaveAccessibleName("Admin menu · Dashboard");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link")).toHaveCount(0);
  await expectAxeClean(page, "menu closed");
  await expectNoSidewaysScroll(page, "menu closed");

  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const sections = "Dashboard Orders Kitchen Riders Menu Users Complaints Offers Reports Settings".split(" ");
  await expect(nav.getByRole("link")).toHaveText(sections);
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await expectAxeClean(page, "menu open");
  await expectNoSidewaysScroll(page, "menu open");

  // Escape closes it and leaves focus on the button.
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();

  // Open again, Tab to Orders and follow it: the menu closes on the new page, which it names.
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Dashboard" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Orders" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(toggle).toHaveAccessibleName("Admin menu · Orders");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");

  // On a phone the orders are cards (no table), each opening the order's admin page.
  await expect(page.getByRole("table")).toHaveCount(0);
  const cards = page.getByRole("region", { name: /orders, newest first$/ }).getByRole("article");
  await expect(cards.first()).toBeVisible();
  await expectAxeClean(page, "orders as cards");
  await expectNoSidewaysScroll(page, "orders as cards");
  await cards
    .first()
    .getByRole("link", { name: /^Order #/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/orders\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Order #/ })).toBeVisible();
});
