import type { Page } from "@playwright/test";
import { expect, test, layoutShifts, payInCheckout, rupees, type MenuItem } from "./fixtures";
import { LoginPage } from "./pages/login";
import { axeFindings, sidewaysOverflow } from "./pages/admin";
import { CheckoutPage, MenuPage, seedCart } from "./pages/shop";

// The customer's ordering journey: menu → cart → sign in → address → payment → thank-you,
// then the order's own page with its live status.

type ApiOrder = {
  id: string;
  status: string;
  paymentMethod: string;
  total: number;
  createdAt: string;
  items: { name: string; portion: string; quantity: number; unitPrice: number }[];
  scheduled: boolean;
  promisedBy: string;
};

/** The address as a customer types it: a name with a diaeresis and an apostrophe, a phone with its country code. */
const ADDRESS = {
  Name: "Zoë O'Brien",
  Phone: "+91 98765-43210",
  Street: "12 MG Road, Flat 3",
  City: "Bengaluru",
  State: "Karnataka",
  "PIN code": "560001",
};

async function expectAccessible(page: Page, path: string) {
  expect(await axeFindings(page, { include: "main", serious: true, where: path })).toEqual([]);
  expect(await sidewaysOverflow(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** One order of `item` (small), placed through the API, paid on delivery. */
const oneBowl = (item: MenuItem) => ({ items: [{ id: item.id, portion: "small" as const, quantity: 1 }], name: "Zoë O'Brien" });

const badge = (page: Page) => page.getByTestId("cart-badge").filter({ visible: true });

test("signed-out visitors are sent to sign in from the cart, checkout and order pages", async ({ page }) => {
  for (const path of [
    "/cart",
    "/checkout",
    "/checkout/address",
    "/checkout/payment",
    "/orders",
    "/orders/some-order",
    "/order-success?id=x",
  ]) {
    await page.goto(path);
    const expected = path === "/checkout" ? "/checkout/address" : path;
    await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("next") === expected);
  }
});

test("menu → cart → sign in → address → payment → thank-you page read from the server", async ({ page, shopApi, mailbox }) => {
  const user = await shopApi.customerWithToken("Meera Iyer");
  const [first, second] = await shopApi.menu();

  // Signed out: the cart works and survives a reload.
  const menu = new MenuPage(page);
  await menu.open();
  await menu.add(first.name, "small");
  await menu.add(first.name, "small");
  await menu.add(second.name, "medium");
  await expect(badge(page)).toHaveText("3");
  await page.reload();
  await expect(badge(page)).toHaveText("3");

  // The cart asks to sign in, then comes back.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Cart/ }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fcart$/);
  await new LoginPage(page).submit(user.email, user.password);
  await expect(page).toHaveURL(/\/cart$/);

  const cart = page.getByRole("list", { name: "Items in your cart" });
  const firstLine = cart.getByRole("listitem").filter({ hasText: first.name });
  await expect(firstLine.getByTestId("line-quantity").filter({ visible: true })).toHaveText("2");
  await expect(cart.getByRole("listitem").filter({ hasText: second.name })).toContainText("Medium 350g");
  const subtotal = first.prices.small * 2 + second.prices.medium;
  await expect(page.getByTestId("subtotal").filter({ visible: true })).toHaveText(rupees(subtotal));
  await expect(page.getByTestId("delivery-fee").filter({ visible: true })).toHaveText("₹40");
  await expect(page.getByTestId("total").filter({ visible: true })).toHaveText(rupees(subtotal + 40));

  // Minus lowers by one; plus raises it again; the badge is the total quantity.
  await firstLine.getByRole("button", { name: `Decrease quantity of ${first.name} (Small 250g)` }).click();
  await expect(firstLine.getByTestId("line-quantity").filter({ visible: true })).toHaveText("1");
  await expect(badge(page)).toHaveText("2");
  await firstLine.getByRole("button", { name: `Increase quantity of ${first.name} (Small 250g)` }).click();
  await expect(badge(page)).toHaveText("3");

  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout\/address$/);

  // Six labelled, required fields, checked before moving on; nothing is ordered here.
  const checkout = new CheckoutPage(page);
  await page.getByLabel("Name", { exact: true }).fill("");
  await checkout.continue();
  await expect(page.getByText("Name is required").filter({ visible: true })).toBeVisible();
  await expect(page.getByText("Phone is required").filter({ visible: true })).toBeVisible();
  await checkout.fillAddress({ ...ADDRESS, Phone: "12345", "PIN code": "5600" });
  await checkout.continue();
  await expect(page.getByText(/Enter a 10-digit phone number/).filter({ visible: true })).toBeVisible();
  await expect(page.getByText("Enter a 6-digit PIN code").filter({ visible: true })).toBeVisible();
  await checkout.fillAddress(ADDRESS);
  // The PIN is checked as it is typed: a fresh install serves every PIN at the shop-wide fee.
  await expect(page.getByTestId("pin-check")).toHaveText("We deliver to 560001: delivery ₹40.");
  await checkout.continue();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  expect(await shopApi.ordersOf(user.token)).toHaveLength(0);

  // Payment: when (as soon as possible, with its promise, unless the customer schedules), how, the summary, Place Order.
  await expect(page.getByRole("radio", { name: /^As soon as possible \(by \d{1,2}:\d{2} [ap]m( tomorrow)?\)$/ })).toBeChecked();
  const methods = page.getByRole("radiogroup", { name: "Payment method" });
  await expect(methods.getByRole("radio")).toHaveCount(3);
  // Cash on Delivery by default; paying online is tests/e2e/payments.spec.ts's.
  await expect(methods.getByRole("radio", { name: "Cash on Delivery" })).toBeChecked();
  await expect(page.getByRole("list", { name: "Items in your order" }).getByRole("listitem")).toHaveCount(2);
  await expect(page.getByTestId("total").filter({ visible: true })).toHaveText(rupees(subtotal + 40));
  await checkout.placeOrder();

  await expect(page).toHaveURL(/\/order-success\?id=/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  const [order] = await shopApi.ordersOf<ApiOrder>(user.token);
  expect(new URL(page.url()).searchParams.get("id")).toBe(order.id);
  expect(order).toMatchObject({ paymentMethod: "Cash on Delivery", total: subtotal + 40, status: "pending", scheduled: false });

  // The order's own promise, in India time: the end of the slot it took.
  const by = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", hour: "numeric", minute: "2-digit", hour12: true }).format(
    new Date(order.promisedBy),
  );
  const check = async () => {
    await expect(page.getByTestId("promise").filter({ visible: true })).toContainText(`Arriving by ${by}`);
    await expect(page.getByRole("main").getByText(/30 minutes/)).toHaveCount(0);
    await expect(page.getByText(`${2} × ${first.name}`).filter({ visible: true })).toBeVisible();
    await expect(page.getByText(`${1} × ${second.name}`).filter({ visible: true })).toBeVisible();
    await expect(page.getByTestId("payment-method").filter({ visible: true })).toHaveText("Cash on Delivery");
    await expect(page.getByTestId("payment-line").filter({ visible: true })).toHaveText(`Pay ${rupees(subtotal + 40)} on delivery`);
    await expect(page.getByText("Zoë O'Brien · +919876543210").filter({ visible: true })).toBeVisible();
    await expect(page.getByTestId("total").filter({ visible: true })).toHaveText(rupees(subtotal + 40));
    await expect(page.getByTestId("status-badge").filter({ visible: true })).toHaveText("Pending");
  };
  await check();
  await page.reload();
  await check();

  // The cart was emptied by the order, and stays empty after a reload.
  await expect(badge(page)).toHaveCount(0);
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty!").filter({ visible: true })).toBeVisible();

  // The confirmation mail went out, linking to the order.
  await expect.poll(async () => (await mailbox.to(user.email)).some((m) => m.text.includes(`/orders/${order.id}`))).toBe(true);

  await page.goto(`/order-success?id=${order.id}`);
  await page.getByRole("link", { name: "Track your order" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
  await expect(page.getByTestId("current-status").filter({ visible: true })).toHaveText("Pending");
  await expect(page.getByTestId("promise").filter({ visible: true })).toContainText(`Arriving by ${by}`);
});

test("cart lines follow the shop's rules: same portion adds one, minus removes at one, Remove, Clear Cart", async ({
  page,
  shopApi,
  signIn,
  customer,
}) => {
  await signIn(page, customer.email, customer.password);
  const [a, b] = await shopApi.menu();
  const menu = new MenuPage(page);
  await menu.open();
  // A small and a large of one bowl (two lines), then the same small of another twice (one line of 2).
  for (const [item, portion] of [
    [a, "small"],
    [a, "large"],
    [b, "small"],
    [b, "small"],
  ] as const)
    await menu.add(item.name, portion);
  await expect(badge(page)).toHaveText("4");

  await page.goto("/cart");
  const cart = page.getByRole("list", { name: "Items in your cart" });
  await expect(cart.getByRole("listitem")).toHaveCount(3);
  const aSmall = cart.getByRole("listitem").filter({ hasText: a.name }).filter({ hasText: "Small 250g" });
  await aSmall.getByRole("button", { name: /Decrease quantity/ }).click();
  await expect(cart.getByRole("listitem")).toHaveCount(2);
  await cart.getByRole("button", { name: `Remove ${a.name} (Large 400g)` }).click();
  await expect(cart.getByRole("listitem")).toHaveCount(1);
  await expect(badge(page)).toHaveText("2");
  await page.reload();
  await expect(cart.getByRole("listitem")).toHaveCount(1);
  await page.getByRole("button", { name: "Clear Cart" }).click();
  await expect(page.getByText("Your cart is empty!").filter({ visible: true })).toBeVisible();
  await expect(badge(page)).toHaveCount(0);

  // With an empty cart, the checkout steps send the customer back to the cart.
  for (const path of ["/checkout/address", "/checkout/payment"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/cart$/);
  }
});

test("a double click on Place Order, and a retry after a lost reply, create exactly one order", async ({ page, shopApi, shopper }) => {
  const [item] = await shopApi.menu();

  // First attempt: the server places the order but the reply never reaches the browser.
  await seedCart(page, [{ item, quantity: 2 }]);
  const checkout = new CheckoutPage(page);
  await checkout.toPayment(ADDRESS);
  let dropped = 0;
  await page.route("**/api/orders", async (route) => {
    if (route.request().method() === "POST" && dropped === 0) {
      dropped++;
      await route.fetch();
      await route.abort("connectionreset");
      return;
    }
    await route.continue();
  });
  await checkout.placeOrder();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to place order. Please try again." })).toBeVisible();
  expect(await shopApi.ordersOf(shopper.token)).toHaveLength(1);

  // The retry (a double click, even) returns that same order.
  await page.getByRole("button", { name: "Place Order" }).dblclick();
  await expect(page).toHaveURL(/\/order-success\?id=/);
  const orders = await shopApi.ordersOf<ApiOrder>(shopper.token);
  expect(orders).toHaveLength(1);
  expect(new URL(page.url()).searchParams.get("id")).toBe(orders[0].id);

  // A new checkout is a new attempt: a double click makes one more order, not two.
  await page.unroute("**/api/orders");
  await seedCart(page, [{ item }]);
  await page.goto("/checkout/address");
  await checkout.continue();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await page.getByRole("button", { name: "Place Order" }).dblclick();
  await expect(page).toHaveURL(/\/order-success\?id=/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  expect(await shopApi.ordersOf(shopper.token)).toHaveLength(2);
});

test("each payment method is stored, and the address is prefilled from the last order", async ({ page, shopApi, shopper }) => {
  const [item] = await shopApi.menu();
  const checkout = new CheckoutPage(page);

  const methods = [
    { choose: "Cash on Delivery", stored: "Cash on Delivery" },
    { choose: "UPI", stored: "UPI" },
    { choose: "Credit/Debit Card", stored: "Card" },
  ];
  for (const [i, method] of methods.entries()) {
    await seedCart(page, [{ item, portion: "large" }]);
    await page.goto("/checkout/address");
    if (i === 0) {
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue(shopper.name);
      await checkout.fillAddress(ADDRESS);
    } else {
      for (const label of ["Street", "City", "State", "PIN code"]) {
        await expect(page.getByLabel(label, { exact: true })).toHaveValue(ADDRESS[label as keyof typeof ADDRESS]);
      }
      await expect(page.getByLabel("Phone", { exact: true })).toHaveValue("+919876543210");
    }
    await checkout.continue();
    await page.getByRole("radio", { name: method.choose }).check();
    await checkout.placeOrder();
    // UPI and cards are paid in the gateway's Checkout before the success page.
    if (method.stored !== "Cash on Delivery") await payInCheckout(page);
    await expect(page).toHaveURL(/\/order-success\?id=/);
    await expect(page.getByTestId("payment-method").filter({ visible: true })).toHaveText(method.choose);
    await expect(page.getByTestId("payment-line").filter({ visible: true })).toHaveText(
      method.stored === "Cash on Delivery" ? `Pay ${rupees(item.prices.large + 40)} on delivery` : `Paid by ${method.stored}`,
    );
    const [newest] = await shopApi.ordersOf<ApiOrder>(shopper.token);
    expect(newest.paymentMethod).toBe(method.stored);
    expect(newest.items).toEqual([
      expect.objectContaining({ name: item.name, portion: "large", quantity: 1, unitPrice: item.prices.large }),
    ]);
  }
  expect(await shopApi.ordersOf(shopper.token)).toHaveLength(3);

  await page.goto("/orders");
  await expect(page.getByRole("list", { name: "Your orders" }).getByRole("listitem")).toHaveCount(3);
});

test("the order page follows status changes by itself, and the owner can cancel while pending", async ({
  page,
  shopApi,
  adminApi,
  shopper,
}) => {
  const adminToken = await adminApi.bearer();
  const [item] = await shopApi.menu();
  const place = () => shopApi.order<ApiOrder>(shopper.token, oneBowl(item));
  const setStatus = (id: string, status: string) => shopApi.moveOrder(adminToken, id, status);

  const tracked = await place();
  await page.goto(`/orders/${tracked.id}`);
  const progress = page.getByRole("list", { name: "Order progress" });
  await expect(page.getByTestId("current-status").filter({ visible: true })).toHaveText("Pending");
  await expect(progress.locator('[aria-current="step"]')).toContainText("Pending");

  await setStatus(tracked.id, "confirmed");
  await expect(page.getByTestId("current-status").filter({ visible: true })).toHaveText("Confirmed", { timeout: 15_000 });
  await expect(progress.locator('[aria-current="step"]')).toContainText("Confirmed");
  // Confirmed by the kitchen: the customer can no longer cancel.
  await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);

  await setStatus(tracked.id, "preparing");
  await setStatus(tracked.id, "out_for_delivery");
  await expect(page.getByTestId("current-status").filter({ visible: true })).toHaveText("Out for delivery", { timeout: 15_000 });
  await expect(progress.locator('[data-state="done"]')).toHaveCount(3);

  // Cancelling: a confirm step first, then the order shows as cancelled.
  const other = await place();
  await page.goto(`/orders/${other.id}`);
  await page.getByRole("button", { name: "Cancel order" }).click();
  await page.getByRole("button", { name: "Keep order" }).click();
  await expect(page.getByTestId("current-status").filter({ visible: true })).toHaveText("Pending");
  await page.getByRole("button", { name: "Cancel order" }).click();
  await page.getByRole("button", { name: "Yes, cancel order" }).click();
  await expect(page.getByText("This order was cancelled.").filter({ visible: true })).toBeVisible();
  await expect(page.getByTestId("current-status").filter({ visible: true })).toHaveText("Cancelled");
  expect((await shopApi.orderOf<ApiOrder>(shopper.token, other.id)).status).toBe("cancelled");

  await page.goto("/orders");
  const rows = page.getByRole("list", { name: "Your orders" }).getByRole("listitem");
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByTestId("status-badge").filter({ visible: true })).toHaveText("Cancelled");
  await expect(rows.nth(1).getByTestId("status-badge").filter({ visible: true })).toHaveText("Out for delivery");
});

test("the thank-you page shows no details for an unknown order or someone else's", async ({ page, signIn, shopApi, customer }) => {
  const stranger = await shopApi.customer();
  const [item] = await shopApi.menu();
  const order = await shopApi.order<ApiOrder>(customer.token, oneBowl(item));

  await signIn(page, stranger.email, stranger.password);
  for (const id of ["bogus", order.id]) {
    await page.goto(`/order-success?id=${id}`);
    await expect(page.getByText("No order details found.").filter({ visible: true })).toBeVisible();
  }
  await page.goto("/ordersuccess?id=bogus");
  await expect(page).toHaveURL(/\/order-success\?id=bogus$/);
  await expect(page.getByText("No order details found.").filter({ visible: true })).toBeVisible();
  const other = await page.goto(`/orders/${order.id}`);
  expect(other?.status()).toBe(404);
  // Someone else's order and one that does not exist get the same designed page, with a way back.
  for (const id of [order.id, "bogus"]) {
    const res = await page.goto(`/orders/${id}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Order not found" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "My orders" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/orders");
  }
});

test("old addresses lead to the new ones, and through sign-in with the query kept", async ({ page }) => {
  await page.goto("/ordersuccess?id=x");
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("next") === "/order-success?id=x");
  await page.goto("/checkout");
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("next") === "/checkout/address");
});

test("a price that changed since the item went into the cart is shown, then the order goes through at the new total", async ({
  page,
  shopApi,
  shopper,
}) => {
  const [item] = await shopApi.menu();
  // The cart remembers an old, lower price.
  await seedCart(page, [{ item: { ...item, prices: { ...item.prices, small: item.prices.small - 20 } }, quantity: 2 }]);
  const checkout = new CheckoutPage(page);
  await checkout.toPayment(ADDRESS);
  await checkout.placeOrder();
  const alert = page.getByRole("alert").filter({ hasText: "Failed to place order. Please try again." });
  await expect(alert).toContainText(`The new total is ${rupees(item.prices.small * 2 + 40)}`);
  await expect(page.getByTestId("total").filter({ visible: true })).toHaveText(rupees(item.prices.small * 2 + 40));
  expect(await shopApi.ordersOf(shopper.token)).toHaveLength(0);

  await checkout.placeOrder();
  await expect(page).toHaveURL(/\/order-success\?id=/);
  const [order] = await shopApi.ordersOf<ApiOrder>(shopper.token);
  expect(order.total).toBe(item.prices.small * 2 + 40);
});

test("cart, checkout and order pages work at 320 px wide and pass axe", async ({ page, shopApi, signIn, customer }) => {
  await signIn(page, customer.email, customer.password);
  await page.setViewportSize({ width: 320, height: 720 });
  const [item, other] = await shopApi.menu();

  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty!").filter({ visible: true })).toBeVisible();
  await expectAccessible(page, "/cart (empty)");

  await seedCart(page, [
    { item, quantity: 3 },
    { item: other, portion: "large" },
  ]);
  await page.goto("/cart");
  await expect(page.getByRole("list", { name: "Items in your cart" })).toBeVisible();
  await expectAccessible(page, "/cart");

  // Keyboard only: from the cart to the address form.
  await page.getByRole("link", { name: "Proceed to Checkout" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout\/address$/);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Phone is required").filter({ visible: true })).toBeVisible();
  await expectAccessible(page, "/checkout/address (errors)");
  await new CheckoutPage(page).fillAddress(ADDRESS);
  await page.getByLabel("PIN code").press("Enter");
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await expectAccessible(page, "/checkout/payment");
  await page.getByRole("radio", { name: "UPI" }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "Credit/Debit Card" })).toBeChecked();
  // Round to Cash on Delivery (paying in the gateway's Checkout is tests/e2e/payments.spec.ts's).
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "Cash on Delivery" })).toBeChecked();

  await page.getByRole("button", { name: "Place Order" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/order-success\?id=/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expectAccessible(page, "/order-success");
  await page.getByRole("link", { name: "Track your order" }).click();
  await expect(page.getByTestId("current-status").filter({ visible: true })).toHaveText("Pending");
  await expectAccessible(page, "/orders/[id]");
  await page.goto("/orders");
  await expectAccessible(page, "/orders");
});

test("nothing on a phone's screen moves while the address step and My orders load", async ({ page, shopApi, signIn, customer }) => {
  await signIn(page, customer.email, customer.password);
  // Both arrive after their first paint: the address form once the cart is read from storage,
  // the orders list after its skeleton. What was on screen must stay where it was.
  await page.setViewportSize({ width: 412, height: 823 });
  const [item] = await shopApi.menu();
  await page.goto("/cart");
  await seedCart(page, [{ item }]);

  await page.goto("/checkout/address");
  await expect(page.getByLabel("Street", { exact: true })).toBeVisible();
  expect(await layoutShifts(page)).toEqual([]);

  await page.goto("/orders");
  await expect(page.getByText("You have not placed any orders yet.").filter({ visible: true })).toBeVisible();
  expect(await layoutShifts(page)).toEqual([]);
});
