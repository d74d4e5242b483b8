import { expect, test } from "./fixtures";
import { axeFindings } from "./pages/admin";

// Complaints in Chromium (product.md §11): /help asks a signed-out visitor to sign in first; a
// customer reports a problem from their order's page (the order chosen for them), is told the
// ticket number and when it will be resolved by; the admin finds it on /admin/complaints with
// its due date and resolves it, and it leaves the open list.

test("a customer reports a problem from their order; the admin resolves it on /admin/complaints", async ({
  page,
  shopper,
  shopApi,
  newAdminPage,
}) => {
  const { order } = await shopApi.placeOrder<{ id: string }>(shopper.token, "Kiran Complains");

  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(`/orders/${order.id}`);
  await page.getByRole("link", { name: "Report a problem" }).click();
  await expect(page).toHaveURL(new RegExp(`/help\\?order=${order.id}$`));
  const form = page.getByRole("form", { name: "Report a problem" });
  await expect(form.getByLabel("Order (optional)")).toHaveValue(order.id);

  // Nothing chosen or said yet: refused at the fields, with the form's own words.
  await form.getByRole("button", { name: "Send complaint" }).click();
  await expect(form.getByLabel("What went wrong?")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Tell us what happened")).toHaveAccessibleDescription(/Description is required/);

  await form.getByLabel("What went wrong?").selectOption({ label: "Something was missing" });
  await form.getByLabel("Tell us what happened").fill("The Caesar came without its dressing.");
  await form.getByRole("button", { name: "Send complaint" }).click();
  const status = form.getByRole("status");
  await expect(status).toHaveText(/Your ticket number is FB-C-\d+\. .*resolve it by \d{1,2} \w{3} \d{4}\./);
  const number = /FB-C-\d+/.exec((await status.textContent()) ?? "")![0];
  const mine = page.getByRole("listitem").filter({ hasText: number });
  await expect(mine).toContainText("Open · resolve by");
  expect(await axeFindings(page, { include: "main", serious: true, where: "/help @320:" })).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  const admin = await newAdminPage();
  await admin.goto("/admin/complaints");
  const ticket = admin.getByRole("list", { name: "Open complaints, oldest first" }).getByRole("listitem").filter({ hasText: number });
  await expect(ticket).toContainText("The Caesar came without its dressing.");
  await expect(ticket).toContainText("Open · resolve by");
  await ticket.getByLabel(`Resolution for ${number}`).fill("We refunded the bowl and spoke to the kitchen.");
  await ticket.getByRole("button", { name: "Resolve and mail the customer" }).click();
  await expect(ticket).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("listitem").filter({ hasText: number })).toContainText("We refunded the bowl and spoke to the kitchen.");
});

test("signed out, /help asks to sign in first", async ({ page }) => {
  await page.goto("/help");
  await expect(page).toHaveURL(/\/login\?next=%2Fhelp$/);
});
