import { randomUUID } from "node:crypto";
import type {} from "@playwright/test";
import { expect, test, ADMIN } from "./fixtures";

// The dashboard's figures and chart (product.md §7) as the kitchen sees them: they follow orders
// placed and moved on elsewhere without a reload, and the chart speaks to a screen reader.

type MenuItem = { id: string; name: string; available: boolean };
type ApiOrder = { id: string; total: number };

test("the figures, the chart and the best sellers follow an order placed and delivered elsewhere, without a reload", async ({
  page,
  request,
  signIn,
  shopApi,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  const chart = page.getByRole("img", { name: "Revenue per day over the last 14 days" });
  await expect(chart).toBeVisible();
  const number = async (id: string) =>
    Number(((await page.getByTestId(id).filter({ visible: true }).textContent()) ?? "").replace(/[^\d]/g, ""));
  const before = { orders: await number("stat-today-orders"), revenue: await number("stat-today-revenue") };
  const best = page.getByRole("region", { name: /Portions sold over the last 7 days/ });

  const customer = await shopApi.customer("Chart Diner");
  const token = await shopApi.tokenFor(customer.email, customer.password);
  const menu = (await (await request.get("/api/menu")).json()) as MenuItem[];
  const bowl = menu.find((i) => i.available)!;
  const bowlRow = best.getByRole("row").filter({ has: page.getByRole("rowheader", { name: bowl.name, exact: true }) });
  const soldBefore = (await bowlRow.count()) ? Number(await bowlRow.getByRole("cell").nth(1).textContent()) : 0;
  const placed = await request.post("/api/orders", {
    headers: { authorization: `Bearer ${token}`, "Idempotency-Key": randomUUID() },
    data: {
      items: [{ id: bowl.id, portion: "small", quantity: 10 }],
      address: { name: "Chart Diner", phone: "9876543210", street: "12 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" },
      // Counted at once: an order paid online counts only once paid (tests/e2e/payments.spec.ts).
      paymentMethod: "Cash on Delivery",
    },
  });
  expect(placed.status()).toBe(201);
  const order = ((await placed.json()) as { order: ApiOrder }).order;

  // Live: no reload from here on.
  const revenue = `₹${(before.revenue + order.total).toLocaleString("en-IN")}`;
  await expect(page.getByTestId("stat-today-orders").filter({ visible: true })).toHaveText(String(before.orders + 1));
  await expect(page.getByTestId("stat-today-revenue").filter({ visible: true })).toHaveText(revenue);
  await expect(chart).toHaveAccessibleDescription(new RegExp(`Today so far ${revenue}\\.`));
  // Ten portions in one order: among the week's best sellers, ten more sold.
  await expect(bowlRow.getByRole("cell").nth(1)).toHaveText(String(soldBefore + 10));
  // Among the latest orders, leading to the admin's own page for it.
  const code = order.id.slice(-8).toUpperCase();
  await expect(page.getByRole("link", { name: `#${code}`, exact: true })).toHaveAttribute("href", `/admin/orders/${order.id}`);

  const adminToken = await shopApi.tokenFor(ADMIN.email, ADMIN.password);
  for (const status of ["confirmed", "preparing", "out_for_delivery", "delivered"]) {
    const moved = await request.patch(`/api/orders/${order.id}`, { headers: { authorization: `Bearer ${adminToken}` }, data: { status } });
    expect(moved.status()).toBe(200);
  }
  await expect(page.getByTestId("stat-average-delivery").filter({ visible: true })).toHaveText(/^\d+ min$/);
  await expect(page.getByTestId("stat-on-time").filter({ visible: true })).toHaveText(/^\d+%$/);

  // The chart's figures as a table, today first.
  await page.getByText("Show the figures as a table").filter({ visible: true }).click();
  const table = page.getByRole("region", { name: /Revenue per day/ });
  await expect(table.getByRole("row").nth(1)).toContainText("(today)");
  await expect(table.getByRole("row").nth(1)).toContainText(revenue);
  await expect(table.getByRole("row")).toHaveCount(15);
});
