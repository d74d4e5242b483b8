import { expect, orderCode, rupees, tag, test, type AdminApi } from "./fixtures";
import { axeFindings } from "./pages/admin";

// Coming back (product.md §13) in Chromium: a regular orders last week's bowls again after one got
// dearer and another sold out, and is told so in one sentence; then rates the delivered order from
// the keyboard, and the kitchen sees the rating on the order's page and the low one on the dashboard.

type Created = { id: string; name: string };

/** A veg bowl of this test's own (Small ₹`small`), so changing its price or selling it out touches no other test. */
async function ownBowl(adminApi: AdminApi, label: string, small: number): Promise<Created> {
  const body = { name: `${label} ${tag()}`, category: "Veg Salads", prices: { small, medium: small + 40, large: small + 80 } };
  return (await (await adminApi.send("POST", "/api/menu", body, 201)).json()) as Created;
}

test("order again after a price change and a sold-out bowl, then rate the delivered order; the kitchen sees the rating", async ({
  page,
  shopper,
  shopApi,
  adminApi,
  newAdminPage,
}) => {
  const [usual, egg] = [await ownBowl(adminApi, "Sprout Bowl", 149), await ownBowl(adminApi, "Egg Caesar", 169)];
  const order = await shopApi.order<{ id: string }>(shopper.token, {
    items: [
      { id: usual.id, portion: "small", quantity: 2 },
      { id: egg.id, portion: "small", quantity: 1 },
    ],
    name: "Regular Rekha",
  });
  await shopApi.deliver(await adminApi.bearer(), order.id);
  // Since last week: the usual bowl costs more and the Egg Caesar is sold out.
  await adminApi.send("PUT", `/api/menu/${usual.id}`, { prices: { small: 159, medium: 199, large: 239 } });
  await adminApi.send("PUT", `/api/menu/${egg.id}`, { available: false });

  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto("/orders");
  const card = page.getByRole("listitem").filter({ hasText: `Order #${orderCode(order.id)}` });
  await card.getByRole("button", { name: `Order again (order #${orderCode(order.id)})` }).click();
  await expect(card.getByRole("status")).toHaveText(`Added 2 bowls; ${egg.name} is sold out. Go to cart`);
  await card.getByRole("link", { name: "Go to cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const cart = page.getByRole("list", { name: "Items in your cart" });
  await expect(cart.getByRole("listitem")).toHaveCount(1);
  const line = cart.getByRole("listitem").filter({ hasText: usual.name });
  await expect(line.getByTestId("line-quantity").filter({ visible: true })).toHaveText("2");
  await expect(line.getByTestId("line-total").filter({ visible: true })).toHaveText(rupees(2 * 159));

  // Again from the order's own page: merged into the same line by the cart's rules.
  await page.goto(`/orders/${order.id}`);
  await page.getByRole("button", { name: /^Order again/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added" })).toHaveText(`Added 2 bowls; ${egg.name} is sold out. Go to cart`);
  await page.goto("/cart");
  await expect(
    cart.getByRole("listitem").filter({ hasText: usual.name }).getByTestId("line-quantity").filter({ visible: true }),
  ).toHaveText("4");

  // The delivered order asks how it was: stars from the keyboard, a comment, sent once.
  await page.goto(`/orders/${order.id}`);
  const form = page.getByRole("form", { name: "How was your order?" });
  const stars = form.getByRole("radiogroup", { name: "How was your order?" }).or(form.getByRole("group", { name: "How was your order?" }));
  await expect(stars.getByRole("radio")).toHaveCount(5);
  await form.getByRole("button", { name: "Send rating" }).click();
  await expect(form.getByRole("alert")).toHaveText("Please choose from 1 to 5 stars.");
  await form.getByRole("radio", { name: "1 star", exact: true }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(form.getByRole("radio", { name: "2 stars" })).toBeChecked();
  await form.getByLabel("Comment (optional)").fill("The dressing was missing.");
  expect(await axeFindings(page, { include: "main", serious: true, where: "/orders/[id] @320:" })).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await form.getByRole("button", { name: "Send rating" }).click();
  const mine = page.getByRole("region", { name: "Your rating" });
  await expect(mine).toContainText("2 of 5 stars");
  await expect(mine).toContainText("The dressing was missing.");
  await expect(form).toHaveCount(0);

  const admin = await newAdminPage();
  await admin.goto(`/admin/orders/${order.id}`);
  await expect(admin.getByRole("region", { name: "The customer's rating" })).toContainText("2 of 5 stars");
  await admin.goto("/admin/dashboard");
  const low = admin.getByRole("list", { name: "Latest low ratings" }).getByRole("listitem").first();
  await expect(low).toContainText("The dressing was missing.");
  await expect(low.getByRole("link", { name: `#${orderCode(order.id)}` })).toHaveAttribute("href", `/admin/orders/${order.id}`);
  await expect(admin.getByTestId("rating-average")).toHaveText(/^Average \d\.\d of 5 from \d+ ratings?$/);

  for (const bowl of [usual, egg]) await adminApi.send("DELETE", `/api/menu/${bowl.id}`);
});
