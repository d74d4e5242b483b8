import type { APIRequestContext, Locator } from "@playwright/test";
import { expect, tag, test } from "./fixtures";
import { axeFindings, MenuItemForm, sidewaysOverflow } from "./pages/admin";
import type { ApiMenuItem, OptionGroup } from "@/lib/menu/types";
import { groupsInBrief } from "@/tests/support/option-groups";

// Issue 10 point 4: /admin/menu edits a bowl's diet, nutrition, allergens and option groups,
// checked in the browser by the API's own rules, and the shop shows the result on the next request.

async function menuItems(request: APIRequestContext): Promise<ApiMenuItem[]> {
  const res = await request.get("/api/menu");
  expect(res.status()).toBe(200);
  return (await res.json()) as ApiMenuItem[];
}

async function apiItem(request: APIRequestContext, name: string): Promise<ApiMenuItem | undefined> {
  return (await menuItems(request)).find((i) => i.name === name);
}

const group = (form: Locator, n: number) => form.getByRole("group", { name: new RegExp(`^Group ${n}\\b`) });

async function addGroup(form: Locator, n: number, name: string, min: string, max: string) {
  await form.getByRole("button", { name: "Add option group" }).click();
  const g = group(form, n);
  // The new group's name box takes focus, so the keyboard goes on from there.
  await expect(g.getByLabel(`Group ${n} name`)).toBeFocused();
  await g.getByLabel(`Group ${n} name`).fill(name);
  await g.getByLabel(`Group ${n} min`).fill(min);
  await g.getByLabel(`Group ${n} max`).fill(max);
  return g;
}

async function fillChoice(g: Locator, n: number, name: string, price: string) {
  await g.getByLabel(`Choice ${n} name`).fill(name);
  await g.getByLabel(`Choice ${n} price`).fill(price);
}

test("an admin sets a bowl's diet, nutrition, allergens and options, edits the choices, and the shop follows", async ({
  page,
  request,
  signInAsAdmin,
}) => {
  const name = `Test Orchard Bowl ${tag()}`;
  await signInAsAdmin(page);
  await page.goto("/admin/menu");
  const form = page.getByRole("region", { name: "Add a menu item" });
  await new MenuItemForm(form).fillBasics(name);

  await form.getByRole("radio", { name: "Veg", exact: true }).check();
  await form.getByLabel("Small kcal").fill("310");
  await form.getByLabel("Small protein (g)").fill("14");
  await form.getByLabel("Medium kcal").fill("430");
  await form.getByLabel("Medium protein (g)").fill("20");
  // Large left blank: not known.
  await form.getByRole("checkbox", { name: "Milk" }).check();
  await form.getByRole("checkbox", { name: "Tree nuts" }).check();

  const dressing = await addGroup(form, 1, "Dressing", "1", "1");
  await fillChoice(dressing, 1, "Lemon herb", "0");
  await dressing.getByRole("checkbox", { name: "Choice 1 Default" }).check();
  await dressing.getByRole("button", { name: "Add choice to Group 1: Dressing" }).click();
  await expect(dressing.getByLabel("Choice 2 name")).toBeFocused();
  await fillChoice(dressing, 2, "Ranch", "0");

  const addOns = await addGroup(form, 2, "Add-ons", "0", "3");
  await fillChoice(addOns, 1, "Feta", "40");
  for (const [n, choice, price] of [
    [2, "Walnuts", "50"],
    [3, "Olives", "30"],
  ] as const) {
    await addOns.getByRole("button", { name: /^Add choice/ }).click();
    await fillChoice(addOns, n, choice, price);
  }

  await form.getByRole("button", { name: "Add item" }).click();
  await expect(page.getByText(`${name} added to the menu`).filter({ visible: true })).toBeVisible();
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
  await expect(row.getByRole("img", { name: "Vegetarian" })).toBeVisible();

  const created = await apiItem(request, name);
  expect(created).toMatchObject({
    diet: "veg",
    nutrition: { small: { kcal: 310, protein: 14 }, medium: { kcal: 430, protein: 20 }, large: { kcal: null, protein: null } },
    allergens: ["milk", "tree-nuts"],
  });
  expect(groupsInBrief(created!.optionGroups)).toEqual([
    "Dressing 1-1: Lemon herb ₹0 default, Ranch ₹0",
    "Add-ons 0-3: Feta ₹40, Walnuts ₹50, Olives ₹30",
  ]);

  // Edit: the form shows what was saved; rename, reprice, sell out and remove choices.
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("region", { name: `Edit ${name}` });
  await expect(edit.getByRole("radio", { name: "Veg", exact: true })).toBeChecked();
  await expect(edit.getByLabel("Medium kcal")).toHaveValue("430");
  await expect(edit.getByLabel("Large kcal")).toHaveValue("");
  await expect(edit.getByRole("checkbox", { name: "Tree nuts" })).toBeChecked();
  const editDressing = group(edit, 1);
  const editAddOns = group(edit, 2);
  await expect(editDressing.getByLabel("Group 1 name")).toHaveValue("Dressing");
  await expect(editAddOns.getByLabel("Choice 3 name")).toHaveValue("Olives");

  await edit.getByLabel("Large kcal").fill("480");
  await edit.getByLabel("Large protein (g)").fill("22");
  await edit.getByRole("checkbox", { name: "Milk" }).uncheck();
  await editDressing.getByRole("button", { name: "Remove choice Ranch" }).click();
  // Focus stays in the group, on its Add choice button, once the row is gone.
  await expect(editDressing.getByRole("button", { name: /^Add choice/ })).toBeFocused();
  await expect(editDressing.getByLabel("Choice 2 name")).toHaveCount(0);
  await editAddOns.getByLabel("Choice 3 name").fill("Kalamata olives");
  await editAddOns.getByLabel("Choice 1 price").fill("45");
  await editAddOns.getByRole("checkbox", { name: "Choice 2 Sold out" }).check();
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(`${name} updated`).filter({ visible: true })).toBeVisible();

  const updated = await apiItem(request, name);
  expect(updated).toMatchObject({
    nutrition: { large: { kcal: 480, protein: 22 } },
    allergens: ["tree-nuts"],
  });
  const [oldDressing, oldAddOns] = created!.optionGroups;
  const [newDressing, newAddOns] = updated!.optionGroups;
  // The same groups and choices (ids kept: carts and open choosers refer to them), changed in place.
  expect(newDressing).toEqual({ ...oldDressing, choices: [oldDressing.choices[0]] });
  expect(newAddOns.id).toBe(oldAddOns.id);
  expect(newAddOns.choices).toEqual([
    { ...oldAddOns.choices[0], price: 45 },
    { ...oldAddOns.choices[1], available: false },
    { ...oldAddOns.choices[2], name: "Kalamata olives" },
  ]);

  // The shop's card, on the next request: the veg mark and the Small portion's figures.
  await page.goto(`/menu?search=${encodeURIComponent(name)}`);
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(card.getByRole("img", { name: "Vegetarian" })).toBeVisible();
  await expect(card).toContainText("310 kcal");
  await expect(card).toContainText("14 g protein");
  // ...and the page's schema.org data says the same to search engines.
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!) as {
    hasMenu: { hasMenuSection: { hasMenuItem: { name: string }[] }[] };
  };
  const described = ld.hasMenu.hasMenuSection.flatMap((s) => s.hasMenuItem).find((i) => i.name === name);
  expect(described).toMatchObject({
    suitableForDiet: "https://schema.org/VegetarianDiet",
    nutrition: { "@type": "NutritionInformation", calories: "310 calories", proteinContent: "14 g" },
  });

  expect((await page.request.delete(`/api/menu/${created!.id}`)).status()).toBe(200);
});

test("a broken rule shows at its field and saves nothing; the server's refusal shows too", async ({ page, request, signInAsAdmin }) => {
  const name = `Test Broken Bowl ${tag()}`;
  await signInAsAdmin(page);
  await page.goto("/admin/menu");
  const form = page.getByRole("region", { name: "Add a menu item" });
  await new MenuItemForm(form).fillBasics(name);

  // No diet chosen: the admin must say which mark the bowl carries.
  await form.getByRole("button", { name: "Add item" }).click();
  await expect(form.getByText("Diet must be veg or non-veg").filter({ visible: true })).toBeVisible();
  await form.getByRole("radio", { name: "Non-veg", exact: true }).check();

  // Min above max: the error is at the group's min box, and nothing is sent.
  const g = await addGroup(form, 1, "Dressing", "2", "1");
  await fillChoice(g, 1, "Lemon herb", "0");
  await g.getByRole("button", { name: /^Add choice/ }).click();
  await fillChoice(g, 2, "Ranch", "0");
  await g.getByRole("checkbox", { name: "Choice 1 Default" }).check();
  await g.getByRole("checkbox", { name: "Choice 2 Default" }).check();
  await form.getByRole("button", { name: "Add item" }).click();
  await expect(g.getByLabel("Group 1 min")).toHaveAttribute("aria-invalid", "true");
  await expect(g.getByLabel("Group 1 min")).toHaveAccessibleDescription("Group min must not be above its max");
  await expect(g.getByLabel("Group 1 min")).toBeFocused();

  // A default must be free: the error is at that choice's Default box.
  await g.getByLabel("Group 1 min").fill("1");
  await g.getByRole("checkbox", { name: "Choice 2 Default" }).uncheck();
  await g.getByLabel("Choice 1 price").fill("20");
  await form.getByRole("button", { name: "Add item" }).click();
  const choiceDefault = g.getByRole("checkbox", { name: "Choice 1 Default" });
  await expect(choiceDefault).toHaveAttribute("aria-invalid", "true");
  await expect(choiceDefault).toHaveAccessibleDescription("A default choice must be free and available");
  await expect(page.getByText(`${name} added to the menu`).filter({ visible: true })).toHaveCount(0);
  expect(await apiItem(request, name)).toBeUndefined();

  // Axe on the form as it stands: groups, choices and their errors shown.
  expect(await axeFindings(page, { include: "form" })).toEqual([]);

  // What only the server can tell (a choice id of another item) comes back from it, at the choice.
  await g.getByLabel("Choice 1 price").fill("0");
  await form.getByRole("button", { name: "Add item" }).click();
  await expect(page.getByText(`${name} added to the menu`).filter({ visible: true })).toBeVisible();
  const saved = (await apiItem(request, name))!;
  const foreign = (await menuItems(request)).find((i) => i.id !== saved.id && i.optionGroups.length > 0)!;
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("region", { name: `Edit ${name}` });
  await page.route(`**/api/menu/${saved.id}`, async (route) => {
    const body = route.request().postDataJSON() as { optionGroups: OptionGroup[] };
    body.optionGroups[0].choices[0].id = foreign.optionGroups[0].choices[0].id;
    await route.continue({ postData: JSON.stringify(body) });
  });
  await edit.getByRole("button", { name: "Save changes" }).click();
  const firstChoice = group(edit, 1).getByLabel("Choice 1 name");
  await expect(firstChoice).toHaveAttribute("aria-invalid", "true");
  await expect(firstChoice).toHaveAccessibleDescription("not a choice of this group");
  await page.unroute(`**/api/menu/${saved.id}`);
  expect((await apiItem(request, name))!.optionGroups).toEqual(saved.optionGroups);
  expect((await page.request.delete(`/api/menu/${saved.id}`)).status()).toBe(200);
});

test("the options editor works from the keyboard and fits a 320 px phone", async ({ page, signInAsAdmin }) => {
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto("/admin/menu");
  const form = page.getByRole("region", { name: "Add a menu item" });

  const addGroup = form.getByRole("button", { name: "Add option group" });
  // The form's controls are disabled until the page has hydrated, and a disabled button takes no focus.
  await expect(addGroup).toBeEnabled();
  await addGroup.focus();
  await page.keyboard.press("Enter");
  const g = group(form, 1);
  await expect(g.getByLabel("Group 1 name")).toBeFocused();
  await page.keyboard.type("Leave out");
  await expect(g).toHaveAccessibleName("Group 1: Leave out");
  // Tab order: the group's boxes, then its first choice's.
  await page.keyboard.press("Tab");
  await expect(g.getByLabel("Group 1 min")).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(g.getByLabel("Choice 1 name")).toBeFocused();
  await page.keyboard.type("Onion");
  await g.getByRole("button", { name: "Remove choice Onion" }).focus();
  await page.keyboard.press("Enter");
  await expect(g.getByLabel("Choice 1 name")).toHaveCount(0);
  await expect(g.getByRole("button", { name: /^Add choice/ })).toBeFocused();
  await g.getByRole("button", { name: "Remove group Leave out" }).focus();
  await page.keyboard.press("Enter");
  await expect(form.getByRole("group", { name: /^Group 1/ })).toHaveCount(0);
  await expect(form.getByRole("button", { name: "Add option group" })).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(group(form, 1)).toBeVisible();
  expect(await sidewaysOverflow(page), "/admin/menu scrolls sideways at 320 px").toBeLessThanOrEqual(0);
  expect(await axeFindings(page, { include: "form" })).toEqual([]);
});
