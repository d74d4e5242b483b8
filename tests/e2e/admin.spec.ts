import type { Page } from "@playwright/test";
import { expect, test, tag, type ShopApi, ADMIN, randomIp, rupees } from "./fixtures";
import { AdminNav, axeFindings, MenuItemForm, sidewaysOverflow } from "./pages/admin";
import { menuCard } from "./pages/shop";

// The kitchen's admin area: dashboard, orders, menu and users, driven through the browser as
// the admin from tests/e2e/serve.ts, with customers acting through the API beside it.

type ApiOrder = { id: string; status: string; total: number };

const ADMIN_PAGES = [
  "/admin/dashboard",
  "/admin/orders",
  "/admin/kitchen",
  "/admin/riders",
  "/admin/menu",
  "/admin/users",
  "/admin/complaints",
  "/admin/reports",
  "/admin/settings",
];

/** A customer's order placed the way an API client does it: Bearer token and an Idempotency-Key. */
async function placeOrder(shopApi: ShopApi, token: string, addressName: string): Promise<ApiOrder> {
  return (await shopApi.placeOrder<ApiOrder>(token, addressName)).order;
}

const orderRow = (page: Page, addressName: string) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: addressName }) });
const menuRow = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });

test("signed-out visitors of the admin area are sent to sign in", async ({ page }) => {
  for (const path of ["/admin", ...ADMIN_PAGES]) {
    await page.goto(path);
    const expected = path === "/admin" ? "/admin/dashboard" : path;
    await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("next") === expected);
  }
});

test("a customer is sent home from the admin area, and the admin API refuses them", async ({
  page,
  request,
  playwright,
  baseURL,
  signIn,
  shopApi,
}) => {
  const customer = await shopApi.customer("Curious Customer");
  await signIn(page, customer.email, customer.password);
  for (const path of ["/admin/orders", "/admin/dashboard", "/admin/users"]) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname === "/");
  }
  const token = await shopApi.tokenFor(customer.email, customer.password);
  expect((await request.get("/api/users", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(403);
  // A context without the cookies /api/login just set on `request`.
  const anonymous = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": randomIp() } });
  try {
    expect((await anonymous.get("/api/users")).status()).toBe(401);
  } finally {
    await anonymous.dispose();
  }
});

test("the dashboard welcomes the admin and counts today's orders, revenue and pending orders", async ({
  page,
  signInAsAdmin,
  shopApi,
  adminApi,
}) => {
  await signInAsAdmin(page);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Admin" })).toBeVisible();
  await expect(new AdminNav(page).link("Dashboard")).toHaveAttribute("aria-current", "page");

  const figure = async (id: string) => (await page.getByTestId(id).filter({ visible: true }).textContent()) ?? "";
  const count = async (id: string) => Number(await figure(id));
  const money = async (id: string) => Number((await figure(id)).replace(/[^\d]/g, ""));
  const before = {
    orders: await count("stat-today-orders"),
    revenue: await money("stat-today-revenue"),
    pending: await count("stat-pending-orders"),
  };

  const { token } = await shopApi.customerWithToken("Dashboard Diner");
  const name = `Dash ${tag()}`;
  const order = await placeOrder(shopApi, token, name);

  await page.reload();
  await expect(page.getByTestId("stat-today-orders").filter({ visible: true })).toHaveText(String(before.orders + 1));
  await expect(page.getByTestId("stat-today-revenue").filter({ visible: true })).toHaveText(rupees(before.revenue + order.total));
  await expect(page.getByTestId("stat-pending-orders").filter({ visible: true })).toHaveText(String(before.pending + 1));
  const latest = page.getByRole("region", { name: "Latest orders" });
  await expect(latest.getByText(name).filter({ visible: true })).toBeVisible();
  await latest.getByRole("link", { name: "View all orders" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);

  // A cancelled order still counts as placed today, but brings no revenue.
  await shopApi.moveOrder(await adminApi.bearer(), order.id, "cancelled");
  await page.goto("/admin/dashboard");
  await expect(page.getByTestId("stat-today-orders").filter({ visible: true })).toHaveText(String(before.orders + 1));
  await expect(page.getByTestId("stat-today-revenue").filter({ visible: true })).toHaveText(rupees(before.revenue));
  await expect(page.getByTestId("stat-pending-orders").filter({ visible: true })).toHaveText(String(before.pending));
});

test("the admin sees a customer's order, confirms it, and filters by status", async ({ page, signInAsAdmin, shopApi, adminApi }) => {
  const { token } = await shopApi.customerWithToken("Ordering Customer");
  const name = `Zoë O'Brien ${tag()}`;
  const order = await placeOrder(shopApi, token, name);

  // This page hears no live updates: below, another admin's change must meet a table that has
  // not caught up yet (with the stream, the table could follow it before the click).
  await page.route("**/api/events", (route) => route.abort());
  await signInAsAdmin(page);
  const nav = new AdminNav(page);
  await nav.open("Orders");
  await expect(nav.link("Orders")).toHaveAttribute("aria-current", "page");

  const row = orderRow(page, name);
  await expect(row).toHaveCount(1);
  // Newest first: the order just placed heads the table.
  await expect(page.getByRole("table").getByRole("rowheader").first()).toContainText(name);
  await expect(row).toContainText(rupees(order.total));
  await expect(row).toContainText("Cash on Delivery");
  await expect(row).toContainText("2 ×");
  await expect(row.getByTestId("status-badge").filter({ visible: true })).toHaveText("Pending");

  // Only the moves the lifecycle allows are offered.
  const select = row.getByLabel("Change status");
  await expect(select.locator("option")).toHaveText(["Confirmed", "Cancelled"]);
  await select.selectOption({ label: "Confirmed" });
  await row.getByRole("button", { name: /^Update order/ }).click();
  await expect(page.getByText("Order updated").filter({ visible: true })).toBeVisible();
  await expect(row.getByTestId("status-badge").filter({ visible: true })).toHaveText("Confirmed");
  expect(await shopApi.statusOf(token, order.id)).toBe("confirmed");
  await expect(row.getByLabel("Change status").locator("option")).toHaveText(["Preparing", "Cancelled"]);

  // Someone else moves the order on meanwhile: the server refuses the stale change and the table catches up.
  await shopApi.moveOrder(await adminApi.bearer(), order.id, "preparing");
  await row.getByLabel("Change status").selectOption({ label: "Preparing" });
  await row.getByRole("button", { name: /^Update order/ }).click();
  await expect(page.getByText("A preparing order cannot be changed to preparing.").filter({ visible: true })).toBeVisible();
  await expect(row.getByTestId("status-badge").filter({ visible: true })).toHaveText("Preparing");
  expect(await shopApi.statusOf(token, order.id)).toBe("preparing");

  // Filters. The toasts sit at the top, where the filters are once scrolled into view, and a toast
  // under the pointer stays: let them go first, as a person would.
  await page.mouse.move(0, 0);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  const filters = page.getByRole("navigation", { name: "Filter orders by status" });
  await filters.getByRole("link", { name: "Preparing", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=preparing$/);
  await expect(filters.getByRole("link", { name: "Preparing", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(orderRow(page, name)).toHaveCount(1);
  const badges = page.getByRole("table").getByTestId("status-badge").filter({ visible: true });
  expect(new Set(await badges.allTextContents())).toEqual(new Set(["Preparing"]));

  await filters.getByRole("link", { name: "Pending", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=pending$/);
  await expect(orderRow(page, name)).toHaveCount(0);
  for (const text of await page.getByTestId("status-badge").filter({ visible: true }).allTextContents()) expect(text).toBe("Pending");

  await filters.getByRole("link", { name: "All", exact: true }).click();
  await expect(orderRow(page, name)).toHaveCount(1);
});

test("the admin adds, edits and deletes a menu item, and /menu follows", async ({ page, signInAsAdmin }) => {
  const name = `Test Sprout Bowl ${tag()}`;
  await signInAsAdmin(page);
  await page.goto("/admin/menu");
  const form = page.getByRole("region", { name: "Add a menu item" });

  await new MenuItemForm(form).fillBasics(name, ["151", "191", "231"]);
  await form.getByLabel("Description").fill("Sprouts, cucumber and a lemon dressing.");
  await form.getByRole("radio", { name: "Veg", exact: true }).check();

  // Only https: or a path on the site: a javascript: URL is refused at the field.
  await form.getByLabel("Image URL").fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Add item" }).click();
  await expect(
    form.getByText("Image must be an https:// URL or a path on this site starting with /").filter({ visible: true }),
  ).toBeVisible();
  await expect(form.getByLabel("Image URL")).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("Image URL").fill("/images/placeholder-salad.svg");

  // What the browser cannot check (the category must exist) comes back from the server, at its field.
  await form.getByLabel("Category").evaluate((select: HTMLSelectElement) => {
    select.add(new Option("Dessert", "dessert"));
    select.value = "dessert";
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
  await form.getByRole("button", { name: "Add item" }).click();
  await expect(form.getByRole("alert").filter({ hasText: 'Unknown category "dessert"' })).toBeVisible();
  await form.getByLabel("Category").selectOption({ label: "Veg Salads" });

  await form.getByRole("button", { name: "Add item" }).click();
  await expect(page.getByText(`${name} added to the menu`).filter({ visible: true })).toBeVisible();
  const row = menuRow(page, name);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Veg Salads");
  await expect(row.getByTestId("price-small").filter({ visible: true })).toHaveText("₹151");
  await expect(row.getByTestId("price-large").filter({ visible: true })).toHaveText("₹231");
  await expect(form.getByLabel("Name")).toHaveValue("");

  await page.goto("/menu?category=veg-salads");
  await expect(menuCard(page, name).getByRole("button", { name: "Add to Cart · ₹151" })).toBeVisible();

  // Edit: the form fills with the item, and the new price reaches the menu.
  await page.goto("/admin/menu");
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("region", { name: `Edit ${name}` });
  await expect(edit.getByLabel("Name")).toHaveValue(name);
  await expect(edit.getByLabel("Name")).toBeFocused();
  await expect(edit.getByLabel("Small price")).toHaveValue("151");
  await expect(edit.getByLabel("Category")).toHaveValue("veg-salads");
  await edit.getByLabel("Small price").fill("167");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(`${name} updated`).filter({ visible: true })).toBeVisible();
  await expect(menuRow(page, name).getByTestId("price-small").filter({ visible: true })).toHaveText("₹167");
  await expect(page.getByRole("region", { name: "Add a menu item" })).toBeVisible();

  await page.goto("/menu?category=veg-salads");
  await expect(menuCard(page, name).getByRole("button", { name: "Add to Cart · ₹167" })).toBeVisible();

  // Quick toggle: sold out and back.
  await page.goto("/admin/menu");
  await menuRow(page, name)
    .getByRole("button", { name: `Mark sold out ${name}` })
    .click();
  await expect(menuRow(page, name)).toContainText("Sold out");
  await page.goto("/menu?category=veg-salads");
  await expect(menuCard(page, name).getByRole("button", { name: "Sold out" })).toBeDisabled();
  await page.goto("/admin/menu");
  await menuRow(page, name)
    .getByRole("button", { name: `Mark available ${name}` })
    .click();
  await expect(menuRow(page, name).getByRole("button", { name: `Mark sold out ${name}` })).toBeVisible();

  // Delete asks first, in a modal dialog; Escape keeps the item and returns focus.
  const deleteButton = page.getByRole("button", { name: `Delete ${name}` });
  await deleteButton.click();
  const dialog = page.getByRole("alertdialog", { name: `Delete ${name}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await expect(menuRow(page, name)).toHaveCount(1);

  await deleteButton.click();
  await dialog.getByRole("button", { name: "Delete item" }).click();
  await expect(page.getByText(`${name} deleted`).filter({ visible: true })).toBeVisible();
  await expect(menuRow(page, name)).toHaveCount(0);
  await page.goto("/menu");
  await expect(page.getByRole("heading", { name, exact: true })).toHaveCount(0);
});

test("the admin makes a customer an admin and takes it back; their own row stays locked", async ({
  page,
  signIn,
  signInAsAdmin,
  shopApi,
  newBrowserPage,
}) => {
  const customer = await shopApi.customer(`Priya Nair ${tag()}`);
  await signInAsAdmin(page);
  await page.goto("/admin/users");

  const row = page.getByRole("row").filter({ hasText: customer.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("rowheader")).toHaveText(customer.name);
  await expect(row).toContainText("Customer");
  await expect(row.getByRole("cell", { name: "Yes", exact: true })).toBeVisible();

  const own = page.getByRole("row").filter({ hasText: ADMIN.email });
  const ownButton = own.getByRole("button", { name: /admin/i });
  await expect(ownButton).toBeDisabled();
  await expect(ownButton).toHaveAccessibleDescription(/You cannot change your own role/);

  await row.getByRole("button", { name: `Make admin ${customer.name} (${customer.email})` }).click();
  await expect(page.getByText(`${customer.name} is now an admin`).filter({ visible: true })).toBeVisible();
  await expect(row).toContainText("Admin");

  // Signed in now, the new admin reaches the admin area.
  const other = await newBrowserPage();
  await signIn(other, customer.email, customer.password);
  await expect(other).toHaveURL(/\/admin\/dashboard$/);

  await row.getByRole("button", { name: `Remove admin ${customer.name} (${customer.email})` }).click();
  await expect(page.getByText(`${customer.name} is no longer an admin`).filter({ visible: true })).toBeVisible();
  await expect(row).toContainText("Customer");

  // Their session still says "admin", so the proxy lets the request through: the page itself refuses.
  await other.goto("/admin/orders");
  await expect(other).toHaveURL((url) => url.pathname === "/");

  // However many accounts the shop has, one is found by its e-mail in any case.
  await page.getByRole("searchbox", { name: "Find an account by name or e-mail" }).fill(customer.email.toUpperCase());
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 account matches" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "@" })).toHaveCount(1);
  await expect(row.getByRole("rowheader")).toHaveText(customer.name);
});

test("admin pages have no serious accessibility problems and fit 320 px", async ({ page, signInAsAdmin }) => {
  // Axe over every admin page on a phone, where the layout is tightest (the rules it checks do
  // not change with the width: contrast, names, roles); nothing scrolls sideways at either width.
  // The wide pass goes first: by the phone's, the sign-in's toast has gone and covers nothing.
  test.slow();
  await signInAsAdmin(page);
  for (const width of [1280, 320]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ADMIN_PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      if (width === 320) expect(await axeFindings(page, { include: "main", serious: true, where: `${path} @${width}:` })).toEqual([]);
      expect(await sidewaysOverflow(page), `${path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
});
