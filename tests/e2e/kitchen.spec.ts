import type { Page } from "@playwright/test";
import { expect, test, orderCode as codeOf, tag, type ShopApi, type MenuItem } from "./fixtures";
import { axeFindings, sidewaysOverflow } from "./pages/admin";
import { expectSignInThenHome, LoginPage } from "./pages/login";
import { CheckoutPage, MenuPage } from "./pages/shop";
import { COLUMN_TICKETS as SHOWN } from "@/lib/orders/kitchen-rules";
import { formatIndiaTime } from "@/lib/time";
import { slotWords } from "@/lib/store/words";

// The kitchen display /admin/kitchen (product.md §7), as the pass uses it: open as the admin in
// one browser while customers order in another, moving tickets on with its buttons and keys.

type ApiOrder = {
  id: string;
  status: string;
  promisedBy: string;
  scheduled: boolean;
  history: Array<{ status: string; by: string; note?: string }>;
};

/** An order placed through the API by a new customer, for tests whose subject is the display. */
async function placeOrder(shopApi: ShopApi, addressName: string): Promise<{ order: ApiOrder; token: string; first: MenuItem }> {
  const { token } = await shopApi.customerWithToken("Kitchen Customer");
  const { order, items } = await shopApi.placeOrder<ApiOrder>(token, addressName);
  return { order, token, first: items[0] };
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

test("the display is for admins only", async ({ page, signIn, customer }) => {
  await expectSignInThenHome(page, "/admin/kitchen", () => signIn(page, customer.email, customer.password));
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
  const menu = new MenuPage(shop);
  await menu.open();
  await menu.add(item.name, "large");
  const checkout = new CheckoutPage(shop);
  await checkout.toPayment({ Name: name });
  await checkout.placeOrder();
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
  expect(await shopApi.statusOf(token, order.id)).toBe("confirmed");

  // Focus follows the ticket to its next step, so the pass can go on with the keyboard.
  const start = card.getByRole("button", { name: `Start preparing order #${code}` });
  await expect(start).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(card.getByTestId("status-badge").filter({ visible: true })).toHaveText("Preparing");
  await expect(card.getByRole("button", { name: /^Cancel/ })).toHaveCount(0);
  expect(await shopApi.statusOf(token, order.id)).toBe("preparing");

  await card.getByRole("button", { name: `Out for delivery order #${code}` }).click();
  await expect(column(page, "On the way").getByRole("article", { name: `#${code}` })).toBeVisible();
  expect(await shopApi.statusOf(token, order.id)).toBe("out_for_delivery");

  await card.getByRole("button", { name: `Delivered order #${code}` }).click();
  await expect(page.getByText(`Order #${code} delivered`).filter({ visible: true })).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "On the way" })).toBeFocused();
  expect(await shopApi.statusOf(token, order.id)).toBe("delivered");

  // Still gone when read again.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Kitchen" })).toBeVisible();
  await expect(ticket(page, code)).toHaveCount(0);
});

test("Cancel asks first: Escape keeps the order, confirming cancels it", async ({ page, shopApi }) => {
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
  expect(await shopApi.statusOf(token, order.id)).toBe("pending");

  await cancel.click();
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByText(`Order #${code} cancelled`).filter({ visible: true })).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "New", exact: true })).toBeFocused();
  expect(await shopApi.statusOf(token, order.id)).toBe("cancelled");
});

test("a ticket shows its promise and turns amber within 10 minutes of it, red once past, said in words", async ({ page, shopApi }) => {
  const { order } = await placeOrder(shopApi, `Meera ${tag()}`);
  const code = codeOf(order.id);
  await page.clock.install();
  await openKitchen(page);
  const card = ticket(page, code);
  await expect(card.getByTestId("ticket-age").filter({ visible: true })).toContainText(/^Placed [01] min ago$/);
  await expect(card.getByTestId("ticket-promise").filter({ visible: true })).toHaveText(`Promised by ${formatIndiaTime(order.promisedBy)}`);
  await expect(card).toHaveAttribute("data-urgency", "normal");
  await expect(card.getByTestId("urgency")).toHaveCount(0);

  // Nine and a half minutes before the promise: due soon.
  const now = await page.evaluate(() => Date.now());
  await page.clock.fastForward(Date.parse(order.promisedBy) - now - 9.5 * 60_000);
  await expect(card).toHaveAttribute("data-urgency", "amber");
  await expect(card.getByTestId("urgency").filter({ visible: true })).toHaveText(/^Due in (10|9) min$/);

  // Past the promise: late, by how much.
  await page.clock.fastForward("12:00");
  await expect(card).toHaveAttribute("data-urgency", "red");
  await expect(card.getByTestId("urgency").filter({ visible: true })).toHaveText(/^Late by [23] min$/);
});

test("+10 min moves the promise: the ticket, the order and its history say so, and the customer's open page reads it again", async ({
  page,
  shopApi,
  adminApi,
  mailbox,
  signIn,
  newBrowserPage,
}) => {
  const { token, ...customer } = await shopApi.customerWithToken("Late Lalitha");
  const { order } = await shopApi.placeOrder<ApiOrder>(token, `Lalitha ${tag()}`);
  const code = codeOf(order.id);

  // The customer follows the order on its page in their own browser.
  const shop = await newBrowserPage();
  await signIn(shop, customer.email, customer.password);
  await shop.goto(`/orders/${order.id}`);
  await expect(shop.getByTestId("current-status")).toHaveText("Pending");
  await shop.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  await openKitchen(page);
  const card = ticket(page, code);
  const promise = card.getByTestId("ticket-promise").filter({ visible: true });
  await expect(promise).toHaveText(`Promised by ${formatIndiaTime(order.promisedBy)}`);
  const later = new Date(Date.parse(order.promisedBy) + 10 * 60_000).toISOString();

  // The customer's page reads itself again when it hears of the delay (no reload).
  const reread = shop.waitForRequest((req) => new URL(req.url()).pathname === `/orders/${order.id}` && req.headers()["rsc"] === "1");
  await card.getByRole("button", { name: `Delay order #${code} by 10 minutes` }).click();
  await expect(promise).toHaveText(`Promised by ${formatIndiaTime(later)}`);
  await expect(page.getByText(`Order #${code} now due by ${formatIndiaTime(later)}`).filter({ visible: true })).toBeVisible();
  await reread;
  expect(await shop.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  const now = await shopApi.orderOf<ApiOrder>(token, order.id);
  expect(now.promisedBy).toBe(later);
  expect(now.status).toBe("pending");
  expect(now.history.at(-1)).toMatchObject({ status: "pending", by: "admin", note: "delayed 10 min" });
  // The mail tells the customer the new time.
  await expect
    .poll(async () => (await mailbox.to(customer.email)).find((m) => m.subject === `Your Fresh Bowl order #${code} is running late`)?.text)
    .toContain(`now arrives by ${formatIndiaTime(later)}`);
  // A step with a note is no new step on the customer's tracker: still pending, placed when it was.
  await expect(shop.getByTestId("current-status")).toHaveText("Pending");
  await shopApi.moveOrder(await adminApi.bearer(), order.id, "cancelled");
});

test("the pause switch pauses new orders, with a reason, and reopens, all from the keyboard and said in words", async ({
  page,
  request,
  adminApi,
}) => {
  const storeState = async () =>
    (await (await request.get("/api/store")).json()) as { open: boolean; paused: { until: string | null; reason: string | null } | null };
  try {
    await openKitchen(page);
    const state = page.getByTestId("store-state");
    await expect(state).toHaveText(/^Open · delivering by \d{1,2}:\d{2} [ap]m( tomorrow)?$/);

    const reason = page.getByLabel("Reason shown to customers");
    await reason.fill("Catching up with a rush");
    await reason.press("Tab");
    await expect(page.getByRole("button", { name: "Pause new orders for 15 min" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(state).toHaveText(/^Paused: Catching up with a rush \(until \d{1,2}:\d{2} [ap]m( tomorrow)?\)$/);
    const paused = await storeState();
    expect(paused.open).toBe(false);
    expect(paused.paused?.reason).toBe("Catching up with a rush");
    expect(Date.parse(paused.paused!.until!) - Date.now()).toBeGreaterThan(13 * 60_000);
    await expect(state).toContainText(formatIndiaTime(paused.paused!.until!));

    const reopen = page.getByRole("button", { name: "Reopen for new orders" });
    await reopen.focus();
    await page.keyboard.press("Enter");
    await expect(state).toHaveText(/^Open · delivering by /);
    expect((await storeState()).paused).toBeNull();

    await page.getByRole("button", { name: "Pause new orders until I reopen" }).click();
    await expect(state).toHaveText("Paused: the kitchen is catching up (until you reopen)");
    expect(await storeState()).toMatchObject({ open: false, paused: { until: null, reason: null } });
    // Still paused when the display is opened again.
    await page.reload();
    await expect(state).toHaveText("Paused: the kitchen is catching up (until you reopen)");
    await page.getByRole("button", { name: "Reopen for new orders" }).click();
    await expect(state).toHaveText(/^Open · /);
  } finally {
    await adminApi.send("DELETE", "/api/store/pause");
  }
});

test("an order for a later slot waits in Later with its slot, not in New", async ({ page, request, shopApi, adminApi }) => {
  const { token } = await shopApi.customerWithToken("Planner Priya");
  // Tomorrow's last free slot: hours away, far beyond the preparation time.
  const tomorrow = new Date(Date.now() + 24 * 60 * 60_000 + 5.5 * 60 * 60_000).toISOString().slice(0, 10);
  const slots = (await (await request.get(`/api/slots?date=${tomorrow}`)).json()) as Array<{
    start: string;
    end: string;
    available: boolean;
  }>;
  const slot = slots.filter((s) => s.available).at(-1)!;
  const [item] = await shopApi.menu();
  const order = await shopApi.order<ApiOrder>(token, {
    items: [{ id: item.id, portion: "small", quantity: 1 }],
    name: `Priya ${tag()}`,
    deliverAt: slot.start,
  });
  expect(order.scheduled).toBe(true);
  const code = codeOf(order.id);

  await openKitchen(page);
  const later = page.getByRole("region", { name: "Later", exact: true });
  const entry = later.getByRole("article", { name: `#${code}` });
  await expect(entry).toBeVisible();
  await expect(entry.getByTestId("later-slot")).toHaveText(slotWords(slot));
  await expect(entry.getByRole("link", { name: `Details of order #${code}` })).toHaveAttribute("href", `/admin/orders/${order.id}`);
  // Its entry in Later is its only appearance: no ticket in any column yet.
  await expect(page.getByRole("article", { name: `#${code}`, exact: true })).toHaveCount(1);
  for (const name of ["New", "In the kitchen", "On the way"] as const) {
    await expect(column(page, name).getByRole("article", { name: `#${code}` })).toHaveCount(0);
  }
  await shopApi.moveOrder(await adminApi.bearer(), order.id, "cancelled");
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
    expect(await axeFindings(page, { include: "main", serious: true, where: `@${size.width}:` })).toEqual([]);
    expect(await sidewaysOverflow(page), `scrolls sideways at ${size.width} px`).toBeLessThanOrEqual(0);
  }
});

test("a busy pass: each column shows its oldest tickets and says how many more; a new order still arrives, read alone", async ({
  page,
  shopApi,
  adminApi,
}) => {
  // More new orders than a column shows, entered by the admin (phone orders: never limited).
  const admin = await adminApi.bearer();
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
