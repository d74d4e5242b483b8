import type { Page } from "@playwright/test";
import { expect, test, rupees } from "./fixtures";
import { CheckoutPage, seedCart } from "./pages/shop";

// Issue 23, the customer's side (product.md §9): "Do we deliver to you?" on the landing page (with
// and without JavaScript), the PIN checked at the address step, the area's fee and minimum, and
// the choice of as soon as possible or a slot, with the promise on the pages after. Every test
// that changes the shop's settings, pause or areas puts the fresh install back afterwards: the
// server is shared by every spec.

type Order = {
  id: string;
  scheduled: boolean;
  deliverySlot: { start: string; end: string };
  promisedBy: string;
  deliveryArea: string | null;
  deliveryFee: number;
  total: number;
};

const KORAMANGALA = { name: "Koramangala", pins: ["560034"], fee: 30, minimumOrder: 200, freeDeliveryFrom: 499 };

const india = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", ...options });
/** "Fri 27 Nov": the India day of an instant, as the shop names it. */
const indiaDay = (at: Date) => india({ weekday: "short", day: "numeric", month: "short" }).format(at).replace(",", "");
/** The India date (YYYY-MM-DD) of an instant. */
const indiaDateKey = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
const indiaClock = (at: string) => india({ hour: "numeric", minute: "2-digit", hour12: true }).format(new Date(at));

/** Tomorrow (India) at 12:30 pm India time: a slot a fresh install always offers. */
function tomorrowAtHalfPastTwelve(): { start: Date; dayOption: string; promise: string } {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60_000);
  const start = new Date(`${indiaDateKey(tomorrow)}T12:30:00+05:30`);
  return { start, dayOption: `Tomorrow, ${indiaDay(start)}`, promise: `Scheduled for ${indiaDay(start)}, 12:30–1:00 pm` };
}

test.afterEach(async ({ adminApi }) => {
  await adminApi.freshInstall();
});

const promise = (page: Page) => page.getByTestId("promise").filter({ visible: true });

test("a customer orders for later: Schedule, a day and a slot; full slots are shown disabled; the pages say when", async ({
  page,
  signIn,
  shopApi,
  adminApi,
}) => {
  // One order per slot, so one order fills a slot.
  await adminApi.send("PUT", "/api/store", { ordersPerSlot: 1 });
  const [customer, rival] = [await shopApi.customerWithToken("Asha Rao"), await shopApi.customerWithToken("Ravi Kumar")];
  const [item] = await shopApi.menu();
  const slot = tomorrowAtHalfPastTwelve();

  await signIn(page, customer.email, customer.password);
  await seedCart(page, [{ item, quantity: 2 }]);
  const checkout = new CheckoutPage(page);
  await checkout.toPayment();

  // As soon as possible is offered with its promise, and chosen unless the customer schedules.
  const times = page.getByRole("radiogroup", { name: "Delivery time" });
  await expect(times.getByRole("radio", { name: /^As soon as possible \(by \d{1,2}:\d{2} [ap]m( tomorrow)?\)$/ })).toBeChecked();
  await times.getByRole("radio", { name: "Schedule" }).check();
  await page.getByLabel("Day").selectOption({ label: slot.dayOption });
  const slots = page.getByLabel("Delivery slot");
  await slots.selectOption({ label: "12:30–1:00 pm" });

  // Meanwhile someone else takes that slot: the shop says so and shows it full.
  await shopApi.order(rival.token, {
    items: [{ id: item.id, portion: "small", quantity: 1 }],
    name: "Ravi Kumar",
    deliverAt: slot.start.toISOString(),
  });
  await checkout.placeOrder();
  await expect(page.getByRole("alert").filter({ hasText: "That delivery slot has just filled up. Please choose another." })).toBeVisible();
  await expect(slots.getByRole("option", { name: "12:30–1:00 pm (full)" })).toBeDisabled();
  expect(await shopApi.ordersOf(customer.token)).toHaveLength(0);

  // Without a slot the order does not go; with one it does.
  await checkout.placeOrder();
  await expect(page.getByText("Please choose a day and a delivery slot, or As soon as possible.").filter({ visible: true })).toBeVisible();
  await slots.selectOption({ label: "1:00–1:30 pm" });
  await checkout.placeOrder();
  await expect(page).toHaveURL(/\/order-success\?id=/);

  const [order] = await shopApi.ordersOf<Order>(customer.token);
  const later = new Date(slot.start.getTime() + 30 * 60_000);
  expect(order).toMatchObject({ scheduled: true, deliverySlot: { start: later.toISOString() } });
  const scheduledFor = `Scheduled for ${indiaDay(later)}, 1:00–1:30 pm`;
  await expect(promise(page)).toHaveText(scheduledFor);

  await page.getByRole("link", { name: "Track your order" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
  await expect(promise(page)).toHaveText(scheduledFor);
  await page.goto("/orders");
  await expect(page.getByRole("list", { name: "Your orders" }).getByRole("listitem").first().getByTestId("promise")).toHaveText(
    scheduledFor,
  );
});

test("an out-of-area PIN is refused at the address step; a served one shows its fee and minimum, which the payment step holds to", async ({
  page,
  shopApi,
  adminApi,
  shopper,
}) => {
  await adminApi.send("PUT", "/api/delivery-areas", [KORAMANGALA]);
  const cheapest = (await shopApi.menu()).sort((a, b) => a.prices.small - b.prices.small)[0];
  // One small bowl is under Koramangala's minimum, two are over it and under free delivery.
  expect(cheapest.prices.small).toBeLessThan(200);
  expect(cheapest.prices.small * 2).toBeGreaterThanOrEqual(200);
  expect(cheapest.prices.small * 2).toBeLessThan(499);

  await seedCart(page, [{ item: cheapest }]);
  await page.goto("/checkout/address");
  const checkout = new CheckoutPage(page);
  await checkout.fillAddress({ "PIN code": "110001" });
  const pinError = page.getByRole("alert").filter({ hasText: "We don't deliver to 110001 yet." });
  await expect(pinError).toBeVisible();
  await checkout.continue();
  await expect(pinError).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\/address$/);

  await page.getByLabel("PIN code", { exact: true }).fill("560034");
  await expect(page.getByTestId("pin-check")).toHaveText(
    "We deliver to 560034 (Koramangala): delivery ₹30, minimum order ₹200, free from ₹499.",
  );
  await expect(pinError).toHaveCount(0);
  await checkout.continue();
  await expect(page).toHaveURL(/\/checkout\/payment$/);

  // Below the minimum: said, and Place Order waits.
  await expect(
    page.getByText("Orders for delivery to Koramangala start at ₹200. Please add a little more.").filter({ visible: true }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Place Order" })).toBeDisabled();
  await expect(page.getByTestId("delivery-fee").filter({ visible: true })).toHaveText("₹30");

  // The cart charges the area's fee too, now that the address is known.
  await seedCart(page, [{ item: cheapest, quantity: 2 }]);
  await page.goto("/cart");
  await expect(page.getByTestId("delivery-fee").filter({ visible: true })).toHaveText("₹30");
  await expect(page.getByText("(Koramangala)").filter({ visible: true })).toBeVisible();
  await expect(page.getByTestId("total").filter({ visible: true })).toHaveText(rupees(cheapest.prices.small * 2 + 30));
  await page.goto("/checkout/payment");
  await expect(page.getByTestId("total").filter({ visible: true })).toHaveText(rupees(cheapest.prices.small * 2 + 30));
  await checkout.placeOrder();
  await expect(page).toHaveURL(/\/order-success\?id=/);
  const [order] = await shopApi.ordersOf<Order>(shopper.token);
  expect(order).toMatchObject({ deliveryArea: "Koramangala", deliveryFee: 30, total: cheapest.prices.small * 2 + 30, scheduled: false });
  await expect(promise(page)).toContainText(`Arriving by ${indiaClock(order.promisedBy)}`);
});

test("the landing page's PIN check answers without JavaScript, and with it in place", async ({
  browser,
  page,
  adminApi,
  extraHTTPHeaders,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders });
  const noScript = await context.newPage();
  const ask = async (on: Page, pin: string) => {
    await on.getByLabel("PIN code").fill(pin);
    await on.getByRole("button", { name: "Check" }).click();
    return on.getByTestId("delivery-answer");
  };

  // A fresh install serves every PIN at DELIVERY_FEE.
  await noScript.goto("/");
  await expect(noScript.getByRole("heading", { name: "Do we deliver to you?" })).toBeVisible();
  await expect(await ask(noScript, "560034")).toHaveText(/We deliver to 560034: delivery ₹40\./);

  await adminApi.send("PUT", "/api/delivery-areas", [KORAMANGALA]);
  await noScript.goto("/");
  await expect(await ask(noScript, "560034")).toHaveText(
    /We deliver to 560034 \(Koramangala\): delivery ₹30, minimum order ₹200, free from ₹499\./,
  );
  await expect(noScript.getByLabel("PIN code")).toHaveValue("560034");
  await expect(await ask(noScript, "110001")).toHaveText(/We don't deliver to 110001 yet\./);
  await expect(await ask(noScript, "5600")).toHaveText(/Please enter a 6-digit PIN code/);
  await context.close();

  await page.goto("/");
  await expect(page.getByTestId("store-state")).toHaveText(/^Open · delivering by \d{1,2}:\d{2} [ap]m( tomorrow)?$/);
  await expect(await ask(page, "110001")).toHaveText(/We don't deliver to 110001 yet\./);
  await expect(page).toHaveURL((url) => url.pathname === "/");
});

test("while the kitchen is paused, ASAP is unavailable and says why, and Schedule still works", async ({
  page,
  shopApi,
  adminApi,
  signIn,
  customer,
}) => {
  await signIn(page, customer.email, customer.password);
  const [item] = await shopApi.menu();
  const slot = tomorrowAtHalfPastTwelve();
  await seedCart(page, [{ item }]);
  const checkout = new CheckoutPage(page);
  await checkout.toPayment();
  const times = page.getByRole("radiogroup", { name: "Delivery time" });
  const asap = times.getByRole("radio", { name: /^As soon as possible/ });
  await expect(asap).toBeChecked();

  // Paused while the customer is on the page: the order is refused and Schedule is offered.
  await adminApi.send("POST", "/api/store/pause", { minutes: 30, reason: "Catching up on a big order" });
  await checkout.placeOrder();
  await expect(
    page.getByRole("alert").filter({ hasText: /We have paused new orders for now: Catching up on a big order\./ }),
  ).toBeVisible();
  await expect(times.getByRole("radio", { name: "Schedule" })).toBeChecked();
  await expect(asap).toBeDisabled();

  // A fresh visit says the same before any click.
  await page.reload();
  await expect(asap).toBeDisabled();
  await expect(times.getByRole("radio", { name: "Schedule" })).toBeChecked();
  await expect(
    page
      .getByText(/We have paused new orders for now: Catching up on a big order\..*You can still schedule an order for later\./)
      .filter({ visible: true }),
  ).toBeVisible();
  await page.getByLabel("Day").selectOption({ label: slot.dayOption });
  await page.getByLabel("Delivery slot").selectOption({ label: "12:30–1:00 pm" });
  await checkout.placeOrder();
  await expect(page).toHaveURL(/\/order-success\?id=/);
  await expect(promise(page)).toHaveText(slot.promise);

  // The landing page says so too.
  await page.goto("/");
  await expect(page.getByTestId("store-state")).toHaveText("Paused: Catching up on a big order");
});
