import AxeBuilder from "@axe-core/playwright";
import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, type ShopApi, LoginPage, ADDRESS, ADMIN, type MenuItem } from "./fixtures";
import { COLUMN_TICKETS as SHOWN } from "@/lib/orders/kitchen-rules";

// The kitchen display /admin/kitchen (product.md §7), as the pass uses it: open as the admin in
// one browser while customers order in another, moving tickets on with its buttons and keys.

type ApiOrder = { id: string; status: string };

const tag = () => randomBytes(3).toString("hex");
/** The code a customer sees for their order (lib/orders/status.ts orderNumber). */
const codeOf = (id: string) => id.slice(-8).toUpperCase();

/** An order placed through the API by a new customer, for tests whose subject is the display. */
async function placeOrder(shopApi: ShopApi, addressName: string): Promise<{ order: ApiOrder; token: string; first: MenuItem }> {
  const customer = await shopApi.customer("Kitchen Customer");
  const token = await shopApi.tokenFor(customer.email, customer.password);
  const { order, items } = await shopApi.placeOrder<ApiOrder>(token, addressName);
  return { order, token, first: items[0] };
}

async function statusOf(request: APIRequestContext, token: string, id: string): Promise<string> {
  const res = await request.get(`/api/orders/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as ApiOrder).status;
}

async function openKitchen(page: Page) {
  await new LoginPage(page).signInAsAdmin();
  await page.goto("/admin/kitchen");
  await expect(page.getByRole("heading", { level: 1, name: "Kitchen" })).toBeVisible();
}

const column = (page: Page, name: "New" | "In the kitchen" | "On the way") => page.getByRole("region", { name, exact: true });
const ticket = (page: Page, code: string) => page.getByRole("article", { name: `#${code}`, exact: true });

/**
 * The number of new orders the tab's title counts: `(2) Kitchen · Fresh Bowl`, or none. Read once
 * the count is settled: the board writes it into the title once it runs, and a live refresh can
 * put the page's own title back for a moment before the board writes it again.
 */
async function titleCount(page: Page): Promise<number> {
  let title = "";
  await expect.poll(async () => (title = await page.title())).toMatch(/^(\(\d+\) )?Kitchen · Fresh Bowl$/);
  return Number(/^\((\d+)\)/.exec(title)?.[1] ?? 0);
}

test("the display is for admins only", async ({ page, signIn, shopApi }) => {
  await page.goto("/admin/kitchen");
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("next") === "/admin/kitchen");
  const customer = await shopApi.customer("Curious Cook");
  await signIn(page, customer.email, customer.password);
  await page.goto("/admin/kitchen");
  await expect(page).toHaveURL((url) => url.pathname === "/");
});

test("an order placed in another browser appears on the open display without a reload, counted in the title, with a chime", async ({
  page,
  signIn,
  shopApi,
  newBrowserPage,
}) => {
  // Count the chime's notes: Web Audio oscillators started in the display's tab.
  await page.addInitScript(() => {
    const w = window as unknown as { notes: number };
    w.notes = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args: Parameters<typeof start>) {
      w.notes += 1;
      return start.apply(this, args);
    };
  });
  const notes = () => page.evaluate(() => (window as unknown as { notes: number }).notes);

  await openKitchen(page);
  // Sound is off until the kitchen turns it on; then it is remembered, and plays once as a sample.
  const sound = page.getByRole("switch", { name: "Chime for new orders" });
  await expect(sound).not.toBeChecked();
  await sound.check();
  await expect.poll(notes).toBeGreaterThan(0);
  await page.reload();
  await expect(sound).toBeChecked();
  expect(await notes()).toBe(0);

  // The title counts what the New column shows.
  const before = await titleCount(page);
  await expect(page.getByTestId("count-new").filter({ visible: true })).toHaveText(new RegExp(`^${before}\\b`));
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  // A customer orders through the shop in their own browser.
  const name = `Kavya ${tag()}`;
  const [item] = await shopApi.menu();
  const customer = await shopApi.customer("Kavya Menon");
  const shop = await newBrowserPage();
  await signIn(shop, customer.email, customer.password);
  await shop.goto("/menu");
  const card = shop.getByRole("article").filter({ has: shop.getByRole("heading", { name: item.name, exact: true }) });
  await card.getByLabel("Portion").selectOption({ label: "Large 400g" });
  await card.getByRole("button", { name: /Add to Cart/ }).click();
  await expect(shop.getByText(`${item.name} added to cart`).filter({ visible: true }).first()).toBeVisible();
  await shop.goto("/checkout/address");
  const fields = {
    Name: name,
    Phone: ADDRESS.phone,
    Street: ADDRESS.street,
    City: ADDRESS.city,
    State: ADDRESS.state,
    "PIN code": ADDRESS.zip,
  };
  for (const [label, value] of Object.entries(fields)) await shop.getByLabel(label, { exact: true }).fill(value);
  await shop.getByRole("button", { name: "Continue" }).click();
  await expect(shop).toHaveURL(/\/checkout\/payment$/);
  await shop.getByRole("button", { name: "Place Order" }).click();
  await expect(shop).toHaveURL(/\/order-success\?id=/);
  const id = new URL(shop.url()).searchParams.get("id")!;

  // On the display, within the contract's 5 seconds (and some room for a loaded machine).
  const card2 = ticket(page, codeOf(id));
  await expect(column(page, "New").getByRole("article", { name: `#${codeOf(id)}` })).toBeVisible({ timeout: 15_000 });
  await expect(card2).toContainText(name);
  await expect(page.getByText(`New order #${codeOf(id)} for ${name}`).filter({ visible: true })).toBeVisible();
  await expect(card2).toContainText(`1 × ${item.name}`);
  await expect(card2).toContainText("Large 400g");
  await expect(card2.getByTestId("ticket-age").filter({ visible: true })).toHaveText(/^Placed [01] min ago$/);
  await expect(page).toHaveTitle(`(${before + 1}) Kitchen · Fresh Bowl`);
  await expect.poll(notes).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test("a ticket goes through its whole life from the display: Accept, Start preparing, Out for delivery, Delivered", async ({
  page,
  request,
  shopApi,
}) => {
  const name = `Rohan ${tag()}`;
  const { order, token, first } = await placeOrder(shopApi, name);
  const code = codeOf(order.id);
  await openKitchen(page);

  const card = ticket(page, code);
  await expect(column(page, "New").getByRole("article", { name: `#${code}` })).toBeVisible();
  await expect(card.getByRole("heading", { name: `#${code}` })).toBeVisible();
  await expect(card).toContainText(name);
  await expect(card.getByRole("list", { name: `Items for #${code}` }).getByRole("listitem")).toHaveCount(2);
  await expect(card).toContainText(`2 × ${first.name}`);
  await expect(card).toContainText("Medium 350g");
  await expect(card.getByTestId("ticket-age").filter({ visible: true })).toContainText(/[01] min/);
  await expect(card.getByTestId("urgency").filter({ visible: true })).toHaveCount(0);
  await expect(card.getByRole("link", { name: `Details of order #${code}` })).toHaveAttribute("href", `/admin/orders/${order.id}`);
  const before = await titleCount(page);

  await card.getByRole("button", { name: `Accept order #${code}` }).click();
  await expect(page.getByText(`Order #${code} accepted`).filter({ visible: true })).toBeVisible();
  await expect(column(page, "In the kitchen").getByRole("article", { name: `#${code}` })).toBeVisible();
  await expect(card.getByTestId("status-badge").filter({ visible: true })).toHaveText("Confirmed");
  await expect(page).toHaveTitle(before > 1 ? `(${before - 1}) Kitchen · Fresh Bowl` : "Kitchen · Fresh Bowl");
  expect(await statusOf(request, token, order.id)).toBe("confirmed");

  // Focus follows the ticket to its next step, so the pass can go on with the keyboard.
  const start = card.getByRole("button", { name: `Start preparing order #${code}` });
  await expect(start).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(card.getByTestId("status-badge").filter({ visible: true })).toHaveText("Preparing");
  await expect(card.getByRole("button", { name: /^Cancel/ })).toHaveCount(0);
  expect(await statusOf(request, token, order.id)).toBe("preparing");

  await card.getByRole("button", { name: `Out for delivery order #${code}` }).click();
  await expect(column(page, "On the way").getByRole("article", { name: `#${code}` })).toBeVisible();
  expect(await statusOf(request, token, order.id)).toBe("out_for_delivery");

  await card.getByRole("button", { name: `Delivered order #${code}` }).click();
  await expect(page.getByText(`Order #${code} delivered`).filter({ visible: true })).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "On the way" })).toBeFocused();
  expect(await statusOf(request, token, order.id)).toBe("delivered");

  // Still gone when read again.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Kitchen" })).toBeVisible();
  await expect(ticket(page, code)).toHaveCount(0);
});

test("Cancel asks first: Escape keeps the order, confirming cancels it", async ({ page, request, shopApi }) => {
  const { order, token } = await placeOrder(shopApi, `Ishaan ${tag()}`);
  const code = codeOf(order.id);
  await openKitchen(page);
  const card = ticket(page, code);

  const cancel = card.getByRole("button", { name: `Cancel order #${code}` });
  await cancel.click();
  const dialog = page.getByRole("alertdialog", { name: `Cancel order #${code}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Keep order", exact: true })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  expect(await statusOf(request, token, order.id)).toBe("pending");

  await cancel.click();
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByText(`Order #${code} cancelled`).filter({ visible: true })).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "New", exact: true })).toBeFocused();
  expect(await statusOf(request, token, order.id)).toBe("cancelled");
});

test("minutes since placed tick without a reload; amber after 20, red after 30, said in words", async ({ page, shopApi }) => {
  const { order } = await placeOrder(shopApi, `Meera ${tag()}`);
  const code = codeOf(order.id);
  await page.clock.install();
  await openKitchen(page);
  const card = ticket(page, code);
  await expect(card.getByTestId("ticket-age").filter({ visible: true })).toContainText(/^Placed [01] min ago$/);
  await expect(card).toHaveAttribute("data-urgency", "normal");

  await page.clock.fastForward("21:00");
  await expect(card.getByTestId("ticket-age").filter({ visible: true })).toHaveText(/^Placed 2[12] min ago$/);
  await expect(card).toHaveAttribute("data-urgency", "amber");
  await expect(card.getByTestId("urgency").filter({ visible: true })).toHaveText("Due soon");

  await page.clock.fastForward("10:00");
  await expect(card.getByTestId("ticket-age").filter({ visible: true })).toHaveText(/^Placed 3[12] min ago$/);
  await expect(card).toHaveAttribute("data-urgency", "red");
  await expect(card.getByTestId("urgency").filter({ visible: true })).toHaveText("Late");
});

test("three columns side by side on a 10-inch tablet, stacked on a phone; no serious axe findings, no sideways scroll", async ({
  page,
  shopApi,
}) => {
  await placeOrder(shopApi, `Anika ${tag()}`);
  await openKitchen(page);
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
    { width: 390, height: 844 },
    { width: 320, height: 640 },
  ]) {
    await page.setViewportSize(size);
    await expect(column(page, "New").getByRole("article").first()).toBeVisible();
    const boxes = await Promise.all((["New", "In the kitchen", "On the way"] as const).map((n) => column(page, n).boundingBox()));
    const [a, b, c] = boxes.map((box) => box!);
    if (size.width >= 1024) {
      expect(a.y).toBe(b.y);
      expect(b.y).toBe(c.y);
      expect(a.x).toBeLessThan(b.x);
      expect(b.x).toBeLessThan(c.x);
    } else {
      expect(a.y).toBeLessThan(b.y);
      expect(b.y).toBeLessThan(c.y);
      // On a phone, links jump to each column.
      await expect(page.getByRole("navigation", { name: "Kitchen columns" }).getByRole("link")).toHaveCount(3);
    }
    const { violations } = await new AxeBuilder({ page }).include("main").analyze();
    const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `@${size.width}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `scrolls sideways at ${size.width} px`).toBeLessThanOrEqual(0);
  }
});

test("a busy pass: each column shows its oldest tickets and says how many more; a new order still arrives, read alone", async ({
  page,
  shopApi,
}) => {
  // More new orders than a column shows, entered by the admin (phone orders: never limited).
  const admin = await shopApi.tokenFor(ADMIN.email, ADMIN.password);
  const queue: ApiOrder[] = [];
  for (let i = 0; i < SHOWN + 5; i += 5) {
    const batch = Array.from({ length: 5 }, (_, j) => shopApi.placeOrder<ApiOrder>(admin, `Queue ${i + j} ${tag()}`));
    queue.push(...(await Promise.all(batch)).map((placed) => placed.order));
  }

  await openKitchen(page);
  const fresh = column(page, "New");
  const count = Number((await page.getByTestId("count-new").filter({ visible: true }).textContent())?.match(/\d+/)?.[0]);
  expect(count).toBeGreaterThan(SHOWN);
  await expect(fresh.getByRole("article")).toHaveCount(SHOWN);
  await expect(fresh.getByTestId("more-new")).toHaveText(`and ${count - SHOWN} more orders waiting behind these`);
  await expect(page).toHaveTitle(`(${count}) Kitchen · Fresh Bowl`);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const reads: string[] = [];
  page.on("request", (req) => void (new URL(req.url()).pathname === "/api/kitchen" && reads.push(new URL(req.url()).search)));

  // A customer orders: the newest, so it waits behind the others, counted and announced.
  const name = `Tara ${tag()}`;
  const { order } = await placeOrder(shopApi, name);
  await expect(fresh.getByTestId("more-new")).toHaveText(`and ${count + 1 - SHOWN} more orders waiting behind these`);
  await expect(page.getByText(`New order #${codeOf(order.id)} for ${name}`).filter({ visible: true })).toBeVisible();
  await expect(page).toHaveTitle(`(${count + 1}) Kitchen · Fresh Bowl`);
  await expect(ticket(page, codeOf(order.id))).toHaveCount(0);
  // Its notice read that order alone, not the board.
  expect(reads).toContain(`?ids=${order.id}`);

  // The queue is cancelled (the kitchen ran out of greens): the column fills up from behind
  // without a reload, and the new order comes into view.
  await Promise.all(queue.map((o) => shopApi.moveOrder(admin, o.id, "cancelled")));
  await expect(fresh.getByRole("article", { name: `#${codeOf(order.id)}` })).toBeVisible({ timeout: 15_000 });
  await expect(fresh.getByTestId("more-new")).toHaveCount(0);
  await expect(page).toHaveTitle(`(${count + 1 - queue.length}) Kitchen · Fresh Bowl`);
  await expect(fresh.getByRole("article")).toHaveCount(count + 1 - queue.length);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await shopApi.moveOrder(admin, order.id, "cancelled");
});
