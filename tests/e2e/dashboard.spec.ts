import { expect, orderCode, test, ADMIN } from "./fixtures";

// The dashboard's figures and chart (product.md §7) as the kitchen sees them: they follow orders
// placed and moved on elsewhere without a reload, and the chart speaks to a screen reader.

type ApiOrder = { id: string; total: number };

test("the figures, the chart and the best sellers follow an order placed and delivered elsewhere, without a reload", async ({
  page,
  signIn,
  shopApi,
  adminApi,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  const chart = page.getByRole("img", { name: "Revenue per day over the last 14 days" });
  await expect(chart).toBeVisible();
  const number = async (id: string) =>
    Number(((await page.getByTestId(id).filter({ visible: true }).textContent()) ?? "").replace(/[^\d]/g, ""));
  const before = { orders: await number("stat-today-orders"), revenue: await number("stat-today-revenue") };
  const best = page.getByRole("region", { name: /Portions sold over the last 7 days/ });

  const { token } = await shopApi.customerWithToken("Chart Diner");
  const [bowl] = await shopApi.menu();
  const bowlRow = best.getByRole("row").filter({ has: page.getByRole("rowheader", { name: bowl.name, exact: true }) });
  const soldBefore = (await bowlRow.count()) ? Number(await bowlRow.getByRole("cell").nth(1).textContent()) : 0;
  // Paid on delivery, so counted at once: an order paid online counts only once paid (tests/e2e/payments.spec.ts).
  const order = await shopApi.order<ApiOrder>(token, { items: [{ id: bowl.id, portion: "small", quantity: 10 }], name: "Chart Diner" });

  // Live: no reload from here on.
  const revenue = `₹${(before.revenue + order.total).toLocaleString("en-IN")}`;
  await expect(page.getByTestId("stat-today-orders").filter({ visible: true })).toHaveText(String(before.orders + 1));
  await expect(page.getByTestId("stat-today-revenue").filter({ visible: true })).toHaveText(revenue);
  await expect(chart).toHaveAccessibleDescription(new RegExp(`Today so far ${revenue}\\.`));
  // Ten portions in one order: among the week's best sellers, ten more sold.
  await expect(bowlRow.getByRole("cell").nth(1)).toHaveText(String(soldBefore + 10));
  // Among the latest orders, leading to the admin's own page for it.
  const code = orderCode(order.id);
  await expect(page.getByRole("link", { name: `#${code}`, exact: true })).toHaveAttribute("href", `/admin/orders/${order.id}`);

  await shopApi.deliver(await adminApi.bearer(), order.id);
  await expect(page.getByTestId("stat-average-delivery").filter({ visible: true })).toHaveText(/^\d+ min$/);
  await expect(page.getByTestId("stat-on-time").filter({ visible: true })).toHaveText(/^\d+%$/);

  // The chart's figures as a table, today first.
  await page.getByText("Show the figures as a table").filter({ visible: true }).click();
  const table = page.getByRole("region", { name: /Revenue per day/ });
  await expect(table.getByRole("row").nth(1)).toContainText("(today)");
  await expect(table.getByRole("row").nth(1)).toContainText(revenue);
  await expect(table.getByRole("row")).toHaveCount(15);
});
