import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { browserPushingTo, keyAskedFor, PushService } from "./pages/push";

// `Get updates on this phone` (product.md §14) in Chromium against the production build: the
// tap asks the browser's permission, subscribes with the shop's VAPID key and says so; the next
// change of the order reaches the local push service encrypted, and reads as the contract says.
// Refused permission is said in words and stores nothing. The admin's order page lists what was
// sent; /account turns push off and on; axe finds nothing on either.

async function noAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const BUTTON = "Get updates on this phone";

test("a customer gets the order's next change as a push on this phone", async ({
  page,
  context,
  shopper,
  shopApi,
  adminApi,
  newBrowserPage,
  signInAsAdmin,
}) => {
  const service = await PushService.open();
  const [item] = await shopApi.menu();
  const order = await shopApi.order<{ id: string }>(shopper.token, {
    items: [{ id: item.id, portion: "small", quantity: 1 }],
    name: "Asha Rao",
  });
  const subscription = await service.subscription();
  await context.grantPermissions(["notifications"]);
  await browserPushingTo(page, subscription);

  await page.goto(`/orders/${order.id}`);
  await page.getByRole("button", { name: BUTTON }).click();
  await expect(page.getByRole("status").filter({ hasText: "Done:" })).toHaveText(
    "Done: this phone will show a notification each time your order moves on.",
  );
  const { publicKey } = (await (await page.request.get("/api/push/key")).json()) as { publicKey: string };
  expect(await keyAskedFor(page)).toEqual([Buffer.from(publicKey, "base64url").toString("base64")]);

  await shopApi.moveOrder(await adminApi.bearer(), order.id, "confirmed");
  const code = order.id.slice(-8).toUpperCase();
  expect(await service.received(subscription.endpoint, 1)).toEqual([
    { title: "Fresh Bowl", body: `#${code} is accepted`, url: `/orders/${order.id}`, tag: `order-${order.id}` },
  ]);
  await service.close();

  // What was sent about the order, as the admin's order page lists it.
  const admin = await newBrowserPage();
  await signInAsAdmin(admin);
  await admin.goto(`/admin/orders/${order.id}`);
  const sent = admin.getByRole("region", { name: "Messages to the customer" }).getByRole("listitem");
  await expect(sent.filter({ hasText: "Push" })).toContainText("accepted");
  await expect(sent.filter({ hasText: "Push" })).toContainText("Sent");
  await expect(sent.filter({ hasText: "E-mail" })).toContainText("order placed");
  await noAxeViolations(admin);
});

test("/account turns push notifications off and on again", async ({ page, shopper }) => {
  void shopper;
  await page.goto("/account");
  const push = page.getByRole("switch", { name: "Notifications on my phones" });
  await expect(push).toBeChecked();
  await push.uncheck();
  await expect(page.getByRole("status").filter({ hasText: "Push" })).toHaveText("Push notifications are off.");
  await page.reload();
  await expect(push).not.toBeChecked();
  await noAxeViolations(page);
  await push.check();
  await expect(page.getByRole("status").filter({ hasText: "Push" })).toHaveText("Push notifications are on.");
});

test("refused permission is said in words, and nothing is subscribed", async ({ page, context, shopper, shopApi }) => {
  const service = await PushService.open();
  const [item] = await shopApi.menu();
  const order = await shopApi.order<{ id: string }>(shopper.token, {
    items: [{ id: item.id, portion: "small", quantity: 1 }],
    name: "Asha Rao",
  });
  await context.clearPermissions();
  await browserPushingTo(page, await service.subscription());
  await page.goto(`/orders/${order.id}`);
  await page.getByRole("button", { name: BUTTON }).click();
  await expect(page.getByText("Notifications are blocked for this site.", { exact: false })).toBeVisible();
  expect(await keyAskedFor(page)).toEqual([]);
  await service.close();
});
