import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test, tag, type AdminApi, randomIp, rupees } from "./fixtures";
import { axeFindings, sidewaysOverflow } from "./pages/admin";
import { CheckoutPage, menuCard as card } from "./pages/shop";
import type { ApiMenuItem, OptionGroup } from "@/lib/menu/types";

// Know your bowl (product.md §8) as a customer meets it: diet marks, the portion's energy and
// protein, the details view, the filters, and a bowl made their way from the chooser to the
// order's confirmation.

async function apiMenu(request: APIRequestContext, query = ""): Promise<ApiMenuItem[]> {
  const res = await request.get(`/api/menu${query}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ApiMenuItem[];
}

const cardNames = (page: Page) => page.getByRole("article").getByRole("heading", { level: 3 }).allTextContents();
const choiceOf = (item: ApiMenuItem, group: string, name: string) =>
  item.optionGroups.find((g) => g.name === group)!.choices.find((c) => c.name === name)!;

/** A veg, nut-free bowl with 30 g of protein in its Medium portion: the seeded menu has none. */
async function addTofuBowl(adminApi: AdminApi): Promise<string> {
  const name = `Tofu Power Bowl ${tag()}`;
  const bowl = {
    name,
    description: "Sesame-free smoked tofu, edamame and greens.",
    category: "Veg Salads",
    prices: { small: 199, medium: 239, large: 279 },
    diet: "veg",
    nutrition: { small: { kcal: 300, protein: 22 }, medium: { kcal: 420, protein: 30 }, large: { kcal: 480, protein: 35 } },
    allergens: ["soy"],
  };
  await adminApi.send("POST", "/api/menu", bowl, 201);
  return name;
}

test("the card shows the diet mark, the chosen portion's energy and protein, and a details view", async ({ page, request }) => {
  const caesar = (await apiMenu(request)).find((i) => i.name === "Grilled Chicken Caesar")!;
  const greek = (await apiMenu(request)).find((i) => i.name === "Classic Greek Salad")!;
  await page.goto("/menu");
  const c = card(page, caesar.name);
  await expect(c.getByRole("img", { name: "Non-vegetarian" })).toBeVisible();
  await expect(card(page, greek.name).getByRole("img", { name: "Vegetarian" })).toBeVisible();

  const facts = (p: "small" | "medium" | "large") => `${caesar.nutrition[p].kcal} kcal · ${caesar.nutrition[p].protein} g protein`;
  await expect(c.getByTestId("portion-facts").filter({ visible: true })).toHaveText(facts("small"));
  await c.getByLabel("Portion").selectOption("large");
  await expect(c.getByTestId("portion-facts").filter({ visible: true })).toHaveText(facts("large"));

  const details = c.getByText(`Nutrition and allergens of ${caesar.name}`).filter({ visible: true });
  await details.click();
  const portions = c.getByRole("list", { name: `Energy and protein of ${caesar.name}` }).getByRole("listitem");
  await expect(portions).toHaveText(
    (["small", "medium", "large"] as const).map(
      (p, i) =>
        `${["Small 250g", "Medium 350g", "Large 400g"][i]}: ${caesar.nutrition[p].kcal} kcal, ${caesar.nutrition[p].protein} g protein`,
    ),
  );
  const opened = c.locator("details");
  await expect(opened).toContainText(`Allergens: ${caesar.allergens.map((a) => a.replace("-", " ")).join(", ")}`);
  await expect(opened).toContainText("Diet: Non-vegetarian");
});

test("veg, nut-free and high-protein filters combine with each other, the category and search", async ({ page, request, adminApi }) => {
  const tofu = await addTofuBowl(adminApi);
  await page.goto("/menu");

  await page.getByRole("button", { name: "Veg only" }).click();
  await expect(page).toHaveURL(/\/menu\?diet=veg$/);
  // The tick is drawn, not spoken: the name is the filter's alone.
  await expect(page.getByRole("button", { name: "Veg only", exact: true })).toHaveAttribute("aria-pressed", "true");
  const veg = await apiMenu(request, "?diet=veg");
  expect(veg.every((i) => i.diet === "veg")).toBe(true);
  await expect(page.getByRole("article")).toHaveCount(veg.length);
  await expect(page.getByRole("article").getByRole("img", { name: "Non-vegetarian" })).toHaveCount(0);

  await page.getByText("Free from allergens").filter({ visible: true }).click();
  await page.getByRole("group", { name: "Free from" }).getByRole("button", { name: "Tree nuts" }).click();
  await expect(page).toHaveURL(/\/menu\?diet=veg&free=tree-nuts$/);
  // The new query's view is in place (the whole menu shows for a moment in between).
  await expect(page.getByRole("button", { name: "Tree nuts" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: /^High protein/ }).click();
  await expect(page).toHaveURL(/\/menu\?diet=veg&protein=high&free=tree-nuts$/);
  for (const name of ["Veg only", "Tree nuts"]) await expect(page.getByRole("button", { name })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: /^High protein/ })).toHaveAttribute("aria-pressed", "true");

  const matching = await apiMenu(request, "?diet=veg&protein=high&free=tree-nuts");
  expect(matching.map((i) => i.name)).toContain(tofu);
  for (const item of matching) {
    expect(item.diet).toBe("veg");
    expect(item.nutrition.medium.protein).toBeGreaterThanOrEqual(25);
    expect(item.allergens).not.toContain("tree-nuts");
  }
  await expect(page.getByRole("main").getByRole("status")).toContainText("veg only, high protein, free from tree nuts");
  await expect.poll(async () => (await cardNames(page)).sort()).toEqual(matching.map((i) => i.name).sort());

  // A category keeps the filters; so does a search, and the filters keep both.
  await page.getByRole("link", { name: "Veg Salads" }).click();
  await expect(page).toHaveURL(/\/menu\?category=veg-salads&diet=veg&protein=high&free=tree-nuts$/);
  const inCategory = await apiMenu(request, "?category=veg-salads&diet=veg&protein=high&free=tree-nuts");
  expect(inCategory.map((i) => i.name)).toContain(tofu);
  await expect.poll(async () => (await cardNames(page)).sort()).toEqual(inCategory.map((i) => i.name).sort());
  // A search keeps the filters, and the filters the search. Another run's bowls may be there
  // too (a reused server): the search finds every tofu bowl.
  const tofus = (await apiMenu(request, "?search=tofu&protein=high")).map((i) => i.name).sort();
  expect(tofus).toContain(tofu);
  await page.goto("/menu?search=tofu&protein=high");
  await expect.poll(async () => (await cardNames(page)).sort()).toEqual(tofus);
  await page.getByRole("button", { name: "Veg only" }).click();
  await expect(page).toHaveURL(/\/menu\?search=tofu&diet=veg&protein=high$/);
  await expect.poll(async () => (await cardNames(page)).sort()).toEqual(tofus);

  // Nothing left (no chicken salad is veg): say so, and offer the way back, keeping the category.
  await page.goto("/menu?category=chicken-salads&diet=veg");
  await expect(page.getByText("No salads are veg only.").filter({ visible: true })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "Clear filters" }).last().click();
  await expect(page).toHaveURL(/\/menu\?category=chicken-salads$/);
  const chicken = await apiMenu(request, "?category=chicken-salads");
  await expect(page.getByRole("article")).toHaveCount(chicken.length);
  await expect(page.getByRole("button", { name: "Veg only" })).toHaveAttribute("aria-pressed", "false");
});

test("without JavaScript /menu is the whole menu, and the filter toggles still submit", async ({ browser, request }) => {
  // /menu is prerendered once for every query and the browser's script applies the query, so
  // without it the visitor keeps the whole menu.
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": randomIp() } });
  const page = await context.newPage();
  const everything = await apiMenu(request);
  for (const path of ["/menu", "/menu?category=veg-salads"]) {
    await page.goto(path);
    await expect(page.getByRole("article")).toHaveCount(everything.length);
  }
  await page.getByRole("button", { name: "Veg only" }).click();
  await expect(page).toHaveURL(/\/menu\?diet=veg$/);
  await expect(page.getByRole("article")).toHaveCount(everything.length);
  await context.close();
});

/** Opens the chooser of `name`'s card and returns the dialog. */
async function openChooser(page: Page, name: string): Promise<Locator> {
  await card(page, name).getByRole("button", { name: "Customise" }).click();
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("a bowl made your way: running price, merging, separate lines, and the order keeps options and note", async ({
  page,
  request,
  signIn,
  shopApi,
}) => {
  const user = await shopApi.customer("Kavya Menon");
  const caesar = (await apiMenu(request)).find((i) => i.name === "Grilled Chicken Caesar")!;
  const dressing = caesar.optionGroups.find((g) => g.name === "Dressing")!;
  const [house, other] = [dressing.choices.find((c) => c.default)!, dressing.choices.find((c) => !c.default)!];
  const [avocado, feta, olives] = ["Avocado", "Feta", "Olives"].map((n) => choiceOf(caesar, "Add-ons", n));
  const egg = choiceOf(caesar, "Extra protein", "Boiled egg");
  const note = "No onions, please";

  await signIn(page, user.email, user.password);
  await page.goto("/menu");
  let dialog = await openChooser(page, caesar.name);
  const dressings = dialog.getByRole("group", { name: /^Dressing/ });
  await expect(dressings).toContainText("Required, choose 1");
  await expect(dressings.getByRole("radio", { name: house.name })).toBeChecked();
  await expect(dialog.getByTestId("running-price").filter({ visible: true })).toHaveText(rupees(caesar.prices.small));

  await dialog.getByRole("radio", { name: /^Medium 350g/ }).check();
  const addOns = dialog.getByRole("group", { name: /^Add-ons/ });
  for (const c of [avocado, feta, olives]) await addOns.getByRole("checkbox", { name: new RegExp(`^${c.name}`) }).check();
  // Three is the most: the other add-ons cannot be checked now.
  await expect(addOns.getByRole("checkbox", { name: /^Sweet corn/ })).toBeDisabled();
  await expect(addOns).toContainText(`+${rupees(avocado.price)}`);
  await dialog
    .getByRole("group", { name: /^Extra protein/ })
    .getByRole("checkbox", { name: /^Boiled egg/ })
    .check();
  const unit = caesar.prices.medium + avocado.price + feta.price + olives.price + egg.price;
  await expect(dialog.getByTestId("running-price").filter({ visible: true })).toHaveText(rupees(unit));
  await dialog.getByLabel(/Note for the kitchen/).fill(note);
  await expect(dialog.getByText(`${note.length}/140 characters`).filter({ visible: true })).toBeVisible();
  await dialog.getByRole("button", { name: `Add to Cart · ${rupees(unit)}` }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${caesar.name} added to cart`).filter({ visible: true }).first()).toBeVisible();
  await expect(card(page, caesar.name).getByRole("button", { name: "Customise" })).toBeFocused();

  // The same bowl again merges; another dressing is a line of its own.
  dialog = await openChooser(page, caesar.name);
  await dialog.getByRole("radio", { name: /^Medium 350g/ }).check();
  for (const c of [avocado, feta, olives]) await dialog.getByRole("checkbox", { name: new RegExp(`^${c.name}`) }).check();
  await dialog.getByRole("checkbox", { name: /^Boiled egg/ }).check();
  await dialog.getByLabel(/Note for the kitchen/).fill(note);
  await dialog.getByRole("button", { name: /^Add to Cart/ }).click();
  dialog = await openChooser(page, caesar.name);
  await dialog.getByRole("radio", { name: other.name }).check();
  await expect(dialog.getByTestId("running-price").filter({ visible: true })).toHaveText(rupees(caesar.prices.small));
  await dialog.getByRole("button", { name: /^Add to Cart/ }).click();
  await expect(page.getByTestId("cart-badge").filter({ visible: true })).toHaveText("3");

  // On a phone: the lines with their options fit, and pass axe.
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto("/cart");
  // Each line's options are a list of their own: the lines are the list's own items.
  const lines = page.getByRole("list", { name: "Items in your cart" }).locator(":scope > li");
  await expect(lines).toHaveCount(2);
  const built = lines.filter({ hasText: note });
  await expect(built.getByTestId("line-quantity").filter({ visible: true })).toHaveText("2");
  await expect(built).toContainText(
    `Add-ons: Avocado (+${rupees(avocado.price)}), Feta (+${rupees(feta.price)}), Olives (+${rupees(olives.price)})`,
  );
  await expect(built).toContainText(`Extra protein: Boiled egg (+${rupees(egg.price)})`);
  await expect(built.getByRole("img", { name: "Non-vegetarian" })).toBeVisible();
  await expect(built.getByTestId("line-total").filter({ visible: true })).toHaveText(rupees(unit * 2));
  await expect(
    lines
      .filter({ hasText: `Dressing: ${other.name}` })
      .getByTestId("line-quantity")
      .filter({ visible: true }),
  ).toHaveText("1");
  const subtotal = unit * 2 + caesar.prices.small;
  await expect(page.getByTestId("subtotal").filter({ visible: true })).toHaveText(rupees(subtotal));
  expect(await axeFindings(page, { include: "main", serious: true })).toEqual([]);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  const checkout = new CheckoutPage(page);
  await checkout.fillAddress({ Name: "Kavya Menon", Street: "4 Church Street" });
  await checkout.continue();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await expect(page.getByRole("list", { name: "Items in your order" })).toContainText(note);
  await checkout.placeOrder();

  await expect(page).toHaveURL(/\/order-success\?id=/);
  const items = page.getByRole("list", { name: "Items in this order" }).locator(":scope > li");
  await expect(items).toHaveCount(2);
  const ordered = items.filter({ hasText: note });
  await expect(ordered).toContainText(`2 × ${caesar.name}`);
  await expect(ordered).toContainText(
    `Add-ons: Avocado (+${rupees(avocado.price)}), Feta (+${rupees(feta.price)}), Olives (+${rupees(olives.price)})`,
  );
  await expect(ordered).toContainText(`Dressing: ${house.name}`);
  await expect(items.filter({ hasText: `Dressing: ${other.name}` })).toContainText(`1 × ${caesar.name}`);
  await expect(page.getByTestId("total").filter({ visible: true })).toHaveText(rupees(subtotal + 40));
});

test("the chooser: sold-out choices, keyboard, axe and a 320 px phone", async ({ page, request, adminApi }) => {
  const caesar = (await apiMenu(request)).find((i) => i.name === "Grilled Chicken Caesar")!;
  const soldOut = (groups: OptionGroup[], available: boolean) =>
    groups.map((g) => ({ ...g, choices: g.choices.map((c) => (c.name === "Sweet corn" ? { ...c, available } : c)) }));
  await adminApi.send("PUT", `/api/menu/${caesar.id}`, { optionGroups: soldOut(caesar.optionGroups, false) });
  try {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/menu");
    const customise = card(page, caesar.name).getByRole("button", { name: "Customise" });
    await customise.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: caesar.name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("radio", { name: /^Small 250g/ })).toBeFocused();

    const corn = dialog.getByRole("checkbox", { name: /^Sweet corn/ });
    await expect(corn).toBeDisabled();
    await expect(dialog.getByText("Sweet corn(sold out)").filter({ visible: true })).toBeVisible();

    expect(await axeFindings(page, { include: "dialog", serious: true })).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);

    // Tab goes round inside the dialog, both ways.
    const inDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest("dialog")));
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      expect(await inDialog()).toBe(true);
    }
    await dialog.getByRole("button", { name: "Close" }).focus();
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.getByRole("button", { name: /^Add to Cart/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(customise).toBeFocused();
    await expect(page.getByTestId("cart-badge").filter({ visible: true })).toHaveCount(0);
  } finally {
    await adminApi.send("PUT", `/api/menu/${caesar.id}`, { optionGroups: soldOut(caesar.optionGroups, true) });
  }
});
