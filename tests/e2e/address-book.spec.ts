import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axeFindings, sidewaysOverflow } from "./pages/admin";
import { CheckoutPage, seedCart } from "./pages/shop";

// The address book (product.md §13) as a regular customer uses it: /account from the header, two
// addresses saved on /account/addresses, an order sent to the default one without typing it, a
// new address saved at checkout with "Save this address", and an order that keeps its address
// when the saved one is deleted. At 320 px, by keyboard where it matters, without axe findings.

type Saved = { label: string; street: string; zip: string; isDefault: boolean };
type Order = { id: string; address: { street: string; zip: string } };

const HOME = {
  Name: "Zoë O'Brien",
  Phone: "9876543210",
  Street: "12 MG Road",
  City: "Bengaluru",
  State: "Karnataka",
  "PIN code": "560001",
};
const WORK = { ...HOME, Phone: "9876500000", Street: "4 Residency Road", "PIN code": "560025" };
const GYM = { ...HOME, Street: "7 Church Street", "PIN code": "560002" };

/** Fills an address form's fields, label by label (the page has another PIN code box: the footer's "Do we deliver to you?"). */
async function fill(form: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = form.getByLabel(label, { exact: true });
    await (label === "State" ? field.selectOption(value) : field.fill(value));
  }
}

async function expectAccessible(page: Page, path: string) {
  expect(await axeFindings(page, { include: "main", serious: true, where: path })).toEqual([]);
  expect(await sidewaysOverflow(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
}

const bookOf = async (page: Page, token: string) => {
  const res = await page.request.get("/api/addresses", { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as Saved[];
};

test("save two addresses, order with the default, save a third at checkout; the order keeps its address", async ({
  page,
  shopper,
  shopApi,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 320, height: 720 });
  const checkout = new CheckoutPage(page);

  // The header's Account link leads to the customer's own page, with their name and e-mail.
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(shopper.email);
  const places = page.getByRole("navigation", { name: "Your account" });
  for (const [name, href] of [
    ["Addresses", "/account/addresses"],
    ["Favourites", "/account/favourites"],
    ["My orders", "/orders"],
  ])
    await expect(places.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", href);
  await expectAccessible(page, "/account");

  await places.getByRole("link", { name: /^Addresses/ }).click();
  await expect(page.getByRole("heading", { name: "Your addresses" })).toBeVisible();
  await expect(page.getByText("You have no saved addresses yet.")).toBeVisible();

  // The first address saved is the default; a wrong PIN is said in words and nothing is saved.
  const adding = page.getByRole("form", { name: "Add an address" });
  await page.getByRole("button", { name: "Add an address" }).click();
  await fill(adding, { ...HOME, "PIN code": "5600" });
  await adding.getByRole("button", { name: "Save address" }).click();
  await expect(adding.getByText("Enter a 6-digit PIN code")).toBeVisible();
  await adding.getByLabel("PIN code", { exact: true }).fill(HOME["PIN code"]);
  await adding.getByLabel("PIN code", { exact: true }).press("Enter");
  const saved = page.getByRole("list", { name: "Saved addresses" });
  await expect(saved.getByRole("listitem")).toHaveCount(1);
  await expect(saved.getByRole("listitem").first()).toContainText("Home");
  await expect(saved.getByRole("listitem").first()).toContainText("Default");

  await page.getByRole("button", { name: "Add an address" }).click();
  await fill(adding, { Label: "Work", ...WORK });
  await adding.getByRole("button", { name: "Save address" }).click();
  await expect(saved.getByRole("listitem")).toHaveCount(2);
  // Making Work the default moves the mark from Home.
  await page.getByRole("button", { name: "Make default Work" }).click();
  await expect(page.getByText("Work is now your default address.").filter({ visible: true }).first()).toBeVisible();
  await expect(saved.getByRole("listitem").first()).toContainText("Work");
  await expect(saved.getByRole("listitem").first()).toContainText("Default");
  await expectAccessible(page, "/account/addresses");
  expect((await bookOf(page, shopper.token)).map((a) => [a.label, a.isDefault])).toEqual([
    ["Work", true],
    ["Home", false],
  ]);

  // At checkout the default is chosen, its PIN checked as a typed one is; the order is sent there.
  const [bowl] = await shopApi.menu();
  await seedCart(page, [{ item: bowl }]);
  await page.goto("/checkout/address");
  const choice = page.getByRole("group", { name: "Deliver to" });
  await expect(choice.getByRole("radio", { name: /^Work/ })).toBeChecked();
  await expect(page.getByTestId("pin-check")).toHaveText("We deliver to 560025: delivery ₹40.");
  await expect(page.getByLabel("Street", { exact: true })).toHaveCount(0);
  await expectAccessible(page, "/checkout/address");
  await checkout.continue();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await checkout.placeOrder();
  await expect(page).toHaveURL(/\/order-success\?id=/);
  const orderId = new URL(page.url()).searchParams.get("id")!;
  expect((await shopApi.orderOf<Order>(shopper.token, orderId)).address).toMatchObject({ street: WORK.Street, zip: WORK["PIN code"] });

  // A new address typed at checkout is kept with "Save this address", under its own label.
  await seedCart(page, [{ item: bowl }]);
  await page.goto("/checkout/address");
  await choice.getByRole("radio", { name: "A new address" }).check();
  await fill(page.getByRole("form", { name: "New address" }), GYM);
  await page.getByRole("checkbox", { name: "Save this address" }).check();
  await page.getByLabel("Label", { exact: true }).fill("Gym");
  await checkout.continue();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  expect((await bookOf(page, shopper.token)).map((a) => [a.label, a.isDefault])).toEqual([
    ["Work", true],
    ["Gym", false],
    ["Home", false],
  ]);

  // Deleting the default (asked first) makes the most recent remaining one the default; the
  // order sent to it keeps its own copy.
  await page.goto("/account/addresses");
  await page.getByRole("button", { name: "Delete Work" }).click();
  await page.getByRole("group", { name: "Delete Work?" }).getByRole("button", { name: "Yes, delete" }).click();
  await expect(saved.getByRole("listitem")).toHaveCount(2);
  await expect(saved.getByRole("listitem").first()).toContainText("Gym");
  await expect(saved.getByRole("listitem").first()).toContainText("Default");
  expect((await shopApi.orderOf<Order>(shopper.token, orderId)).address).toMatchObject({ street: WORK.Street, zip: WORK["PIN code"] });

  // Editing by keyboard: the edit form opens in place, Enter saves it.
  await page.getByRole("button", { name: "Edit Home" }).focus();
  await page.keyboard.press("Enter");
  const editing = page.getByRole("form", { name: "Edit Home" });
  await editing.getByLabel("Street", { exact: true }).fill("14 MG Road");
  await editing.getByLabel("Street", { exact: true }).press("Enter");
  await expect(saved.getByRole("listitem").filter({ hasText: "Home" })).toContainText("14 MG Road");
});

test("signed out, /account and /account/addresses ask to sign in first", async ({ page }) => {
  for (const path of ["/account", "/account/addresses"]) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("next") === path);
  }
});

test.describe("a saved address the shop does not deliver to", () => {
  test.afterEach(async ({ adminApi }) => {
    await adminApi.freshInstall();
  });

  test("is checked as a typed one is: refused in words, and Continue does not pass it", async ({ page, shopper, shopApi, adminApi }) => {
    await adminApi.send("PUT", "/api/delivery-areas", [
      { name: "Koramangala", pins: ["560034"], fee: 30, minimumOrder: 0, freeDeliveryFrom: null },
    ]);
    const far = {
      label: "Parents",
      name: "Zoë O'Brien",
      phone: "9876543210",
      street: "1 Janpath",
      city: "New Delhi",
      state: "Delhi",
      zip: "110001",
    };
    const res = await page.request.post("/api/addresses", { headers: { authorization: `Bearer ${shopper.token}` }, data: far });
    expect(res.status(), await res.text()).toBe(201);
    const [bowl] = await shopApi.menu();
    await seedCart(page, [{ item: bowl }]);
    await page.goto("/checkout/address");
    await expect(page.getByRole("group", { name: "Deliver to" }).getByRole("radio", { name: /^Parents/ })).toBeChecked();
    await expect(page.getByRole("alert").filter({ hasText: "We don't deliver to 110001 yet." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
    await expect(page).toHaveURL(/\/checkout\/address$/);
  });
});
