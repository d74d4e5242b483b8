import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import {
  checkoutDialog,
  expect,
  orderCode as code,
  payInCheckout,
  rupees,
  test,
  type Account,
  type Mailbox,
  type MenuItem,
} from "./fixtures";
import { LoginPage } from "./pages/login";
import { CheckoutPage, MenuPage } from "./pages/shop";

// Paying online as a customer does (product.md §10), against the local imitation of Razorpay
// that tests/e2e/serve.ts starts: the payment step opens the gateway's Checkout (its script and
// frame from the gateway's own origin, under the shop's Content Security Policy), the order
// counts as paid only once the server has checked the payment, and a closed or failed Checkout
// leaves the customer a way on. Each test has its own customer.

type ApiOrder = {
  id: string;
  status: string;
  total: number;
  createdAt: string;
  paymentMethod: string;
  payment: { method: string; status: string; gatewayPaymentId: string | null };
};

const successOf = (id: string) => new RegExp(`/order-success\\?id=${id}$`);
const NOT_COMPLETED = "Payment was not completed. You have not been charged.";
const FAILED = "Payment failed. You have not been charged.";

/** What the browser reports the Content Security Policy refused, from the page's console. */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

/** Signs in, puts one Small bowl in the cart from the menu, fills the address and reaches the payment step with `method` chosen. */
async function toPaymentStep(page: Page, customer: Account, item: MenuItem, method: "UPI" | "Credit/Debit Card") {
  await new LoginPage(page).signIn(customer.email, customer.password);
  const menu = new MenuPage(page);
  await menu.open();
  await menu.add(item.name);
  const checkout = new CheckoutPage(page);
  await checkout.toPayment({ Name: customer.name });
  await checkout.choosePayment(method);
}

/** The order confirmation mails `email` received for order `id`. */
async function confirmations(mailbox: Mailbox, email: string, id: string) {
  return (await mailbox.to(email)).filter((m) => m.subject === `Your Fresh Bowl order #${code(id)} is placed`);
}

test("a customer pays by UPI in the Checkout: the order is paid, the kitchen has it, one mail", async ({
  page,
  shopApi,
  mailbox,
  newBrowserPage,
}) => {
  const { token, ...customer } = await shopApi.customerWithToken("Upi Uma");
  const [item] = await shopApi.menu();
  const total = item.prices.small + 40;
  const refused = cspViolations(page);

  // The kitchen's display is open in another browser.
  const kitchen = await newBrowserPage();
  await new LoginPage(kitchen).signInAsAdmin();
  await kitchen.goto("/admin/kitchen");
  await expect(kitchen.getByRole("heading", { level: 1, name: "Kitchen" })).toBeVisible();

  await toPaymentStep(page, customer, item, "UPI");
  await page.getByRole("button", { name: "Place Order" }).click();

  // The gateway's dialog, for the server's amount; nothing is paid before Pay.
  const dialog = checkoutDialog(page);
  await expect(dialog.getByRole("dialog", { name: "Pay Fresh Bowl" })).toBeVisible();
  await expect(dialog.getByText(`${rupees(total)}.00`)).toBeVisible();
  const [waiting] = await shopApi.ordersOf<ApiOrder>(token);
  expect(waiting).toMatchObject({ status: "awaiting_payment", paymentMethod: "UPI", total, payment: { status: "awaiting" } });
  expect(await confirmations(mailbox, customer.email, waiting.id)).toHaveLength(0);
  // Not for the kitchen while unpaid.
  await expect(kitchen.getByText(`New order #${code(waiting.id)}`)).toHaveCount(0);

  await payInCheckout(page);
  // The kitchen, watching, is told of it as a new order once it is paid (a toast, so at once).
  await expect(kitchen.getByText(`New order #${code(waiting.id)} for ${customer.name}`).filter({ visible: true })).toBeVisible({
    timeout: 15_000,
  });

  await expect(page).toHaveURL(successOf(waiting.id));
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expect(page.getByTestId("payment-line").filter({ visible: true })).toHaveText("Paid by UPI");
  await expect(page.getByTestId("status-badge").filter({ visible: true })).toHaveText("Pending");
  const [paid] = await shopApi.ordersOf<ApiOrder>(token);
  expect(paid).toMatchObject({
    id: waiting.id,
    status: "pending",
    payment: { status: "paid", gatewayPaymentId: expect.stringMatching(/^pay_/) },
  });

  // One confirmation, though the browser and the gateway's webhook both reported the payment.
  await expect.poll(async () => (await confirmations(mailbox, customer.email, paid.id)).length).toBe(1);
  // The gateway's webhook for that payment arrives a moment after the browser's call.
  await page.waitForTimeout(2_000);
  expect(await confirmations(mailbox, customer.email, paid.id)).toHaveLength(1);

  // The Checkout's script and frame came from the gateway's origins, which the CSP allows.
  expect(refused).toEqual([]);
});

test("closing the Checkout says nothing was charged; Try again opens it afresh and pays", async ({ page, shopApi }) => {
  const { token, ...customer } = await shopApi.customerWithToken("Card Kiran");
  const [item] = await shopApi.menu();

  await toPaymentStep(page, customer, item, "Credit/Debit Card");
  await page.getByRole("button", { name: "Place Order" }).click();
  await checkoutDialog(page).getByRole("button", { name: "Close" }).click();

  await expect(page.getByRole("alert").filter({ hasText: NOT_COMPLETED })).toBeVisible();
  await expect(page.getByText(/^Pay by \d{1,2}:\d{2} [ap]m or the order is cancelled$/)).toBeVisible();
  // The order exists (the cart is spent on it), waiting; a second Place Order is not on offer.
  await expect(page.getByRole("button", { name: "Place Order" })).toHaveCount(0);
  await expect(page.getByTestId("cart-badge").filter({ visible: true })).toHaveCount(0);
  const [waiting] = await shopApi.ordersOf<ApiOrder>(token);
  expect(waiting).toMatchObject({ status: "awaiting_payment", paymentMethod: "Card" });
  const { violations } = await new AxeBuilder({ page }).include("main").analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

  await page.getByRole("button", { name: "Try again" }).click();
  await payInCheckout(page);
  await expect(page).toHaveURL(successOf(waiting.id));
  await expect(page.getByTestId("payment-line").filter({ visible: true })).toHaveText("Paid by Card");
  const orders = await shopApi.ordersOf<ApiOrder>(token);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ status: "pending", payment: { status: "paid" } });
});

test("a failed payment says so; Pay on delivery instead sends the order to the kitchen", async ({ page, shopApi }) => {
  const { token, ...customer } = await shopApi.customerWithToken("Failing Farah");
  const [item] = await shopApi.menu();
  const total = item.prices.small + 40;

  await toPaymentStep(page, customer, item, "UPI");
  await page.getByRole("button", { name: "Place Order" }).click();
  await payInCheckout(page, "Fail");

  const alert = page.getByRole("alert").filter({ hasText: FAILED });
  await expect(alert).toBeVisible();
  // The gateway's own reason follows.
  await expect(alert).toContainText("Payment failed");
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();

  const [waiting] = await shopApi.ordersOf<ApiOrder>(token);
  expect(waiting).toMatchObject({ status: "awaiting_payment", paymentMethod: "UPI" });
  await page.getByRole("button", { name: "Pay on delivery instead" }).click();
  await expect(page).toHaveURL(successOf(waiting.id));
  const [order] = await shopApi.ordersOf<ApiOrder>(token);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expect(page.getByTestId("payment-line").filter({ visible: true })).toHaveText(`Pay ${rupees(total)} on delivery`);
  await expect(page.getByTestId("payment-method").filter({ visible: true })).toHaveText("Cash on Delivery");
  expect(order).toMatchObject({ status: "pending", paymentMethod: "Cash on Delivery", payment: { status: "due_on_delivery" } });
});

test("an order still waiting for payment: its pages say so and until when, and Pay now pays it", async ({ page, shopApi }) => {
  const { token, ...customer } = await shopApi.customerWithToken("Later Lata");
  const { order } = await shopApi.placeOrder<ApiOrder>(token, customer.name, "UPI");
  expect(order.status).toBe("awaiting_payment");
  const deadline = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", hour: "numeric", minute: "2-digit", hour12: true }).format(
    new Date(Date.parse(order.createdAt) + 15 * 60_000),
  );

  await new LoginPage(page).signIn(customer.email, customer.password);
  await page.goto("/orders");
  await expect(page.getByTestId("payment-line").filter({ visible: true })).toHaveText(`Awaiting payment of ${rupees(order.total)} by UPI`);

  // The success page does not claim an unpaid order is placed for the kitchen.
  await page.goto(`/order-success?id=${order.id}`);
  await expect(page.getByRole("heading", { name: "Your order is waiting for payment" })).toBeVisible();
  await expect(page.getByText("Thank you for your order!")).toHaveCount(0);

  await page.goto(`/orders/${order.id}`);
  await expect(page.getByTestId("current-status").filter({ visible: true })).toHaveText("Awaiting payment");
  await expect(page.getByTestId("pay-by")).toHaveText(`Pay by ${deadline} or the order is cancelled`);
  await page.getByRole("button", { name: "Pay now" }).click();
  await payInCheckout(page);
  await expect(page).toHaveURL(successOf(order.id));
  await expect(page.getByTestId("payment-line").filter({ visible: true })).toHaveText("Paid by UPI");
  const [paid] = await shopApi.ordersOf<ApiOrder>(token);
  expect(paid).toMatchObject({ id: order.id, status: "pending", payment: { status: "paid" } });
});
