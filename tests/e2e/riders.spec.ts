import type { Page } from "@playwright/test";
import { expect, test, orderCode, rupees, tag, type AdminApi, type ShopApi } from "./fixtures";
import { axeFindings, sidewaysOverflow } from "./pages/admin";
import { expectSignInThenHome, LoginPage } from "./pages/login";
import { assignRider, CashUp, PHONE, RiderPage } from "./pages/riders";

// The kitchen's own riders (product.md §12) in real browsers: the kitchen assigns, the rider's
// open page shows it without a reload, the customer sees who is coming and the code to give, the
// rider hands it over against that code, and the cash-up counts the cash.

type Order = { id: string; total: number; status: string };

/** A new account made a rider by the admin: its sign-in and user id. */
async function newRider(shopApi: ShopApi, adminApi: AdminApi, name: string) {
  const account = await shopApi.customer(name);
  const users = (await (await adminApi.request.get("/api/users?limit=500", { headers: await adminApi.headers() })).json()) as {
    id: string;
    email: string;
  }[];
  const id = users.find((u) => u.email === account.email)!.id;
  await adminApi.send("PATCH", `/api/users/${id}`, { role: "rider" });
  return { ...account, id };
}

/** A new rider, signed in on a phone-sized page of its own. */
async function riderOnPhone(shopApi: ShopApi, adminApi: AdminApi, page: Page, name: string) {
  const rider = await newRider(shopApi, adminApi, name);
  await page.setViewportSize(PHONE);
  await new LoginPage(page).signInThroughApi(rider.email, rider.password);
  return rider;
}

/** A customer's cash order, accepted and being prepared: on the kitchen's display with a choice of riders. */
async function preparingOrder(shopApi: ShopApi, adminApi: AdminApi) {
  const customer = await shopApi.customerWithToken("Meera Iyer");
  const { order } = await shopApi.placeOrder<Order>(customer.token, `Meera ${tag()}`);
  const admin = await adminApi.bearer();
  for (const status of ["confirmed", "preparing"]) await shopApi.moveOrder(admin, order.id, status);
  return { customer, order, code: orderCode(order.id) };
}

test("signed out, /rider asks for a sign-in; a customer is sent home", async ({ page, shopper }) => {
  await page.context().clearCookies();
  await expectSignInThenHome(page, "/rider", () => new LoginPage(page).signInThroughApi(shopper.email, shopper.password));
});

test("assigned in the kitchen, picked up, handed over against the customer's code, and counted in the cash-up", async ({
  page,
  shopApi,
  adminApi,
  newBrowserPage,
  signIn,
}) => {
  const riderName = `Ravi Kumar ${tag()}`;
  const riderTab = await newBrowserPage();
  await riderOnPhone(shopApi, adminApi, riderTab, riderName);
  const riderPage = new RiderPage(riderTab);
  await riderPage.open();
  await riderPage.goOnDuty("98450 12345");

  // A cash order, in the kitchen.
  const { customer, order, code } = await preparingOrder(shopApi, adminApi);

  // The customer follows it on their phone.
  const customerTab = await newBrowserPage();
  await customerTab.setViewportSize(PHONE);
  await signIn(customerTab, customer.email, customer.password);
  await customerTab.goto(`/orders/${order.id}`);

  // The kitchen assigns the rider from the ticket.
  await new LoginPage(page).signInAsAdmin();
  await page.goto("/admin/kitchen");
  const ticket = page.getByRole("article", { name: `#${code}`, exact: true });
  await expect(ticket.getByTestId("ticket-rider")).toHaveText("No rider yet");
  await assignRider(page, code, riderName);
  await expect(ticket.getByTestId("ticket-rider")).toHaveText(`Rider: ${riderName}`);

  // The rider's open page shows it without a reload, with what the door needs.
  const card = riderPage.card(code);
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText("3 bowls");
  await expect(card.getByTestId("collect")).toHaveText(`Collect ${rupees(order.total)} in cash`);
  await expect(card.getByRole("link", { name: /Open in Maps/ })).toHaveAttribute(
    "href",
    `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("12 MG Road, Bengaluru, Karnataka, 560001")}`,
  );
  await expect(card.getByRole("link", { name: /^Call / })).toHaveAttribute("href", "tel:9876543210");
  expect(await sidewaysOverflow(riderTab)).toBeLessThanOrEqual(0);

  await expect(customerTab.getByRole("heading", { name: "Ravi is bringing your order" })).toBeVisible({ timeout: 15_000 });
  await riderPage.pickUp(code);

  // Out for delivery: the customer can call the rider and has the code to give.
  await expect(customerTab.getByRole("link", { name: "Call Ravi" })).toHaveAttribute("href", "tel:+919845012345", { timeout: 15_000 });
  const handoverCode = (await customerTab.getByTestId("handover-code").textContent())!.trim();
  expect(handoverCode).toMatch(/^\d{4}$/);
  await expect(customerTab.getByText("Give the rider this code:")).toBeVisible();

  // A wrong code is refused in words; the right one delivers.
  const wrong = handoverCode === "0000" ? "1111" : "0000";
  await riderPage.handOver(code, wrong);
  await expect(card.getByRole("alert")).toContainText("That is not this order's code");
  await riderPage.handOver(code, handoverCode);
  await expect(card).toBeHidden();
  await expect(customerTab.getByTestId("current-status")).toHaveText("Delivered", { timeout: 15_000 });

  // The cash-up: the cash collected, then handed in.
  const cashUp = new CashUp(page, riderName);
  await cashUp.open();
  await expect(cashUp.figure("deliveries")).toHaveText("1");
  await expect(cashUp.figure("collected")).toHaveText(rupees(order.total));
  await expect(cashUp.figure("owed")).toHaveText(rupees(order.total));
  await expect(cashUp.panel.getByRole("rowheader", { name: `#${code}` })).toBeVisible();
  await cashUp.settle(String(order.total + 1));
  await expect(cashUp.panel.getByRole("alert")).toContainText(`owes ${rupees(order.total)} in all`);
  await cashUp.settle("100", "Evening run");
  await expect(cashUp.figure("owed")).toHaveText(rupees(order.total - 100));
  await expect(cashUp.figure("settled")).toHaveText(rupees(100));
});

test("the kitchen's choice of riders follows a rider going on duty, without a reload", async ({ page, shopApi, adminApi }) => {
  const riderName = `Mohan Das ${tag()}`;
  const rider = await newRider(shopApi, adminApi, riderName);
  const { code } = await preparingOrder(shopApi, adminApi);
  await new LoginPage(page).signInAsAdmin();
  await page.goto("/admin/kitchen");
  const choice = (group: string) =>
    page.getByLabel(`Rider for #${code}`).locator(`optgroup[label="${group}"] option`, { hasText: riderName });
  await expect(choice("Off duty")).toHaveCount(1);

  // On their own phone, elsewhere: the open display moves them up among those on duty.
  const token = await shopApi.tokenFor(rider.email, rider.password);
  const onDuty = await adminApi.request.put("/api/riders/me", {
    headers: { authorization: `Bearer ${token}` },
    data: { onDuty: true, phone: "98450 67890" },
  });
  expect(onDuty.status(), await onDuty.text()).toBe(200);
  await expect(choice("On duty")).toHaveCount(1);
  await expect(choice("Off duty")).toHaveCount(0);
  await assignRider(page, code, riderName);
  await expect(page.getByRole("article", { name: `#${code}`, exact: true }).getByTestId("ticket-rider")).toHaveText(`Rider: ${riderName}`);
  await expect(choice("On duty")).toHaveText(`${riderName}, 1 active`);
});

test("the rider's page and the cash-up pass axe at 360 px", async ({ page, shopApi, adminApi, newBrowserPage }) => {
  const riderTab = await newBrowserPage();
  const riderName = `Asha Rider ${tag()}`;
  await riderOnPhone(shopApi, adminApi, riderTab, riderName);
  await new RiderPage(riderTab).open();
  expect(await axeFindings(riderTab)).toEqual([]);
  expect(await sidewaysOverflow(riderTab)).toBeLessThanOrEqual(0);

  await page.setViewportSize(PHONE);
  await new LoginPage(page).signInAsAdmin();
  const cashUp = new CashUp(page, riderName);
  await cashUp.open();
  await expect(cashUp.panel).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});
