import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { menuCard as card } from "./pages/shop";
import { LoginPage } from "./pages/login";

// Favourites (product.md §13) in Chromium against the production build: the heart on every card,
// asking a signed-out visitor to sign in and bringing them back; a customer keeps bowls, sees only
// them on /menu?favourites=1 and on /account/favourites, and lets them go; axe finds nothing.

const CAESAR = "Grilled Chicken Caesar";
const PANEER = "Paneer Tikka Salad";

async function noAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("signed out, the heart asks the visitor to sign in and brings them back to the menu", async ({ page, customer }) => {
  await page.goto("/menu");
  const hearts = page.getByRole("link", { name: /^Save .+ to favourites$/ });
  await expect(hearts).toHaveCount(await page.getByRole("article").count());
  const heart = card(page, CAESAR).getByRole("link", { name: `Save ${CAESAR} to favourites` });
  await expect(heart).toHaveAttribute("title", "Sign in to keep your favourites");
  await heart.click();
  await expect(page).toHaveURL(/\/login\?next=%2Fmenu$/);

  await new LoginPage(page).submit(customer.email, customer.password);
  await expect(page).toHaveURL(/\/menu$/);
  const button = card(page, CAESAR).getByRole("button", { name: `Save ${CAESAR} to favourites` });
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await expect(button).toBeEnabled();
});

test("signed out, /menu?favourites=1 asks the visitor to sign in", async ({ page }) => {
  await page.goto("/menu?favourites=1");
  await expect(page.getByText("Sign in to see your favourites.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute("href", "/login?next=%2Fmenu%3Ffavourites%3D1");
  await expect(page.getByRole("article").filter({ visible: true })).toHaveCount(0);
});

test("a customer keeps two bowls, sees only them, and lets them go from /account/favourites", async ({ page, shopper }) => {
  void shopper;
  await page.goto("/menu?favourites=1");
  await expect(page.getByText("You have not saved any favourites yet.")).toBeVisible();
  await page.getByRole("link", { name: "See the whole menu" }).click();
  await expect(page).toHaveURL(/\/menu$/);

  for (const name of [CAESAR, PANEER]) {
    const save = card(page, name).getByRole("button", { name: `Save ${name} to favourites` });
    await save.click();
    await expect(card(page, name).getByRole("button", { name: `Remove ${name} from favourites` })).toHaveAttribute("aria-pressed", "true");
  }
  // The server keeps them: a reload shows them kept.
  await page.reload();
  await expect(card(page, CAESAR).getByRole("button", { name: `Remove ${CAESAR} from favourites` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  // The toggle keeps the other filters; only the kept bowls show.
  await page.getByRole("button", { name: "My favourites" }).click();
  await expect(page).toHaveURL(/\/menu\?favourites=1$/);
  await expect(page.getByRole("status").filter({ hasText: "Your favourites: 2 salads" })).toBeVisible();
  await expect(page.getByRole("article").filter({ visible: true })).toHaveCount(2);
  await page.getByRole("button", { name: "Veg only" }).click();
  await expect(page).toHaveURL(/\/menu\?favourites=1&diet=veg$/);
  await expect(page.getByRole("article").filter({ visible: true })).toHaveCount(1);
  await expect(card(page, PANEER)).toBeVisible();
  await noAxeViolations(page);

  await page.goto("/account/favourites");
  await expect(page.getByRole("heading", { level: 1, name: "My favourites" })).toBeVisible();
  // The latest kept first.
  await expect(page.getByRole("article").getByRole("heading", { level: 3 })).toHaveText([PANEER, CAESAR]);
  await noAxeViolations(page);
  await card(page, PANEER)
    .getByRole("button", { name: `Remove ${PANEER} from favourites` })
    .click();
  await expect(page.getByRole("article").filter({ visible: true })).toHaveCount(1);
  await card(page, CAESAR)
    .getByRole("button", { name: `Remove ${CAESAR} from favourites` })
    .click();
  await expect(page.getByText("You have not saved any favourites yet.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("You have not saved any favourites yet.")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);
});

test("/account/favourites asks a signed-out visitor to sign in first", async ({ page }) => {
  await page.goto("/account/favourites");
  await expect(page).toHaveURL(/\/login\?next=%2Faccount%2Ffavourites$/);
});

test("the hearts fit a 320 px phone and work from the keyboard", async ({ page, shopper }) => {
  void shopper;
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto("/menu");
  const save = card(page, CAESAR).getByRole("button", { name: `Save ${CAESAR} to favourites` });
  await expect(save).toBeEnabled();
  const box = await save.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(320);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await save.focus();
  await page.keyboard.press("Enter");
  const remove = card(page, CAESAR).getByRole("button", { name: `Remove ${CAESAR} from favourites` });
  await expect(remove).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Space");
  await expect(save).toHaveAttribute("aria-pressed", "false");
});
