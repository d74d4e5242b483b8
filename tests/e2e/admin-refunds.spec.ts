import type { Page } from "@playwright/test";
import { expect, rupees, test } from "./fixtures";

// Money back after a complaint (product.md §10) as the kitchen's admin gives it from the order's
// page, and today's takings on the dashboard (India day) as cash comes in and goes back.

type Refund = { amount: number; reason: string; status: string; method: string };
type Order = { id: string; total: number; payment: { status: string; refundedAmount: number; refunds: Refund[] } };

/** A figure on the dashboard as a number of rupees (below zero when refunds outweigh takings). */
async function rupeesIn(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).filter({ visible: true }).textContent()) ?? "";
  const value = Number(text.replace(/[^\d]/g, ""));
  return /^[-−]/.test(text.trim()) ? -value : value;
}

test("an admin refunds part of a delivered Cash on Delivery order, and today's cash takings follow", async ({
  page,
  shopApi,
  adminApi,
  signInAsAdmin,
}) => {
  const { token } = await shopApi.customerWithToken("Refund Diner");
  const [bowl] = await shopApi.menu();
  const order = await shopApi.order<Order>(token, { items: [{ id: bowl.id, portion: "large", quantity: 2 }], name: "Refund Diner" });
  expect(order.total).toBeGreaterThan(100);

  // The dashboard before the cash comes in; it follows the delivery without a reload.
  await signInAsAdmin(page);
  const takings = page.getByRole("region", { name: "Takings today" });
  await expect(takings.getByTestId("takings-cash")).toBeVisible();
  const cashBefore = await rupeesIn(page, "takings-cash");
  const totalBefore = await rupeesIn(page, "takings-total");
  await shopApi.deliver(await adminApi.bearer(), order.id);
  await expect(takings.getByTestId("takings-cash")).toHaveText(rupees(cashBefore + order.total));
  await expect(takings.getByTestId("takings-total")).toHaveText(rupees(totalBefore + order.total));

  await page.goto(`/admin/orders/${order.id}`);
  const payment = page.getByRole("region", { name: "Payment", exact: true });
  await expect(payment.getByTestId("payment-line")).toContainText(rupees(order.total));
  const form = payment.getByRole("region", { name: "Refund", exact: true });
  await expect(form.getByTestId("refund-way")).toContainText("Cash paid back to the customer");
  const amount = form.getByLabel("Amount (₹)");
  // Offered in full: what is left of the order.
  await expect(amount).toHaveValue(String(order.total));

  // More than the order: the server's own words, at the amount, and nothing refunded.
  await amount.fill(String(order.total + 1));
  await form.getByLabel("Reason").fill("Bowl arrived cold");
  await form.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(amount).toHaveAccessibleDescription(`You can refund at most ${rupees(order.total)}.`);
  await expect(payment.getByTestId("refund")).toHaveCount(0);

  // ₹100 back in cash: in the list at once, and the amount left offered next.
  await amount.fill("100");
  await form.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(form.getByRole("status")).toHaveText("₹100 recorded as paid back in cash");
  const refunds = payment.getByRole("list", { name: "Refunds of this order" }).getByRole("listitem");
  await expect(refunds).toHaveCount(1);
  await expect(refunds.first()).toContainText("₹100");
  await expect(refunds.first()).toContainText("Paid back in cash");
  await expect(refunds.first()).toContainText("Bowl arrived cold");
  await expect(payment.getByTestId("refunded-amount")).toHaveText("₹100");
  await expect(payment.getByTestId("payment-line")).toHaveText(`Refunded ₹100 of ${rupees(order.total)}`);
  await expect(payment.getByRole("region", { name: "Refund", exact: true }).getByLabel("Amount (₹)")).toHaveValue(
    String(order.total - 100),
  );

  // The customer's order says so.
  const seen = await shopApi.orderOf<Order>(token, order.id);
  expect(seen.payment.refundedAmount).toBe(100);
  expect(seen.payment.refunds).toEqual([
    expect.objectContaining({ amount: 100, reason: "Bowl arrived cold", status: "processed", method: "cash" }),
  ]);

  // Today's cash is what was delivered less what was paid back.
  await page.goto("/admin/dashboard");
  await expect(takings.getByTestId("takings-cash")).toHaveText(rupees(cashBefore + order.total - 100));
  await expect(takings.getByTestId("takings-cash").locator("xpath=following-sibling::dd")).toContainText("less ₹100 refunded today");
  await expect(takings.getByTestId("takings-total")).toHaveText(rupees(totalBefore + order.total - 100));

  // The orders list names the payment.
  await page.goto("/admin/orders?status=delivered");
  await expect(page.locator(`tr[data-order-id="${order.id}"]`).getByTestId("payment-cell")).toContainText("Cash on Delivery ·");
});
