import { expect, rupees, tag, test } from "./fixtures";
import { CheckoutPage, seedCart } from "./pages/shop";
import { axeFindings, sidewaysOverflow } from "./pages/admin";

// Offers in Chromium (product.md §13): an admin creates a coupon code on /admin/offers (a second
// one in another case is refused at its field); a customer applies it in the cart, in any case,
// sees the discount as its own line before Place Order, and the order carries it; a code that
// does not apply is refused in words.

type Order = { id: string; subtotal: number; discount: number; total: number; coupon: { code: string; description: string } | null };

test("an admin creates a code; a customer applies it in the cart and the order carries the discount", async ({
  page,
  shopper,
  shopApi,
  newAdminPage,
}) => {
  const code = `E2E${tag().toUpperCase()}`;
  const admin = await newAdminPage();
  await admin.setViewportSize({ width: 320, height: 800 });
  await admin.goto("/admin/offers");
  const form = admin.getByRole("form", { name: "New offer" });
  await form.getByLabel("Code", { exact: true }).fill(code);
  await form.getByLabel("Kind").selectOption({ label: "Rupees off" });
  await form.getByLabel("Amount off (₹)").fill("50");
  await form.getByRole("button", { name: "Create offer" }).click();
  const card = admin.getByRole("list", { name: "Offers, newest first" }).getByRole("listitem").filter({ hasText: code });
  await expect(card).toContainText("₹50 off");
  await expect(card).toContainText("1 per customer");
  expect(await sidewaysOverflow(admin)).toBeLessThanOrEqual(0);
  expect(await axeFindings(admin, { include: "main", serious: true, where: "/admin/offers @320:" })).toEqual([]);

  // The same code in another case: refused at the field, in words.
  await form.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await form.getByLabel("Amount off (₹)").fill("20");
  await form.getByRole("button", { name: "Create offer" }).click();
  await expect(form.getByLabel("Code", { exact: true })).toHaveAccessibleDescription(
    new RegExp(`An offer with the code ${code} already exists`),
  );

  const [first, second] = await shopApi.menu();
  await seedCart(page, [
    { item: first, quantity: 2 },
    { item: second, portion: "medium" },
  ]);
  const subtotal = first.prices.small * 2 + second.prices.medium;
  await page.goto("/cart");
  const coupon = page.getByLabel("Coupon code");
  await coupon.fill("NOPE123");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "NOPE123" })).toHaveText("NOPE123: This code is not valid.");
  await page.getByRole("button", { name: "Remove coupon NOPE123" }).click();

  await coupon.fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("status").filter({ hasText: "applied" })).toHaveText(`${code} applied: ₹50 off`);
  await expect(page.getByTestId("discount").filter({ visible: true })).toContainText("₹50");
  await expect(page.getByTestId("total").filter({ visible: true })).toHaveText(rupees(subtotal - 50 + 40));

  // The code goes on with the checkout: the payment step shows it before Place Order.
  const checkout = new CheckoutPage(page);
  await checkout.toPayment();
  await expect(page.getByTestId("discount").filter({ visible: true })).toContainText("₹50");
  await expect(page.getByTestId("total").filter({ visible: true })).toHaveText(rupees(subtotal - 50 + 40));
  await checkout.placeOrder();
  await expect(page).toHaveURL(/\/order-success\?id=/);

  const [order] = await shopApi.ordersOf<Order>(shopper.token);
  expect(order).toMatchObject({ subtotal, discount: 50, total: subtotal - 50 + 40, coupon: { code, description: "₹50 off" } });
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByTestId("discount").filter({ visible: true })).toContainText("₹50");
});
