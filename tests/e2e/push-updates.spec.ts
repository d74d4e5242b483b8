import { expect, test } from "./fixtures";
import { browserPushingTo, keyAskedFor, PushService } from "./pages/push";

// `Get updates on this phone` (product.md §14) in Chromium against the production build: the
// tap asks the browser's permission, subscribes with the shop's VAPID key and says so; the next
// change of the order reaches the local push service encrypted, and reads as the contract says.
// Refused permission is said in words and stores nothing.

const BUTTON = "Get updates on this phone";

test("a customer gets the order's next change as a push on this phone", async ({ page, context, shopper, shopApi, adminApi }) => {
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
