import { expect, test, tag, type ShopApi } from "./fixtures";
import { axeFindings, sidewaysOverflow } from "./pages/admin";

// An admin cancels all of one customer's open orders at once (product.md §5), after a
// confirmation that says how many: from /admin/users and from the admin order page.

type ApiOrder = { id: string; status: string };

/** A confirmed customer with `count` open orders placed through the API. */
async function customerWithOpenOrders(shopApi: ShopApi, name: string, count: number) {
  const customer = await shopApi.customerWithToken(name);
  const { token } = customer;
  const orders: ApiOrder[] = [];
  for (let i = 0; i < count; i++) orders.push((await shopApi.placeOrder<ApiOrder>(token, name)).order);
  return { customer, token, orders };
}

function statusesOf(shopApi: ShopApi, token: string, orders: ApiOrder[]): Promise<string[]> {
  return Promise.all(orders.map(({ id }) => shopApi.statusOf(token, id)));
}

test("from /admin/users: the dialog says how many, Keep them changes nothing, confirming cancels them all", async ({
  page,
  signInAsAdmin,
  shopApi,
  adminApi,
}) => {
  const name = `Asha Rao ${tag()}`;
  const { customer, token, orders } = await customerWithOpenOrders(shopApi, name, 3);
  // Accepted by the kitchen is still open.
  await shopApi.moveOrder(await adminApi.bearer(), orders[0].id, "confirmed");
  const bystander = await customerWithOpenOrders(shopApi, `Ravi Kumar ${tag()}`, 1);

  await signInAsAdmin(page);
  await page.goto("/admin/users");
  const row = page.getByRole("row").filter({ hasText: customer.email });
  await expect(row.getByTestId("open-orders")).toHaveText("3");
  const button = row.getByRole("button", { name: `Cancel open orders of ${name}` });

  // From the keyboard: the dialog opens on its safe choice, which keeps the orders.
  await button.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: `Cancel 3 open orders of ${name}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${name} gets a mail for each`);
  await expect(dialog.getByRole("button", { name: "Keep them" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(await statusesOf(shopApi, token, orders)).toEqual(["confirmed", "pending", "pending"]);

  await button.click();
  await dialog.getByRole("button", { name: "Cancel 3 orders" }).click();
  await expect(page.getByText(`Cancelled 3 open orders of ${name}`).filter({ visible: true })).toBeVisible();
  await expect(row.getByTestId("open-orders")).toHaveText("0");
  await expect(button).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeFocused();
  expect(await statusesOf(shopApi, token, orders)).toEqual(["cancelled", "cancelled", "cancelled"]);
  // Another customer's order is left alone.
  expect(await statusesOf(shopApi, bystander.token, bystander.orders)).toEqual(["pending"]);
});

test("from the admin order page, for that order's customer", async ({ page, signInAsAdmin, shopApi }) => {
  const name = `Meera Iyer ${tag()}`;
  const { token, orders } = await customerWithOpenOrders(shopApi, name, 2);
  await signInAsAdmin(page);
  await page.goto(`/admin/orders/${orders[1].id}`);

  const customerCard = page.getByRole("region", { name: "Customer", exact: true });
  await expect(customerCard.getByTestId("customer-open-orders")).toHaveText("2");
  await customerCard.getByRole("button", { name: `Cancel open orders of ${name}` }).click();
  const dialog = page.getByRole("alertdialog", { name: `Cancel 2 open orders of ${name}?` });
  await dialog.getByRole("button", { name: "Cancel 2 orders" }).click();
  await expect(page.getByText(`Cancelled 2 open orders of ${name}`).filter({ visible: true })).toBeVisible();

  // The page reads the order again: cancelled by an admin, nothing left to cancel.
  await expect(page.getByRole("region", { name: "Status" })).toContainText("Cancelled");
  await expect(customerCard.getByTestId("customer-open-orders")).toHaveText("0");
  await expect(customerCard.getByRole("button", { name: /Cancel open orders/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Customer", exact: true })).toBeFocused();
  expect(await statusesOf(shopApi, token, orders)).toEqual(["cancelled", "cancelled"]);
});

test("the confirmation fits a 320 px phone and has no serious axe findings", async ({ page, signInAsAdmin, shopApi }) => {
  const name = `Kavya Menon ${tag()}`;
  const { customer } = await customerWithOpenOrders(shopApi, name, 1);
  await page.setViewportSize({ width: 320, height: 640 });
  await signInAsAdmin(page);
  await page.goto("/admin/users");
  const row = page.getByRole("row").filter({ hasText: customer.email });
  await row.getByRole("button", { name: `Cancel open orders of ${name}` }).click();
  const dialog = page.getByRole("alertdialog", { name: `Cancel 1 open order of ${name}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel the order" })).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(320);
  expect(await axeFindings(page, { include: "dialog", serious: true })).toEqual([]);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await dialog.getByRole("button", { name: "Keep them" }).click();
  await expect(dialog).toBeHidden();
});
